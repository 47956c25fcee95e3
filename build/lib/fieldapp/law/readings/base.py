"""The shape of one rule's reading."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Setting:
    """A town setting that chooses between two readings of the text. `key` is the setting's key
    in `fieldapp/settings.py`; `default` names the reading that protects the person affected."""
    key: str
    protects: str  # whom the default protects, e.g. "the owner"
    other_reading: str  # what the other value of the setting does


@dataclass(frozen=True)
class Reading:
    """One rule: its section ("§8(B)", "CPL §150.40(2)"), the words it rests on, quoted exactly
    from the law's text (for the local law, checked against docs/law/), the app's reading in one
    sentence, the setting that changes it if the text leaves a choice, and the names of the tests
    that check it (test functions, e.g. "test_s8B_owner_known_from_a_typed_tag"), and where its code
    lives (optional)."""
    section: str
    quote: str
    reading: str
    tests: tuple[str, ...]
    setting: Setting | None = None
    statute: str = "local"  # "local" (Local Law No. 2 of 2011), "AML" or "CPL"
    choice: bool = field(default=False)  # True when the text leaves a choice the app had to make
    code: str = ""  # where the code lives, e.g. "fieldapp/law/impoundment.py `redemption_period`"
    # Settings the rule reads that are values, not readings (fees and days set by resolution of
    # the Town Board): their keys in `fieldapp/settings.py`, shown with their current values.
    values: tuple[str, ...] = ()
