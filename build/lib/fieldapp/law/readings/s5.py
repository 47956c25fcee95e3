"""Readings of the local law, §5 (licensing of all dogs), from three modules: the license itself
(`s5_licensing`), tags, exemptions and notices (`s5_tags_notices`), and the fees (`s5_fees`); the
reading page shows them in the law's order, §5(A) to §5(K)."""
import re

from . import s5_fees, s5_licensing, s5_tags_notices
from .base import Reading


def _subsection(r: Reading) -> tuple[str, int]:
    """§5(J)(3) -> ("J", 3); §5(J) -> ("J", 0)."""
    letter, number = re.match(r"§5\((\w)\)(?:\((\d+)\))?", r.section).groups()
    return letter, int(number or 0)


READINGS: tuple[Reading, ...] = tuple(sorted(
    (*s5_licensing.READINGS, *s5_tags_notices.READINGS, *s5_fees.READINGS), key=_subsection))
