"""The steps after a seizure as the kennel's tests take them: a seizure through the field form,
a record read back, the powers, an adopter."""


from fieldapp.extensions import db
from fieldapp.law.authority import WHO_MAY_ACT
from fieldapp.models.enforcement import Impoundment

from ..roadside import EVERY_5A1_EXCEPTION, EVERY_6A1_EXCEPTION, errors_of, post

POWERS = {p.action: p for p in WHO_MAY_ACT}


def seize(client, app, **over):
    data = {"dog_id": "", "dog_description": "", "dog_breed": "Husky", "dog_sex": "M", "dog_color": "Grey",
            "dog_age": "about 3 years", "dog_tag": "Rabies tag 44-1021 (Oswego County)",
            "codes": ["6A1", "5A1"], "ruled_out": EVERY_6A1_EXCEPTION + EVERY_5A1_EXCEPTION,
            "seized_at": "2026-10-19T10:00", "location_text": "Ridge Rd", "held_at": "Town kennel",
            "received_on": "2026-10-19"}
    data.update(over)
    response, _ = post(client, "/field/seizures/new", **data)
    assert response.status_code == 201, errors_of(response)
    with app.app_context():
        return db.session.execute(db.select(Impoundment).order_by(Impoundment.id.desc())).scalars().first().id


def get(app, model, id_):
    with app.app_context():
        row = db.session.get(model, id_)
        db.session.expunge(row)
        return row


ADOPTER = {"outcome": "adopted", "on": "2026-10-27", "adopter_first_name": "Jane", "adopter_last_name": "Roe",
           "adopter_address": "12 Lake Rd", "adopter_town": "Sandy Creek", "adopter_state": "NY",
           "adopter_zip": "13145", "adopter_phone": "315-555-0199", "method": "cash"}


# --- the seizure holds what the DL-18 asks ---------------------------------------------------
