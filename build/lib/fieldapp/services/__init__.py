"""Use cases: the only code that writes. Views and the sync API translate requests to these."""
