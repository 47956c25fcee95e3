"""The shape of a town's dog law as one value: what the law core reads instead of module globals.

A `Law` holds a law's offences (with their exceptions), its license rules (terms, age, the rabies
rule), its fees and surcharges, identification, holding periods, impoundment fees, who may act,
penalties, the choices it leaves to the town, and its readings (the table the reading page shows).
Every section it holds is cited as that law cites its own (`Law.cite`).
"""
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from ..authority import POWERS, Power
from ..licensing import LicenseExemption
from ..readings.base import Reading
from ..restrictions import Restriction


@dataclass(frozen=True)
class LicenseRules:
    """Who needs a license and for how long: the age a dog needs one at, the terms offered, the
    rabies rule that limits a term (rule -> section; `default_rabies_rule` is the law's own), the term
    on a veterinarian's statement, and the exemptions from the fee with the marking on the license."""
    section: str
    age_months: int
    terms: tuple[int, ...]
    rabies_rules: Mapping[str, str]
    default_rabies_rule: str
    vet_statement_term_years: int
    exemptions_section: str
    exemptions: Mapping[str, LicenseExemption]


@dataclass(frozen=True)
class Fees:
    """License fees and surcharges. The town's own fee is always its setting; the law fixes the
    population control surcharge (or its least amount, `surcharge_is_least`), the least difference
    between the totals for an unaltered and an altered dog, and the purebred fees (empty: the law
    sets none)."""
    section: str
    altered_surcharge: Decimal
    unaltered_surcharge: Decimal
    surcharge_is_least: bool  # True: "at least" (the town may set more); False: the amount itself
    min_unaltered_difference: Decimal
    purebred_section: str
    purebred_band_limits: tuple[int, ...]
    purebred_fees: tuple[Decimal, ...]
    surcharge_section: str = ""  # the surcharge's own section, where the law gives it one ("" = `section`)

    @property
    def surcharge_cited(self) -> str:
        return self.surcharge_section or self.section


@dataclass(frozen=True)
class Identification:
    section: str
    text: str  # what the law requires, in short


@dataclass(frozen=True)
class HoldingPeriods:
    """How long a seized dog is held for its owner to redeem it. `business_days`: counted in
    business days (else calendar days). `owner_known_days` is the period when the owner is known
    (the local law) or notified by mail (the state law); `notified_in_person_days` the state's
    period after notice given personally (None where the law has no such period)."""
    section: str
    unidentified_days: int
    owner_known_days: int
    notified_in_person_days: int | None
    business_days: bool
    counted_from: str  # in words: which day the count starts after


@dataclass(frozen=True)
class ImpoundmentFees:
    """What the owner pays to redeem: set by the town (its settings) within the law's least
    amounts (`least`, first, second, third and later; None where the law sets none or they were
    not read), and a dangerous dog's daily fee where the law has one."""
    section: str
    set_by_town: bool
    least: tuple[Decimal, ...] | None
    dangerous_dog_daily: Decimal | None


@dataclass(frozen=True)
class Penalties:
    """What a conviction may bring: the most a fine may be (None: the law sets only the least),
    the least fines by how many earlier violations (first, within five years, ...), the most days
    of imprisonment, and the offences that are a failure to license."""
    section: str
    max_fine: Decimal | None
    least_fines: tuple[Decimal, ...]
    max_imprisonment_days: int
    failure_to_license_codes: tuple[str, ...]
    # The town may elect a civil penalty instead of the penal law (AML §118(2)): `prosecution`
    # below is the town's election, "civil_penalty" or "penal_law" (the setting
    # `state_law_prosecution`); a law without the election ignores it.
    elective: bool = False

    def civil(self, prosecution: str) -> bool:
        return self.elective and prosecution != "penal_law"

    def most_days(self, prosecution: str = "civil_penalty") -> int:
        """The most days of imprisonment: none in an action to recover a civil penalty."""
        return 0 if self.civil(prosecution) else self.max_imprisonment_days

    def words(self, prosecution: str = "civil_penalty") -> str:
        """The range a conviction may bring, in the law's terms, as the ticket and the court's
        pages say it (after "punishable by")."""
        if self.civil(prosecution):
            return (f"a civil penalty, with no imprisonment ({self.section}: the town elects an action to recover "
                    "a civil penalty; the statute's amounts were not read, the Town Justice sets it)")
        if self.max_fine is not None:
            return (f"a fine of not more than ${self.max_fine:.2f}, imprisonment of not more than "
                    f"{self.max_imprisonment_days} days, or both")
        first, within_five, *more = self.least_fines
        two_or_more = (f"; two or more within five years, a fine of up to ${more[0]:.2f}, imprisonment of up to "
                       f"{self.max_imprisonment_days} days, or both") if more else ""
        return (f"a fine of not less than ${first:.2f}, or not less than ${within_five:.2f} after a violation "
                f"within the preceding five years{two_or_more} ({self.section}, prosecuted under the penal "
                "law, as the town elects)")


@dataclass(frozen=True)
class Choice:
    """A choice the law leaves to the town: what is chosen, the section, the options, the default
    (the one that protects the person affected) and whom it protects. `setting` names the town
    setting that makes the choice where there is one."""
    key: str
    section: str
    text: str
    options: tuple[str, ...]
    default: str
    protects: str
    setting: str = ""


@dataclass(frozen=True, eq=False)  # one value per law, compared and hashed as itself
class Law:
    """A town's dog law as a value. `key` names it in `LAWS` (and in the town setting
    `town_law`); `name` is how papers cite it; `cite_prefix` is put before a section ("" for the
    local law's "§5(D)", "AML " for "AML §110(1)"); `text_file` is the law's text as the app
    quotes it (docs/law/...); `quoted_statute` the `Reading.statute` of readings quoted from it;
    `not_read` lists what the value holds that was not read in the law's current text."""
    key: str
    name: str
    short_name: str  # in the reading page's heading: "How this app reads <short_name>"
    file_slug: str  # in the reading PDF's file name
    local: bool  # a local law of the town (else state law alone)
    cite_prefix: str
    text_file: str
    quoted_statute: str
    offences: Mapping[str, Restriction]
    license: LicenseRules
    identification: Identification
    fees: Fees
    holding: HoldingPeriods
    impoundment_fees: ImpoundmentFees
    powers: tuple[Power, ...]
    penalties: Penalties
    choices: tuple[Choice, ...]
    parts: tuple[tuple[str, str, tuple[Reading, ...]], ...]  # (anchor, heading, readings)
    not_read: tuple[str, ...] = ()
    # The local law's sections, as this law cites them: {"§5(C)": "AML §110(1)"}, "" where it has
    # none (laws/cites.py: `cite`). Empty for a local law, whose sections the screens are written to.
    local_sections: Mapping[str, str] = field(default_factory=dict)

    def cite(self, section: str) -> str:
        """A section as this law cites it: "§5(D)" or "AML §110(1)"."""
        return f"{self.cite_prefix}{section}"

    def cites_its_own(self, section: str) -> bool:
        """Whether `section` ("§5(A)(1)", "AML §118(1)(a)") is a section of this law."""
        if self.cite_prefix:
            return section.startswith(self.cite_prefix + "§")
        return section.startswith("§")

    @property
    def readings(self) -> tuple[Reading, ...]:
        """The law's table of readings, in its order (the reading page's rows)."""
        return tuple(r for _, _, readings in self.parts for r in readings)

    @property
    def power(self) -> dict[str, Power]:
        return {p.action: p for p in self.powers}

    def may(self, role: str | None, action: str) -> bool:
        """Whether `role` holds `action` under this law (an unknown action is a bug)."""
        return role in self.power[action].roles


def powers_with(changes: Mapping[str, tuple[tuple[str, ...], str, str]], *, keep_sections: bool) -> tuple[Power, ...]:
    """The app's table of who may act with `changes` ({action: (roles, section, text)}) made;
    every other power kept as it is, or, with `keep_sections=False`, kept with no section (a power
    of the app's own, not a rule of this law)."""
    unknown = set(changes) - set(POWERS)
    if unknown:
        raise ValueError(f"Unknown powers: {sorted(unknown)}")
    out = []
    for p in POWERS.values():
        if p.action in changes:
            roles, section, text = changes[p.action]
            out.append(Power(p.action, roles, section, text))
        else:
            out.append(p if keep_sections else Power(p.action, p.roles, "", p.text))
    return tuple(out)
