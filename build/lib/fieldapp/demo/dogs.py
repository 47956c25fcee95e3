"""The demo's dogs on file: breeds and names to draw from, a dog's rabies certificate and license
(its number and fee from the counter's own services), and every licensed dog's tag (§5(G))."""
from datetime import timedelta

from dateutil.relativedelta import relativedelta
from sqlalchemy import func, insert

from ..extensions import db
from ..models import License, RabiesCertificate
from .people import VETS

DOG_NAMES = ["Max", "Bella", "Charlie", "Luna", "Cooper", "Daisy", "Tucker", "Sadie", "Bear", "Molly",
             "Duke", "Maggie", "Buddy", "Rosie", "Jake", "Lucy", "Rocky", "Penny", "Zeus", "Ginger"]
BREEDS = [("Labrador Retriever", "yellow"), ("German Shepherd", "black and tan"), ("Beagle", "tricolor"),
          ("Golden Retriever", "golden"), ("Border Collie", "black and white"), ("Mixed breed", "brindle"),
          ("Boxer", "fawn"), ("Siberian Husky", "grey and white"), ("Dachshund", "red"),
          ("Australian Shepherd", "blue merle"), ("Pit Bull Terrier mix", "white with brown patches"),
          ("Coonhound", "black and tan")]


class LicenseFees:
    """The counter's fee lines (services.licensing.fee_lines: the Town Board's settings, §5(C),
    (D), (H), (I)) for a dog as the demo licenses it, worked out once per kind of dog: the bulk
    town asks for the same few thousands of times."""

    def __init__(self):
        self._lines, self._stored = {}, {}

    def lines(self, altered_proof, term, exemption=None, purebred_dogs=None, on=None) -> list:
        from ..services.licensing import Application, fee_lines
        key = (altered_proof, term, exemption, purebred_dogs, on)
        if key not in self._lines:
            app = Application(term_years=term, altered_proof=altered_proof, exemption=exemption,
                              purebred_dogs_on_premises=purebred_dogs)
            self._lines[key] = fee_lines(app, term, on)
        return self._lines[key]

    def stored(self, altered: bool, term: int, exemption=None) -> tuple[list[dict], object]:
        """(the fee lines as a license keeps them, their total) of an individual license."""
        from ..services.licensing import fee_total
        key = (altered, term, exemption)
        if key not in self._stored:
            lines = self.lines("on_file" if altered else None, term, exemption)
            self._stored[key] = ([ln.stored() for ln in lines], fee_total(lines))
        return self._stored[key]


def rabies_certificate(dog, today, days_left):
    """The storybook dog's certificate, ending `days_left` from today; None: §5(B)(2) a vet's
    statement in lieu of vaccination (old age)."""
    if days_left is None:
        cert = RabiesCertificate(dog_id=dog.id, vet_name=VETS[0], exempt_statement=True,
                                 exempt_reason="Old age: vaccination would endanger the dog's life")
    else:
        valid_until = today + timedelta(days=days_left)
        cert = RabiesCertificate(dog_id=dog.id, vet_name=VETS[dog.id % len(VETS)],
                                 vaccinated_on=valid_until - relativedelta(years=3),
                                 valid_until=valid_until, certificate_number=f"RV-{40000 + dog.id}")
    db.session.add(cert)
    db.session.flush()
    return cert


def license_dog(dog, today, days_left, rabies, clerk, fees: LicenseFees):
    """The storybook dog's license, ending about `days_left` from today: its identification and
    license numbers from the town's counters (services.numbers), its fee from the settings."""
    from ..law import LICENSE_EXEMPTIONS, license_expiry
    from ..services.numbers import assign_id_number, next_license_number
    assign_id_number(dog)
    term = 1 if days_left < 300 else (2 if days_left < 650 else 3)
    issued = today + timedelta(days=days_left) - relativedelta(years=term)
    issued = issued.replace(day=1)
    fee_lines, fee_total = fees.stored(dog.altered, term, dog.exemption)
    db.session.add(License(
        number=next_license_number(issued.year), dog_id=dog.id, issued_on=issued, term_years=term,
        expires_on=license_expiry(issued, term), altered=dog.altered, rabies_certificate_id=rabies.id,
        fee_total=fee_total, kind="purebred" if dog.purebred else "individual",
        purebred_dogs_on_premises=2 if dog.purebred else None,
        exemption_marking=LICENSE_EXEMPTIONS[dog.exemption].marking if dog.exemption else None,
        fee_lines=[dict(ln) for ln in fee_lines], issued_by_id=clerk.id))  # its own copy: the ORM's to change


def seed_tags(dog_ids, today) -> str:
    """Every licensed demo dog gets an active tag (§5(G)), bound on its first license's date;
    10 blank pre-printed tags wait at the desk; one dog lost its tag and has a replacement
    (§5(G)(2): the old tag is retired, the fee paid). Core bulk inserts: fast at 50,000 dogs.
    Returns a line for the seed-demo output with two tag links (services.tags.tag_url)."""
    from ..models import Payment, Tag
    from ..services.tags import serials
    from ..services.tags.tokens import new_token, tag_url
    from ..settings import get_setting
    first_licensed = dict(db.session.execute(
        db.select(License.dog_id, func.min(License.issued_on))
        .where(License.dog_id.in_(dog_ids) if len(dog_ids) < 900 else License.dog_id.isnot(None))
        .group_by(License.dog_id)).all())
    licensed = [d for d in dog_ids if d in first_licensed]
    if not licensed:
        return ""
    replaced_dog = licensed[1] if len(licensed) > 1 else licensed[0]
    rows = [{"token": new_token(), "dog_id": d, "status": "active", "bound_on": first_licensed[d]}
            for d in licensed]
    # The replaced tag (retired, on the same dog) and 10 blanks, made last so they are easy to find.
    rows.append({"token": new_token(), "dog_id": replaced_dog, "status": "retired",
                 "bound_on": first_licensed[replaced_dog], "retired_on": today - timedelta(days=30),
                 "retired_reason": "replaced"})
    rows += [{"token": new_token(), "dog_id": None, "status": "blank"} for _ in range(10)]
    for row, serial in zip(rows, serials(len(rows)), strict=True):
        row["serial"] = serial
    db.session.execute(insert(Tag), rows)
    # The replaced dog's active tag is its replacement, issued when the old one was retired.
    new_tag = db.session.execute(db.select(Tag).filter_by(dog_id=replaced_dog, status="active")).scalar_one()
    old_tag = db.session.execute(db.select(Tag).filter_by(dog_id=replaced_dog, status="retired")).scalar_one()
    new_tag.bound_on = old_tag.retired_on
    old_tag.replaced_by_id = new_tag.id
    db.session.add(Payment(kind="replacement_tag", amount=get_setting("fee_replacement_tag"),
                           dog_id=replaced_dog, received_on=old_tag.retired_on,
                           memo=f"Replacement tag {new_tag.serial} for tag {old_tag.serial}"))
    db.session.flush()
    first = db.session.execute(db.select(Tag).filter_by(dog_id=licensed[0], status="active")).scalar_one()
    blank = db.session.execute(db.select(Tag).filter_by(status="blank").order_by(Tag.serial)).scalars().first()
    return (f"Tags: {len(licensed)} active, 10 blank (numbers {blank.serial} to {blank.serial + 9}), 1 replaced. "
            f"Try {tag_url(first.token)} (dog {first.dog.name}), {tag_url(old_tag.token)} (replaced, not valid).")
