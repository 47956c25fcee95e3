"""The roadside status of a dog: what an officer sees at a glance (card, tag API, offline copy).

One dict shape serves the status card, `GET /api/tags/<token>` and the offline field
dataset, so the three can never disagree. Flags come from `FLAG_SOURCES`, the one list in
services/registry.py: each is a function (dog, today) -> list of flag dicts (declared
dangerous/vicious, lost/stolen, impounded, prior violations, rabies request due).

A flag source reads only `today` and the dog's own data, i.e. what bumps Dog.data_version
when it changes: the offline dataset sends a dog again only when its data_version moved,
and the officer's phone shows that copy first.
`dog` is a Dog or the CardDog of the status card and the offline copy (services/card_rows.py:
the same attributes, plain rows).
"""
from ..law import license_status, rabies_status
from ..law.laws.cites import cite
from ..town import law_of_town
from .registry import FLAG_SOURCES


def _iso(d):
    return d.isoformat() if d else None


def _owner(o, today) -> dict:
    shown = {"name": o.full_name, "address": o.full_address, "phone": o.phone}
    if o.minor_on(today):  # §4(I): the guardian or head of household is charged and summoned
        shown["minor"], shown["guardian"] = True, o.guardian_name
    return shown


def dog_status(dog, today) -> dict:
    lic = dog.current_license
    rab = dog.current_rabies
    flags = []
    for source in FLAG_SOURCES:
        flags.extend(source(dog, today))
    # Written to the local law's sections: each dog's flags cite its own town's law.
    law = law_of_town(dog.town_id)
    for flag in flags:
        for key in ("label", "detail"):
            if flag.get(key):
                flag[key] = cite(law, flag[key])
    return {
        "dog": {
            "id": dog.id,
            "id_number": dog.id_number,
            "microchip": dog.microchip,  # what a shelter's reader shows; found by the search
            "name": dog.name,
            "sex": dog.sex,
            "breed": dog.breed,
            "color": dog.color,
            "markings": dog.markings,
            "description": dog.description,
            "born_on": _iso(dog.born_on),
            "altered": dog.altered,
            "exemption": dog.exemption,
            "has_photo": dog.has_photo,  # never the photo itself (a deferred column)
            "town_id": dog.town_id,  # the phone shows its town's deadlines and court (town-tables.js)
        },
        "license": {
            # §5(A)(4): valid through its expiry date; "expiring" within 30 days.
            # §5(J)(2): a death notice closes the license: "dog_died", never "valid".
            "status": ("dog_died" if dog.status == "dead"
                       else license_status(lic.expires_on if lic else None, today)),
            "expires_on": _iso(lic.expires_on) if lic else None,
            "number": lic.number if lic else None,
            "marking": lic.exemption_marking if lic else None,
        },
        "rabies": {
            # §5(B): a current certificate, or a vet's statement in lieu (§5(B)(2)) = "exempt".
            "status": rabies_status(rab.valid_until if rab else None,
                                    bool(rab and rab.exempt_statement), today),
            "valid_until": _iso(rab.valid_until) if rab else None,
        },
        "owners": [_owner(o, today) for o in dog.owners],
        "flags": flags,
    }

