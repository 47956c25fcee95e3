"""How this app reads the local law: one `Reading` per rule, gathered from one module per part
of the law. The reading page (`/law/reading`) and its PDF are drawn from these tables, never
written by hand; `tests/law/test_readings.py` fails when a rule has no quote that is in the law's
text, no reading, or a named test that does not exist.

Each module holds `READINGS`, a tuple of `Reading`; add a rule to the module of its section.
"""
from . import s4, s5, s6, s7, s8, s9_s11
from .base import Reading, Setting

READINGS: tuple[Reading, ...] = (
    *s4.READINGS, *s5.READINGS, *s6.READINGS, *s7.READINGS, *s8.READINGS, *s9_s11.READINGS,
)

__all__ = ["READINGS", "Reading", "Setting"]
