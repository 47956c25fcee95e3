"""The one error a service raises: refused, with a message per form field.

`ServiceError(errors)` maps a field name (or "" for the whole form) to a message in words a
clerk or an officer can act on. Views show the messages next to the fields; the API answers
422 with them. Services never commit or roll back: the request does (see `fieldapp.web`),
except `services.entries.submit_entry`, which is its own transaction by design.
"""


class ServiceError(Exception):
    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" if k else v for k, v in errors.items()))
        self.errors = errors
