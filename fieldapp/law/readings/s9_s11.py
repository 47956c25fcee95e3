"""Readings of the local law, s9_s11."""
from .base import Reading  # noqa: F401  (rules are added here)

READINGS: tuple[Reading, ...] = (
)
