"""Enforcement records (§5(B)(1), §6, §8, §9, §10): filled in by the field issue."""
