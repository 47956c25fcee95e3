"""Public side (found-dog reports, tag scans): filled in by the public tag page issue."""
