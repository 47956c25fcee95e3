"""How this app reads the local law: one `Reading` per rule, gathered from one module per part
of the law. The reading page (`/law/reading`) and its PDF are drawn from these tables, never
written by hand; `tests/law/test_readings.py` fails when a rule has no quote that is in the law's
text, no reading, or a named test that does not exist.

Each module holds `READINGS`, a tuple of `Reading`; add a rule to the module of its section.
"""
from . import s4, s5, s6, s7, s8, s9_s11
from .base import Reading, Setting

# The parts of the law as the reading page groups them: an anchor, the law's heading, its readings.
PARTS: tuple[tuple[str, str, tuple[Reading, ...]], ...] = (
    ("s4", "Section 4. Definition of terms", s4.READINGS),
    ("s5", "Section 5. Licensing of all dogs", s5.READINGS),
    ("s6", "Section 6. Restrictions", s6.READINGS),
    ("s7", "Section 7. Enforcement", s7.READINGS),
    ("s8", "Section 8. Seizure, impoundment, redemption and adoption", s8.READINGS),
    ("s9-s11", "Sections 9-11. Appearance ticket, complaint, penalties", s9_s11.READINGS),
)
READINGS: tuple[Reading, ...] = tuple(r for _, _, readings in PARTS for r in readings)

__all__ = ["PARTS", "READINGS", "Reading", "Setting"]
