"""The one error a service raises: refused, with a message per form field.

`ServiceError(errors)` maps a field name (or "" for the whole form) to a message in words a
clerk or an officer can act on. Views show the messages next to the fields; the API answers
422 with them. Services never commit or roll back: the request does (see `fieldapp.web`),
except `services.entries.submit_entry`, which is its own transaction by design.

Messages are written to the local law's sections ("Choose what the dog is seized for (§8(A))"); raised for a
town under another law (the state law alone), they cite that law's sections instead, or none
(`law/laws/cites.py: cite`), so no one is pointed to a section their town's law does not have.
"""


class ServiceError(Exception):
    def __init__(self, errors: dict[str, str]):
        from ..law.laws.cites import cite_in_town_law  # the town acted for: the one refused
        errors = {k: cite_in_town_law(v) for k, v in errors.items()}
        super().__init__("; ".join(f"{k}: {v}" if k else v for k, v in errors.items()))
        self.errors = errors
