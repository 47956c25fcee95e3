"""Readings of the local law, s4."""
from .base import Reading  # noqa: F401  (rules are added here)

READINGS: tuple[Reading, ...] = (
)
