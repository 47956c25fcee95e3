"""The Town Clerk's licensing counter (§5): owners, dogs, licenses, §5(J) notices.

Views translate forms into the plain values below; this module applies the law (through the
pure law core in fieldapp.law) and writes. Functions add and flush; the request commits
(fieldapp.web), so one request is one transaction. Refusals raise ServiceError with a message
per form field, in words a clerk can read to the owner.
"""
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from ..extensions import db
from ..images import PhotoError, clean_jpeg
from ..law import (LICENSE_EXEMPTIONS, LICENSE_TERMS, RABIES_RULE_LOCAL, RABIES_RULE_STATE,
                   age_in_months, enumeration_surcharge_due, license_expiry, license_fee,
                   license_note, license_required, license_terms, new_resident_lateness,
                   new_resident_license_due, notice_lateness, purebred_license_fee)
from ..law.licensing import LICENSE_AGE_MONTHS
from ..models import (Dog, DogNotice, DogOwner, EnumerationResolution, License, Owner, Payment,
                      PurebredLicense, RabiesCertificate, next_in_sequence, record_event)
from ..settings import get_setting
from ..timeutil import local_today
from .errors import ServiceError
from .numbers import assign_id_number, next_license_number

# §5(C): how an application shows the dog is spayed or neutered, or may pay as if it were.
ALTERED_PROOFS = {
    "certificate": "Veterinarian's certificate of spaying or neutering",
    "affidavit": "Owner's affidavit of spaying or neutering",
    "on_file": "Certificate or affidavit already on file with the Town Clerk",
    "vet_statement": "Veterinarian's statement that spaying or neutering would endanger the dog's life",
}
# Proofs that the dog *is* altered (the vet statement only earns the altered fee, §5(C)).
PROOF_OF_ALTERING = ("certificate", "affidavit", "on_file")

# §5(J) notices the owner of record files with the Town Clerk.
NOTICE_KINDS = {
    "transfer": "Ownership transferred",
    "lost": "Lost",
    "stolen": "Stolen",
    "found": "Found (returned to the owner)",
    "death": "Death",
    "moved": "Moved out of town",
}
# What each notice does to the dog's status (what the roadside sees).
_STATUS_AFTER_NOTICE = {"lost": "lost", "stolen": "stolen", "found": "active", "death": "dead",
                        "moved": "moved"}

# Payment ledger kinds of the license fee lines.
FEE_KIND_LABELS = {
    "license_fee": "Town license fee",
    "population_surcharge": "Animal population control fee",
    "purebred_fee": "Purebred license fee",
    "enumeration_surcharge": "Enumeration surcharge",
    "replacement_tag": "Replacement tag",
}
# §5(J), §5(J)(1): the notices due within ten days of the event (late ones are marked late).
TEN_DAY_NOTICES = ("transfer", "lost", "stolen")


class NoLicenseNeeded(Exception):
    """§5(A)(1): the dog is under four months old and not at large; args[0] says until when."""

    def __init__(self, message: str, needed_from: date):
        super().__init__(message)
        self.needed_from = needed_from


def say_date(d: date) -> str:
    return f"{d:%B} {d.day}, {d.year}"


# --- owners and dogs (§5(E)) ---------------------------------------------

OWNER_FIELDS = ("first_name", "last_name", "address", "town", "state", "zip_code", "phone", "email",
                "is_minor", "guardian_name")
DOG_FIELDS = ("name", "sex", "born_on", "breed", "color", "markings")


def _apply_owner(owner: Owner, data: dict, today: date) -> dict:
    changes = {}
    for key in OWNER_FIELDS:
        if key in data and getattr(owner, key) != data[key]:
            changes[key] = str(data[key]) if data[key] is not None else None
            setattr(owner, key, data[key])
    if not owner.is_minor:
        owner.guardian_name = None
    # The phone is shown to finders only with the owner's consent, dated by the clerk.
    optin = bool(data.get("show_phone_publicly"))
    if optin != owner.show_phone_publicly:
        owner.show_phone_publicly = optin
        owner.phone_optin_on = (data.get("phone_optin_on") or today) if optin else None
        changes["show_phone_publicly"] = optin
    elif optin and data.get("phone_optin_on"):
        owner.phone_optin_on = data["phone_optin_on"]
    return changes


def create_owner(data: dict, today: date, user=None) -> Owner:
    """A new owner of record with the §5(E)(1) particulars (name, residence, telephone)."""
    _check_owner(data)
    owner = Owner()
    _apply_owner(owner, data, today)
    db.session.add(owner)
    db.session.flush()
    record_event("owner.created", owner, actor=user, name=owner.full_name)
    return owner


def update_owner(owner: Owner, data: dict, today: date, user=None) -> None:
    _check_owner(data)
    changes = _apply_owner(owner, data, today)
    if changes:
        record_event("owner.updated", owner, actor=user, changes=changes)


def _check_owner(data: dict) -> None:
    errors = {}
    if not (data.get("phone") or "").strip():
        errors["phone"] = "Enter the owner's telephone number (§5(E)(1))."
    if data.get("is_minor") and not (data.get("guardian_name") or "").strip():
        errors["guardian_name"] = ("The owner is a minor: enter the parent, guardian or head of "
                                   "household who is responsible for the dog (§4(I)).")
    if errors:
        raise ServiceError(errors)


def create_dog(data: dict, owners: list[Owner], today: date, user=None) -> Dog:
    """A dog with its §5(E)(2) description, owned by `owners` from today."""
    dog = Dog(**{k: data[k] for k in DOG_FIELDS if k in data})
    dog.markings = dog.markings or ""
    db.session.add(dog)
    db.session.flush()
    for owner in owners:
        db.session.add(DogOwner(dog=dog, owner=owner, since=today))
    db.session.flush()
    record_event("dog.created", dog, actor=user, name=dog.name, owner_ids=[o.id for o in owners])
    return dog


def update_dog(dog: Dog, data: dict, user=None) -> None:
    changes = {}
    for key in DOG_FIELDS:
        if key in data and getattr(dog, key) != data[key]:
            changes[key] = str(data[key]) if data[key] is not None else None
            setattr(dog, key, data[key])
    if changes:
        record_event("dog.updated", dog, actor=user, changes=changes)


def set_dog_photo(dog: Dog, data: bytes, user=None) -> None:
    """The dog's photo for the status card and the finder's page (§5(E)(2) "other identifying
    details"), kept as a small JPEG with no metadata. An unreadable image is refused on "photo"."""
    try:
        dog.photo = clean_jpeg(data, max_side=800, quality=80)[0]
    except PhotoError as exc:
        raise ServiceError({"photo": str(exc)}) from None
    record_event("dog.photo_set", dog, actor=user)
    db.session.flush()  # expires Dog.has_photo (a SQL expression): read again, it says True


def add_co_owner(dog: Dog, owner: Owner, today: date, user=None) -> None:
    """§5(E)(1) "each owner": a dog may have more than one owner of record."""
    if owner in dog.owners:
        raise ServiceError({"owner": f"{owner.full_name} is already an owner of {dog.name}."})
    db.session.add(DogOwner(dog=dog, owner=owner, since=today))
    db.session.flush()
    db.session.refresh(dog, ["owner_links"])
    record_event("dog.co_owner_added", dog, actor=user, owner_id=owner.id)


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
    new_purebred_license: bool = False  # §5(H): a new premises license even if one is active
    waive_tag_fee_reason: str = ""  # §5(G)(2): the clerk waives the replacement tag fee, and why
    residence_began_on: date | None = None  # §5(J)(3): a new resident's date of residence
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
    """The town's rule for a license term against the rabies vaccination (setting)."""
    return RABIES_RULE_STATE if get_setting("license_term_state_rule") else RABIES_RULE_LOCAL


def term_choices(issued: date, rabies_limit: date | None,
                 vet_statement_on: date | None = None) -> list[TermChoice]:
    """§5(A)(4): each term with its expiry, and why it is refused when it is (law's
    license_terms). A vet's statement (§5(B)(2)) passes its date as vet_statement_on; with
    neither a rabies date nor a statement nothing limits the terms yet (a quote)."""
    if rabies_limit is None and vet_statement_on is None:
        return [TermChoice(t, license_expiry(issued, t), None) for t in LICENSE_TERMS]
    terms = license_terms(issued, rabies_limit, rule=term_rule(), vet_statement_on=vet_statement_on)
    return [TermChoice(o.years, o.expires_on, o.refusal) for o in terms.options]


def term_explanation(issued: date, rabies_limit: date | None,
                     vet_statement_on: date | None = None) -> str | None:
    """Which rule limited the terms, in words for the clerk's screen (law's license_terms):
    §5(A)(4), the state's AML §109(1)(a) (a town setting), or §5(B)(2) for a vet's statement."""
    if rabies_limit is None and vet_statement_on is None:
        return None
    return license_terms(issued, rabies_limit, rule=term_rule(), vet_statement_on=vet_statement_on).explanation


def open_enumeration(on: date) -> EnumerationResolution | None:
    """§5(K): the enumeration a Town Board resolution declared that is open on ``on``."""
    return db.session.scalars(
        db.select(EnumerationResolution)
        .where(EnumerationResolution.opens_on <= on,
               db.or_(EnumerationResolution.closes_on.is_(None), EnumerationResolution.closes_on >= on))
        .order_by(EnumerationResolution.opens_on.desc(), EnumerationResolution.id.desc())).first()


def record_enumeration(resolution: str, adopted_on: date, opens_on: date, closes_on: date | None,
                       surcharge: Decimal, user=None) -> EnumerationResolution:
    """§5(K) "When the Town Board determines the need for a dog enumeration": the admin records
    the Board's resolution, the period it is open and the surcharge it set."""
    errors = {}
    if opens_on < adopted_on:
        errors["opens_on"] = "The enumeration can't open before the resolution that declared it."
    if closes_on is not None and closes_on < opens_on:
        errors["closes_on"] = "The last day can't be before the first day."
    if surcharge < 0:
        errors["surcharge"] = "The surcharge can't be negative."
    if errors:
        raise ServiceError(errors)
    enum = EnumerationResolution(resolution=resolution.strip(), adopted_on=adopted_on, opens_on=opens_on,
                                 closes_on=closes_on, surcharge=surcharge,
                                 recorded_by_id=getattr(user, "id", None))
    db.session.add(enum)
    db.session.flush()
    record_event("enumeration.recorded", enum, actor=user, resolution=enum.resolution,
                 opens_on=opens_on.isoformat(), closes_on=closes_on.isoformat() if closes_on else None,
                 surcharge=str(surcharge))
    return enum


def close_enumeration(enum: EnumerationResolution, closes_on: date, user=None) -> None:
    """§5(K): the enumeration ends; from the next day no license carries its surcharge."""
    if closes_on < enum.opens_on:
        raise ServiceError({"closes_on": "The last day can't be before the first day."})
    enum.closes_on = closes_on
    record_event("enumeration.closed", enum, actor=user, closes_on=closes_on.isoformat())


def active_purebred_license(owner: Owner | None, on: date) -> PurebredLicense | None:
    """§5(H): the owner's purebred license for the premises in force on ``on``, if any."""
    if owner is None or owner.id is None:
        return None
    return db.session.scalars(
        db.select(PurebredLicense)
        .where(PurebredLicense.owner_id == owner.id, PurebredLicense.status == "active",
               PurebredLicense.expires_on >= on)
        .order_by(PurebredLicense.id.desc())).first()


def prepare_application(app: Application, dog: Dog | None, owner: Owner | None, today: date) -> Application:
    """Fill in what the application's dog and owner decide:

    - §5(H): a purebred dog joins its owner's purebred license in force (one license for the
      premises, one fee), unless the clerk issues a new one (renewal or a new count);
    - §5(G)(2): the license issues a new tag (a blank, a new tag asked for, or the dog has no
      valid tag) for a dog that had a tag before: a replacement tag;
    - §5(K): a dog the clerk marked as identified unlicensed in the enumeration open today.
    """
    owner = owner or (dog.primary_owner if dog is not None else None)
    app.purebred_license = None
    if app.purebred_dogs_on_premises is not None and not app.new_purebred_license:
        app.purebred_license = active_purebred_license(owner, today)
    if dog is not None:
        issues_tag = bool(app.blank_tag.strip()) or app.new_tag or dog.active_tag is None
        app.replaces_tag = issues_tag and bool(dog.tags)
        enum = open_enumeration(today)
        if enum is not None and dog.enumeration_identified_on is not None \
                and dog.enumeration_identified_on >= enum.opens_on:
            app.identified_unlicensed_in_enumeration = True
    return app


def fee_schedule() -> dict:
    """The Town Board's fee schedule from the settings (never constants)."""
    return {"altered_fee": get_setting("fee_altered"), "unaltered_fee": get_setting("fee_unaltered"),
            "fee_per_year": get_setting("fee_per_year"),
            "replacement_tag": get_setting("fee_replacement_tag"),
            "purebred_fees": tuple(get_setting(k) for k in (
                "fee_purebred_up_to_10", "fee_purebred_up_to_25", "fee_purebred_over_25")),
            "vet_statement_surcharge_as_altered": get_setting("vet_statement_surcharge_as_altered")}


def fee_lines(app: Application, term_years: int, on: date | None = None) -> list[dict]:
    """The itemized fee (each line typed by the law core's FeeLine.kind), amounts as Decimal.

    - §5(D) town fee + population control surcharge, via the law core's license_fee;
    - §5(C) a vet's statement that altering would endanger the dog: the altered fee, and the
      §5(D) surcharge of the dog as it is (unaltered) unless the town's setting says otherwise;
    - §5(I) exempt dogs: no licensing fees (one $0 line saying so);
    - §5(H) a purebred license: the annual purebred fee by the number of purebred dogs on the
      premises, for each year of the term, takes the place of the town's individual fee; the
      §5(D) surcharge is still collected ("in addition to the fee charged by the Town");
    - §5(K) the enumeration surcharge only on a dog identified as unlicensed while an
      enumeration declared by Town Board resolution is open on ``on`` (default today), the
      resolution's surcharge;
    - §5(G)(2) a replacement tag (``app.replaces_tag``): the Town Board's fee, or a $0.00 line
      with the clerk's reason when waived.
    """
    s = fee_schedule()
    on = on or local_today()
    enum = open_enumeration(on)
    enumeration = enumeration_surcharge_due(
        enum.surcharge if enum else Decimal("0"), on, enum.opens_on if enum else None,
        enum.closes_on if enum else None, app.identified_unlicensed_in_enumeration)
    breakdown = license_fee(app.altered_proof in PROOF_OF_ALTERING, s["altered_fee"], s["unaltered_fee"],
                            term_years, exemption=app.exemption, enumeration_surcharge=enumeration,
                            fee_per_year=s["fee_per_year"],
                            vet_statement_against_altering=app.altered_proof == "vet_statement",
                            vet_statement_surcharge_as_altered=s["vet_statement_surcharge_as_altered"])
    lines = [{"kind": ln.kind, "label": ln.label, "amount": ln.amount, "section": ln.section}
             for ln in breakdown.lines]
    if app.exemption is None and app.purebred_license is not None:
        lines = [ln for ln in lines if ln["kind"] != "license_fee"]
        pl = app.purebred_license
        lines[:0] = [{"kind": "purebred_fee", "amount": Decimal("0.00"), "section": "§5(H)",
                      "label": f"Covered by purebred license {pl.number} for the premises "
                               f"(paid; through {say_date(pl.expires_on)})"}]
    elif app.exemption is None and app.purebred_dogs_on_premises:
        purebred = purebred_license_fee(app.purebred_dogs_on_premises, term_years, *s["purebred_fees"])
        lines = [ln for ln in lines if ln["kind"] != "license_fee"]
        lines[:0] = [{"kind": ln.kind, "label": ln.label, "amount": ln.amount, "section": ln.section}
                     for ln in purebred.lines]
    if app.replaces_tag:
        lines.append(replacement_tag_line(s["replacement_tag"], app.waive_tag_fee_reason))
    return lines


def replacement_tag_line(fee: Decimal, waive_reason: str = "") -> dict:
    """§5(G)(2): "Any person wishing to replace a tag previously issued shall pay a fee": every
    tag after the dog's first, whatever the reason; waived only with the clerk's reason."""
    reason = (waive_reason or "").strip()
    if reason:
        return {"kind": "replacement_tag", "amount": Decimal("0.00"), "section": "§5(G)(2)",
                "label": f"Replacement tag fee waived: {reason}", "waived_reason": reason}
    return {"kind": "replacement_tag", "amount": fee, "section": "§5(G)(2)",
            "label": "Replacement tag (the dog's tag is not its first)"}


def fee_total(lines: list[dict]) -> Decimal:
    return sum((ln["amount"] for ln in lines), Decimal("0.00"))


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
        needed_from = born_on + relativedelta(months=LICENSE_AGE_MONTHS)
        raise NoLicenseNeeded(
            f"No license is needed yet. The dog is under four months old and not at large, "
            f"so the law does not require a license until it is four months old, on "
            f"{say_date(needed_from)} (§5(A)(1)). Ask the owner to come back by then.",
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
        if not allowed:
            errors["term_years"] = (f"{choices[0].refusal} No license can be issued until the dog is "
                                    "revaccinated.")
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
        if app.exemption not in LICENSE_EXEMPTIONS:
            errors["exemption"] = "Choose one of the exemptions of §5(I)."
        elif not app.exemption_certificate.strip():
            errors["exemption_certificate"] = ("A certificate that the dog has been trained as a "
                                               f"{LICENSE_EXEMPTIONS[app.exemption].label.lower()} "
                                               "must be submitted (§5(I)). Enter what it is.")
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


def _rabies_record(dog: Dog, r: RabiesEvidence) -> RabiesCertificate:
    """The dog's certificate on file if it is the same one presented again, else a new record."""
    for cert in dog.rabies_certificates:
        if r.kind == "vet_statement":
            if cert.exempt_statement and cert.vet_name == r.vet_name and cert.exempt_reason == r.exempt_reason \
                    and cert.statement_on == r.statement_on:
                return cert
        elif (not cert.exempt_statement and cert.valid_until == r.valid_until
              and cert.vaccinated_on == r.vaccinated_on
              and (cert.certificate_number or "") == r.certificate_number):
            return cert
    cert = RabiesCertificate(
        dog=dog, vet_name=r.vet_name.strip(),
        vaccinated_on=r.vaccinated_on if r.kind == "certificate" else None,
        valid_until=r.valid_until if r.kind == "certificate" else None,
        certificate_number=r.certificate_number.strip() or None if r.kind == "certificate" else None,
        exempt_statement=r.kind == "vet_statement",
        exempt_reason=r.exempt_reason.strip() or None if r.kind == "vet_statement" else None,
        statement_on=r.statement_on if r.kind == "vet_statement" else None)
    db.session.add(cert)
    db.session.flush()
    return cert


def issue_license(dog: Dog, app: Application, today: date, user=None) -> License:
    """§5(F): validate and issue a license (new or renewal) for `dog`, issued today.

    §5(G): the dog gets its identification number at its first license (kept for ever after) and
    a tag: the blank pre-printed tag typed in, else a new one; a renewal keeps the dog's tag unless
    a new one is asked for. A renewal supersedes the dog's active license. The fee lines are stored
    on the license and as typed Payment ledger lines.
    """
    refuse_dead_dog(dog)
    note = license_needed_check(dog.born_on, app.at_large, today, app.owner_asks)
    prepare_application(app, dog, None, today)
    errors = check_application(app, today, dog)
    if errors:
        raise ServiceError(errors)
    from .tags import bind_blank_tag, issue_tag

    lines = fee_lines(app, app.term_years, today)
    expires_on = next(c.expires_on for c in term_choices(today, app.rabies.term_limit,
                                                         app.rabies.statement_date(today))
                      if c.years == app.term_years)
    previous = [lic for lic in dog.licenses if lic.status == "active"]
    rabies = _rabies_record(dog, app.rabies)

    # §5(C), §5(I), §5(H): what the application showed about the dog.
    if app.altered_proof in PROOF_OF_ALTERING:
        dog.altered = True
        if app.altered_proof != "on_file":
            dog.altered_proof = app.altered_proof
    else:
        dog.altered = False
        dog.altered_proof = app.altered_proof  # None or vet_statement
    dog.exemption = app.exemption
    dog.exemption_certificate = app.exemption_certificate.strip() or None if app.exemption else None
    dog.purebred = app.purebred_dogs_on_premises is not None
    id_number = assign_id_number(dog)

    if app.identified_unlicensed_in_enumeration and dog.enumeration_identified_on is None:
        dog.enumeration_identified_on = today  # §5(K)
    resident_note = None
    if app.residence_began_on is not None:  # §5(J)(3)
        dog.residence_began_on = app.residence_began_on
        lateness = new_resident_lateness(app.residence_began_on, today)
        resident_note = f"Licensed {lateness.days_late} days late (due by {say_date(lateness.due_on)}, §5(J)(3))." \
            if lateness.late else None

    marking = LICENSE_EXEMPTIONS[app.exemption].marking if app.exemption else None
    premises = app.purebred_license
    if app.purebred_dogs_on_premises and premises is None and app.exemption is None:
        premises = _new_purebred_license(dog, app, today, lines, user)
    lic = License(
        number=next_license_number(today.year), dog=dog,
        kind="purebred" if app.purebred_dogs_on_premises else "individual",
        issued_on=today, term_years=app.term_years, expires_on=expires_on,
        altered=app.pays_as_altered, exemption_marking=marking,
        purebred_dogs_on_premises=(premises.dogs_on_premises if premises else app.purebred_dogs_on_premises),
        purebred_license=premises, rabies_certificate=rabies,
        fee_total=fee_total(lines),
        fee_lines=[{**ln, "amount": str(ln["amount"])} for ln in lines],
        issued_by_id=getattr(user, "id", None))
    db.session.add(lic)
    for old in previous:
        old.status = "superseded"
    db.session.flush()
    for ln in lines:
        if ln["amount"] > 0 or ln.get("waived_reason"):
            db.session.add(Payment(kind=ln["kind"], amount=ln["amount"], dog_id=dog.id,
                                   license_id=lic.id, received_on=today,
                                   received_by_id=getattr(user, "id", None),
                                   memo=f"License {lic.number}: {ln['label']}",
                                   waived_reason=ln.get("waived_reason")))

    tag = None
    if app.blank_tag.strip():  # refused on "blank_tag", like the application's own fields
        tag = bind_blank_tag(dog, app.blank_tag, today, user)
    elif dog.active_tag is None or app.new_tag:
        tag = issue_tag(dog, today, user)

    record_event("license.issued", lic, actor=user, dog_id=dog.id, number=lic.number,
                 id_number=id_number, term_years=lic.term_years, expires_on=lic.expires_on.isoformat(),
                 fee_total=str(lic.fee_total), tag_serial=tag.serial if tag else None,
                 superseded=[old.number for old in previous], **({"note": note} if note else {}),
                 **({"purebred_license": premises.number} if premises else {}),
                 **({"new_resident_note": resident_note} if resident_note else {}))
    db.session.flush()
    return lic


def refuse_dead_dog(dog: Dog | None) -> None:
    """§5(J)(2): a dog recorded dead is never licensed again."""
    if dog is not None and dog.status == "dead":
        when = f" on {say_date(dog.status_on)}" if dog.status_on else ""
        raise ServiceError({"": f"{dog.name} was recorded as dead{when} (§5(J)(2)). No license can "
                                "be issued for a dog recorded dead."})


def _new_purebred_license(dog: Dog, app: Application, today: date, lines: list[dict],
                          user) -> PurebredLicense:
    """§5(H): a new purebred license for the owner's premises, superseding the one in force."""
    owner = dog.primary_owner
    for old in db.session.scalars(db.select(PurebredLicense).filter_by(owner_id=owner.id, status="active")):
        old.status = "superseded"
    expires_on = next(c.expires_on for c in term_choices(today, app.rabies.term_limit,
                                                         app.rabies.statement_date(today))
                      if c.years == app.term_years)
    purebred = [ln for ln in lines if ln["kind"] == "purebred_fee"]
    pl = PurebredLicense(
        number=f"P{today.year}-{next_in_sequence(f'purebred_license_{today.year}'):04d}", owner=owner,
        premises=owner.full_address, dogs_on_premises=app.purebred_dogs_on_premises, issued_on=today,
        term_years=app.term_years, expires_on=expires_on, fee_total=fee_total(purebred),
        fee_lines=[{**ln, "amount": str(ln["amount"])} for ln in purebred],
        issued_by_id=getattr(user, "id", None))
    db.session.add(pl)
    db.session.flush()
    record_event("purebred_license.issued", pl, actor=user, number=pl.number, owner_id=owner.id,
                 dogs_on_premises=pl.dogs_on_premises, fee_total=str(pl.fee_total))
    return pl


def new_resident_status(dog: Dog) -> dict | None:
    """§5(J)(3): for a new resident's dog, the 30-day deadline and, once licensed, whether it
    was late (the first license issued on or after the date residence began)."""
    if dog.residence_began_on is None:
        return None
    due_on = new_resident_license_due(dog.residence_began_on)
    licensed = [lic for lic in dog.licenses if lic.issued_on >= dog.residence_began_on]
    first = min(licensed, key=lambda lic: lic.issued_on) if licensed else None
    lateness = new_resident_lateness(dog.residence_began_on, first.issued_on) if first else None
    return {"residence_began_on": dog.residence_began_on, "due_on": due_on,
            "licensed_on": first.issued_on if first else None,
            "late_note": (f"{lateness.days_late} day{'s' if lateness.days_late != 1 else ''} late"
                          if lateness and lateness.late else None)}


# --- §5(J) notices ----------------------------------------------------------

def file_notice(dog: Dog, kind: str, occurred_on: date, filed_on: date, user=None,
                new_owner: Owner | None = None, details: dict | None = None) -> DogNotice:
    """Record an owner's §5(J) notice, dated when it happened and when it was filed.

    - transfer: "No license shall be transferable": the active license is marked
      "transferred" (no longer valid), the owners of record end on the transfer date, the new
      owner becomes owner of record and "shall immediately make application for a license";
    - lost / stolen (§5(J)(1)): the dog's status, shown at the roadside; "found" returns it to active;
    - death (§5(J)(2)): the dog's license is closed ("dog died", never valid again) and its
      tag retired; moved out of town: the dog's status;
    - transfer, lost, stolen filed more than ten days after the event (§5(J), §5(J)(1)):
      accepted, and marked late by how many days.
    """
    if kind not in NOTICE_KINDS:
        raise ServiceError({"kind": "Choose what the notice is about."})
    errors = {}
    if occurred_on > filed_on:
        errors["occurred_on"] = "The date it happened can't be after the date the notice was filed."
    if kind == "transfer" and new_owner is None:
        errors["new_owner"] = "Choose or enter the new owner."
    if kind == "found" and dog.status not in ("lost", "stolen"):
        errors["kind"] = f"{dog.name} is not reported lost or stolen."
    if kind != "found" and dog.status in ("dead", "moved") and kind != "transfer":
        errors["kind"] = f"{dog.name} is already recorded as {dog.status}."
    if errors:
        raise ServiceError(errors)
    details = dict(details or {})
    if kind in TEN_DAY_NOTICES:
        lateness = notice_lateness(occurred_on, filed_on)
        details.update(due_on=lateness.due_on.isoformat(), days_late=lateness.days_late)
        if lateness.late:
            details["late_note"] = f"{lateness.note} (§5(J){'(1)' if kind != 'transfer' else ''})"

    if kind == "transfer":
        previous_owners = dog.owners
        if new_owner in previous_owners:
            raise ServiceError({"new_owner": f"{new_owner.full_name} is already an owner of {dog.name}."})
        for link in dog.owner_links:
            if link.until is None:
                link.until = occurred_on
        db.session.add(DogOwner(dog=dog, owner=new_owner, since=occurred_on))
        voided = []
        for lic in dog.licenses:
            if lic.status == "active":
                lic.status = "transferred"
                voided.append(lic.number)
        details.update(from_owner_ids=[o.id for o in previous_owners], to_owner_id=new_owner.id,
                       to_owner=new_owner.full_name, licenses_not_transferable=voided)
        if dog.status != "active":
            dog.status, dog.status_on = "active", occurred_on
    else:
        details["previous_status"] = dog.status
        dog.status = _STATUS_AFTER_NOTICE[kind]
        dog.status_on = occurred_on
    if kind == "death":
        closed = []
        for lic in dog.licenses:
            if lic.status == "active":
                lic.status = "dog_died"
                closed.append(lic.number)
        details["licenses_closed"] = closed
        tag = dog.active_tag
        if tag is not None:
            from .tags import retire_tag
            retire_tag(tag, filed_on, "dog died")
            details["tag_retired"] = tag.serial

    notice = DogNotice(dog=dog, kind=kind, occurred_on=occurred_on, filed_on=filed_on,
                       details=details, recorded_by_id=getattr(user, "id", None))
    db.session.add(notice)
    db.session.flush()
    db.session.refresh(dog, ["owner_links"])
    record_event(f"dog.notice.{kind}", dog, actor=user, notice_id=notice.id,
                 occurred_on=occurred_on.isoformat(), filed_on=filed_on.isoformat(), **{
                     k: v for k, v in details.items() if k != "previous_status"})
    return notice
