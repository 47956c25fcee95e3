"""The readings as the page and the PDF show them: the town's law (the setting `town_law`, a `Law` of
fieldapp/law/laws/), its readings grouped by part, each with the current value of the settings it
names (`get_setting`)."""
from dataclasses import dataclass
from decimal import Decimal

from ..law.laws import Law
from ..law.readings import Reading
from ..law.words import say_money
from ..settings import SPECS, get_setting

CHOICE_MARK = "a reading: the text leaves a choice"


@dataclass(frozen=True)
class SettingNow:
    key: str
    label: str
    value: str  # the current value in words
    choice: bool  # the setting that chooses between two readings (else a value of the Town Board)
    protects: str = ""
    other_reading: str = ""


@dataclass(frozen=True)
class Row:
    reading: Reading
    settings: tuple[SettingNow, ...]


def say_value(key: str) -> str:
    spec, value = SPECS[key], get_setting(key)
    if spec.kind == "bool":
        return "on" if value else "off"
    if spec.kind == "money" or isinstance(value, Decimal):
        return say_money(value)
    if spec.kind == "choice":
        return dict(spec.choices).get(value, str(value))
    if spec.kind == "dates":
        return ", ".join(d.isoformat() for d in value) or "none"
    if key == "court_session_weekday":
        return ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")[value % 7]
    return str(value) if value not in ("", None) else "(empty)"


def _settings(r: Reading) -> tuple[SettingNow, ...]:
    out = []
    if r.setting is not None:
        out.append(SettingNow(r.setting.key, SPECS[r.setting.key].label, say_value(r.setting.key), True,
                              r.setting.protects, r.setting.other_reading))
    out += [SettingNow(k, SPECS[k].label, say_value(k), False) for k in r.values
            if r.setting is None or k != r.setting.key]
    return tuple(out)


def town_law() -> Law:
    """The law the town's setting `town_law` names (`current_law`, as every service reads it)."""
    from ..town import current_law
    return current_law()


def reading_parts(law: Law) -> list[tuple[str, str, list[Row]]]:
    """(anchor, title, rows) for each part of `law`, in the law's order."""
    return [(anchor, title, [Row(r, _settings(r)) for r in readings]) for anchor, title, readings in law.parts]
