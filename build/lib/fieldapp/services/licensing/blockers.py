"""What blocks a license before the form is filled (§5(A)(4), §5(B), §5(J)(2)): the rabies
certificate on file fits no license term (expired, or every term refused by the town's rule), or
the dog was recorded dead. Said on the kennel board, the dog's page and the top of the license
form, where the "Issue license" button is disabled until a certificate that fits is entered."""
from datetime import date

from .application import RabiesEvidence, say_date, term_choices


def evidence_on_file(cert) -> RabiesEvidence | None:
    """The dog's last certificate (or §5(B)(2) vet statement) as the license form reads it."""
    if cert is None:
        return None
    return RabiesEvidence(kind="vet_statement" if cert.exempt_statement else "certificate",
                          vet_name=cert.vet_name or "", vaccinated_on=cert.vaccinated_on,
                          valid_until=cert.valid_until, certificate_number=cert.certificate_number or "",
                          exempt_reason=cert.exempt_reason or "", statement_on=cert.statement_on)


def rabies_refusal(r: RabiesEvidence | None, today: date) -> str | None:
    """§5(B), §5(A)(4): why no license term fits this rabies evidence, in words; None when one
    does, or while a date is still missing (the form asks for it next to its field)."""
    if r is None:
        return None
    if r.kind == "vet_statement":
        if r.statement_on is not None and r.statement_on > today:
            return None  # a typing slip: the form's own message says so
    elif r.valid_until is None:
        return None
    elif r.valid_until < today:
        return (f"The rabies certificate expired on {say_date(r.valid_until)}; a current certificate is "
                "required (§5(B)).")
    choices = term_choices(today, r.term_limit, r.statement_date(today))
    if any(c.allowed for c in choices):
        return None
    return choices[0].refusal


def license_blocker(dog, today: date) -> str | None:
    """Why a license can't be issued for this dog with what is on file, or None."""
    if dog is None:
        return None
    if dog.status == "dead":
        return f"{dog.name} was recorded as dead (§5(J)(2)): no license can be issued."
    refusal = rabies_refusal(evidence_on_file(dog.current_rabies), today)
    if refusal:
        return f"{dog.name} needs a new rabies certificate before a license can be issued: {refusal}"
    return None
