"""The license application (§5(A)-(I), §5(K)): terms and the checks before a license is issued.
The fee is `fees.py`, the Town Board's enumerations `enumerations.py`."""
from dataclasses import dataclass, field
from datetime import date

from dateutil.relativedelta import relativedelta
from sqlalchemy.orm import joinedload

from ...extensions import db
from ...law import (
    RABIES_RULE_LOCAL,
    RABIES_RULE_REVACCINATE,
    RABIES_RULE_STATE,
    age_in_months,
    license_expiry,
    license_note,
    license_required,
    license_terms,
)
from ...law.words import say_date
from ...models import (
    Dog,
    EnumerationIdentification,
    EnumerationResolution,
    Owner,
    PurebredLicense,
)
from ...settings import get_setting
from ...town import current_law
from ..enumeration import pending_identification
from ..enumeration import surcharge_owed as enumeration_surcharge
from .enumerations import open_enumeration

# §5(C): how an application shows the dog is spayed or neutered, or may pay as if it were;
# and whether the proof shows the dog *is* altered (the vet statement only earns the altered fee).
_PROOFS = (
    ("certificate", "Veterinarian's certificate of spaying or neutering", True),
    ("affidavit", "Owner's affidavit of spaying or neutering", True),
    ("on_file", "Certificate or affidavit already on file with the Town Clerk", True),
    ("vet_statement", "Veterinarian's statement that spaying or neutering would endanger the dog's life", False),
)
ALTERED_PROOFS = {code: label for code, label, _ in _PROOFS}
PROOF_OF_ALTERING = tuple(code for code, _, shows_altered in _PROOFS if shows_altered)

class NoLicenseNeeded(Exception):
    """§5(A)(1): the dog is under four months old and not at large; args[0] says until when."""

    def __init__(self, message: str, needed_from: date):
        super().__init__(message)
        self.needed_from = needed_from


# --- the license application (§5(A)-(I)) ----------------------------------

@dataclass
class RabiesEvidence:
    """§5(B): a current rabies certificate, or (§5(B)(2)) a vet's statement in lieu."""
    kind: str = "certificate"  # certificate | vet_statement
    vet_name: str = ""
    vaccinated_on: date | None = None
    valid_until: date | None = None
    certificate_number: str = ""
    exempt_reason: str = ""
    statement_on: date | None = None  # the vet's statement's date (§5(B)(2)); None: today

    @property
    def term_limit(self) -> date | None:
        """The rabies certificate's end (§5(A)(4)); None for a vet's statement (see statement_date)."""
        return None if self.kind == "vet_statement" else self.valid_until

    def statement_date(self, issued: date) -> date | None:
        """§5(B)(2): the vet's statement's date, from which its one-year license runs."""
        return (self.statement_on or issued) if self.kind == "vet_statement" else None


@dataclass
class Application:
    rabies: RabiesEvidence = field(default_factory=RabiesEvidence)
    term_years: int | None = None
    altered_proof: str | None = None  # None: not spayed/neutered
    exemption: str | None = None  # LICENSE_EXEMPTIONS key (§5(I))
    exemption_certificate: str = ""
    purebred_dogs_on_premises: int | None = None  # set: a §5(H) purebred license
    blank_tag: str = ""
    new_tag: bool = False  # renewal: issue a new tag although the dog has one
    at_large: bool = False  # §5(A)(1): a puppy at large needs a license too
    owner_asks: bool = False  # §5(A)(1): a puppy not required to be licensed, licensed on request
    identified_unlicensed_in_enumeration: bool = False  # §5(K): owes the enumeration surcharge
    # §5(K): the dog's identification in an enumeration whose surcharge no license charged yet.
    enumeration_identification: "EnumerationIdentification | None" = None
    new_purebred_license: bool = False  # §5(H): a new premises license even if one is active
    waive_tag_fee_reason: str = ""  # §5(G)(2): the clerk waives the replacement tag fee, and why
    residence_began_on: date | None = None  # §5(J)(3): a new resident's date of residence
    # §5(A)(3) an application by mail is priced on the day it was received: a fee changed by
    # resolution after it came never asks the owner for more (a fee applies from its date).
    fees_on: date | None = None
    # Worked out by prepare_application() from the dog and its owner:
    purebred_license: "PurebredLicense | None" = None  # §5(H): the premises license it joins
    replaces_tag: bool = False  # §5(G)(2): the tag this license issues is not the dog's first

    def residence_begun_on_valid(self, today: date) -> bool:
        return self.residence_began_on is not None and self.residence_began_on <= today

    @property
    def pays_as_altered(self) -> bool:
        """§5(C): an altered dog, or one a vet says may not be altered, pays the altered fee."""
        return self.altered_proof is not None


@dataclass(frozen=True)
class TermChoice:
    years: int
    expires_on: date
    refusal: str | None  # None: the term may be offered

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def term_rule() -> str:
    """The town's rule for a license term against the rabies vaccination (settings): AML
    §109(1)(a) for every term, or §5(A)(4) with, for a certificate with less than a year left,
    the one-year license within AML's limit (default) or revaccination. A law with one rule (the
    state law alone: AML §109(1)(a), the eleventh month) leaves the town no choice."""
    rules = current_law().license
    if len(rules.rabies_rules) == 1:
        return rules.default_rabies_rule
    if get_setting("license_term_state_rule"):
        return RABIES_RULE_STATE
    return RABIES_RULE_LOCAL if get_setting("short_certificate_one_year_license") else RABIES_RULE_REVACCINATE


def term_choices(issued: date, rabies_limit: date | None,
                 vet_statement_on: date | None = None) -> list[TermChoice]:
    """§5(A)(4): each term with its expiry, and why it is refused when it is (law's
    license_terms). A vet's statement (§5(B)(2)) passes its date as vet_statement_on; with
    neither a rabies date nor a statement nothing limits the terms yet (a quote)."""
    if rabies_limit is None and vet_statement_on is None:
        return [TermChoice(t, license_expiry(issued, t), None) for t in current_law().license.terms]
    terms = license_terms(issued, rabies_limit, rule=term_rule(), vet_statement_on=vet_statement_on)
    return [TermChoice(o.years, o.expires_on, o.refusal) for o in terms.options]


def term_explanation(issued: date, rabies_limit: date | None,
                     vet_statement_on: date | None = None) -> str | None:
    """Which rule limited the terms, in words for the clerk's screen (law's license_terms):
    §5(A)(4), the state's AML §109(1)(a) (a town setting), or §5(B)(2) for a vet's statement."""
    if rabies_limit is None and vet_statement_on is None:
        return None
    return license_terms(issued, rabies_limit, rule=term_rule(), vet_statement_on=vet_statement_on).explanation


def active_purebred_license(owner: Owner | None, on: date) -> PurebredLicense | None:
    """§5(H): the owner's purebred license for the premises in force on ``on``, if any."""
    if owner is None or owner.id is None:
        return None
    return db.session.scalars(
        db.select(PurebredLicense)
        .where(PurebredLicense.owner_id == owner.id, PurebredLicense.status == "active",
               PurebredLicense.expires_on >= on)
        .order_by(PurebredLicense.id.desc())).first()


class Lookups:
    """What `prepare_application` and `fee_lines` read from the database for one dog: one query
    each (the clerk's counter). `TownLookups` reads the same for every dog at once."""

    def pending_identification(self, dog: Dog | None) -> EnumerationIdentification | None:
        return pending_identification(dog)

    def purebred_license(self, owner: Owner | None, on: date) -> PurebredLicense | None:
        return active_purebred_license(owner, on)

    def open_enumeration(self, on: date) -> EnumerationResolution | None:
        return open_enumeration(on)


ONE_DOG = Lookups()


class TownLookups(Lookups):
    """The same answers for lists of many dogs (renewals, follow-up, at county scale), read once on
    ``on`` with one query per table: every identification no license charged yet (with its
    enumeration), every purebred license in force, the enumeration open. Another day than
    ``on`` is asked of the database, as `Lookups` does."""

    def __init__(self, on: date):
        self.on = on
        self.enumeration = open_enumeration(on)
        self.pending: dict[int, EnumerationIdentification] = {}
        for ident in db.session.scalars(
                db.select(EnumerationIdentification).where(EnumerationIdentification.license_id.is_(None))
                .options(joinedload(EnumerationIdentification.enumeration))
                .order_by(EnumerationIdentification.identified_on.desc(), EnumerationIdentification.id.desc())):
            self.pending.setdefault(ident.dog_id, ident)  # the latest, as pending_identification
        self.purebred: dict[int, PurebredLicense] = {}
        for pl in db.session.scalars(
                db.select(PurebredLicense)
                .where(PurebredLicense.status == "active", PurebredLicense.expires_on >= on)
                .order_by(PurebredLicense.id.desc())):
            self.purebred.setdefault(pl.owner_id, pl)  # the latest, as active_purebred_license

    def pending_identification(self, dog: Dog | None) -> EnumerationIdentification | None:
        return None if dog is None or dog.id is None else self.pending.get(dog.id)

    def purebred_license(self, owner: Owner | None, on: date) -> PurebredLicense | None:
        if on != self.on:
            return super().purebred_license(owner, on)
        return None if owner is None or owner.id is None else self.purebred.get(owner.id)

    def open_enumeration(self, on: date) -> EnumerationResolution | None:
        return self.enumeration if on == self.on else super().open_enumeration(on)


def prepare_application(app: Application, dog: Dog | None, owner: Owner | None, today: date,
                        lookups: Lookups = ONE_DOG) -> Application:
    """Fill in what the application's dog and owner decide:

    - §5(H): a purebred dog joins its owner's purebred license in force (one license for the
      premises, one fee), unless the clerk issues a new one (renewal or a new count);
    - §5(G)(2): the license issues a new tag (a blank, a new tag asked for, or the dog has no
      valid tag) for a dog that had a tag before: a replacement tag;
    - §5(K): a dog marked as identified unlicensed during an enumeration owes its surcharge with
      its next license, once (even when the license is issued after the enumeration closed).
    """
    owner = owner or (dog.primary_owner if dog is not None else None)
    app.purebred_license = None
    if not current_law().fees.purebred_fees:  # a law with no purebred license (the state law alone)
        app.purebred_dogs_on_premises = None
        app.new_purebred_license = False
    if app.purebred_dogs_on_premises is not None and not app.new_purebred_license:
        app.purebred_license = lookups.purebred_license(owner, today)
    if dog is not None:
        issues_tag = bool(app.blank_tag.strip()) or app.new_tag or dog.active_tag is None
        app.replaces_tag = issues_tag and bool(dog.tags)
        ident = lookups.pending_identification(dog)
        app.enumeration_identification = None
        if ident is not None and enumeration_surcharge(ident) > 0:
            app.enumeration_identification = ident
            app.identified_unlicensed_in_enumeration = True
    return app


def license_needed_check(born_on: date | None, at_large: bool, today: date,
                         owner_asks: bool = False) -> str | None:
    """§5(A)(1): no license is required for a dog under four months that is not at large.
    Not required is not forbidden: when the owner asks, the note saying so is returned and the
    license may be issued; otherwise NoLicenseNeeded."""
    if born_on is None or born_on > today:
        return None
    age = age_in_months(born_on, today)
    if owner_asks:
        return license_note(age, at_large, owner_asks=True)
    if not license_required(age, at_large):
        law = current_law()
        needed_from = born_on + relativedelta(months=law.license.age_months)
        section = "§5(A)(1)" if law.local else law.license.section  # AML §109(1)(a)
        raise NoLicenseNeeded(
            f"No license is needed yet. The dog is under four months old and not at large, "
            f"so the law does not require a license until it is four months old, on "
            f"{say_date(needed_from)} ({section}). Ask the owner to come back by then.",
            needed_from)


def check_application(app: Application, today: date, dog: Dog | None = None) -> dict[str, str]:
    """Every reason the application can't be granted, by form field; {} when it can."""
    errors = {}
    r = app.rabies
    if not r.vet_name.strip():
        errors["rabies_vet"] = "Enter the veterinarian's name as it is on the certificate."
    if r.kind == "vet_statement":
        if not r.exempt_reason.strip():
            errors["rabies_exempt_reason"] = ("Enter why the veterinarian says vaccinating would "
                                              "endanger the dog's life (§5(B)(2)).")
    else:
        if r.vaccinated_on is None:
            errors["rabies_vaccinated_on"] = "Enter the date the dog was vaccinated."
        elif r.vaccinated_on > today:
            errors["rabies_vaccinated_on"] = "The vaccination date can't be in the future."
        if r.valid_until is None:
            errors["rabies_valid_until"] = "Enter the date the rabies vaccination is good until."
        elif r.valid_until < today:
            errors["rabies_valid_until"] = (f"The rabies certificate expired on {say_date(r.valid_until)}. "
                                            "A current certificate is required (§5(B)).")
        elif r.vaccinated_on and r.valid_until <= r.vaccinated_on:
            errors["rabies_valid_until"] = "The “valid until” date must be after the vaccination date."

    if "rabies_valid_until" not in errors and "rabies_vaccinated_on" not in errors:
        choices = term_choices(today, r.term_limit, r.statement_date(today))
        allowed = [c.years for c in choices if c.allowed]
        if not allowed:  # the refusal says why, and what the town's setting offers (§5(A)(4))
            errors["term_years"] = choices[0].refusal
        elif app.term_years is None:
            errors["term_years"] = "Choose a license term of 1, 2 or 3 years."
        elif app.term_years not in allowed:
            errors["term_years"] = next(c.refusal for c in choices if c.years == app.term_years)

    if app.altered_proof is not None and app.altered_proof not in ALTERED_PROOFS:
        errors["altered_proof"] = "Choose how the spaying or neutering is shown."
    elif app.altered_proof == "on_file" and not (
            dog is not None and dog.altered and dog.altered_proof in PROOF_OF_ALTERING):
        errors["altered_proof"] = ("There is no spay/neuter certificate or affidavit on file for this "
                                   "dog. Ask for the veterinarian's certificate or the owner's "
                                   "affidavit (§5(C)).")
    if app.exemption is not None:
        exemptions = current_law().license  # the town's law's exemptions (§5(I), AML §110(2))
        if app.exemption not in exemptions.exemptions:
            errors["exemption"] = f"Choose one of the exemptions of {exemptions.exemptions_section}."
        elif not app.exemption_certificate.strip():
            errors["exemption_certificate"] = ("A certificate that the dog has been trained as a "
                                               f"{exemptions.exemptions[app.exemption].label.lower()} "
                                               f"must be submitted ({exemptions.exemptions_section}). "
                                               "Enter what it is.")
    if r.kind == "vet_statement" and r.statement_on is not None and r.statement_on > today:
        errors["rabies_statement_on"] = "The veterinarian's statement can't be dated after today (§5(B)(2))."
    if app.residence_began_on is not None and app.residence_began_on > today:
        errors["residence_began_on"] = "The date residence began can't be after today (§5(J)(3))."
    pl = app.purebred_license
    if pl is not None and app.term_years and "term_years" not in errors:
        expiry = next((c.expires_on for c in term_choices(today, r.term_limit, r.statement_date(today))
                       if c.years == app.term_years), None)
        if expiry is not None and expiry > pl.expires_on:
            errors["term_years"] = (f"Purebred license {pl.number} for the premises runs to "
                                    f"{say_date(pl.expires_on)}: choose a term that ends by then, or "
                                    "issue a new purebred license for the premises (§5(H)).")
    if pl is None and app.purebred_dogs_on_premises is not None and app.purebred_dogs_on_premises < 1:
        errors["purebred_dogs_on_premises"] = ("Enter how many purebred dogs over four months are "
                                               "on the premises (1 or more, §5(H)).")
    return errors
