"""§5(J) the owner's notices: transfer, lost or stolen, found, death, moved."""
from datetime import date

from ...extensions import db
from ...law import (
    notice_lateness,
)
from ...models import (
    Dog,
    DogNotice,
    DogOwner,
    Owner,
    record_event,
)
from ..errors import ServiceError

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

# §5(J), §5(J)(1): the notices due within ten days of the event (late ones are marked late).
TEN_DAY_NOTICES = ("transfer", "lost", "stolen")

# --- §5(J) notices ----------------------------------------------------------

def file_notice(dog: Dog, kind: str, occurred_on: date, filed_on: date, user=None,
                new_owner: Owner | None = None, details: dict | None = None,
                upon_renewal_notice: bool = False, discovered_on: date | None = None,
                reported_to_dco_on: date | None = None, search_made: str = "",
                now_with: str = "") -> DogNotice:
    """Record an owner's §5(J) notice, dated when it happened and when it was filed.

    - transfer: "No license shall be transferable": the active license is marked
      "transferred" (no longer valid), the owners of record end on the transfer date, the new
      owner becomes owner of record and "shall immediately make application for a license";
    - lost / stolen (§5(J)(1)): the dog's status, shown at the roadside; "found" returns it to active;
      the ten days run from `discovered_on` (the discovery of the loss or theft; the date it
      happened when not given); §4(I): `reported_to_dco_on` and `search_made` record that "such
      loss reported to the dog control officer and reasonable search has been made", after which
      the license holder is not the owner for a charge while the loss stands (`now_with`: who
      has the dog, if known);
    - death (§5(J)(2)): the dog's license is closed ("dog died", never valid again) and its
      tag retired; moved out of town: the dog's status;
    - transfer, lost, stolen filed more than ten days after the event (§5(J), §5(J)(1)):
      accepted, and marked late by how many days;
    - death reported "upon receipt of a renewal notice from the Town Clerk" (§5(J)(2),
      `upon_renewal_notice`): linked to the last renewal notice sent for the dog
      (`details["renewal_notice_id"]`); refused when none was sent.
    """
    if kind not in NOTICE_KINDS:
        raise ServiceError({"kind": "Choose what the notice is about."})
    errors = {}
    if occurred_on > filed_on:
        errors["occurred_on"] = "The date it happened can't be after the date the notice was filed."
    lost = kind in ("lost", "stolen")
    if lost and discovered_on is not None and not occurred_on <= discovered_on <= filed_on:
        errors["discovered_on"] = ("The loss or theft is discovered on or after the day it happened, "
                                   "and on or before the day the notice was filed.")
    if lost and reported_to_dco_on is not None and reported_to_dco_on < occurred_on:
        errors["reported_to_dco_on"] = "The loss can't be reported to the dog control officer before it happened."
    if lost and reported_to_dco_on is not None and not (search_made or "").strip():
        errors["search_made"] = ("Say what search was made (§4(I): the loss reported to the dog control officer "
                                 "and a reasonable search made).")
    if kind == "transfer" and new_owner is None:
        errors["new_owner"] = "Choose or enter the new owner."
    if kind == "found" and dog.status not in ("lost", "stolen"):
        errors["kind"] = f"{dog.name} is not reported lost or stolen."
    if kind != "found" and dog.status in ("dead", "moved") and kind != "transfer":
        errors["kind"] = f"{dog.name} is already recorded as {dog.status}."
    renewal_notice = None
    if upon_renewal_notice and kind == "death":
        from ..renewals import latest_renewal_notice
        renewal_notice = latest_renewal_notice(dog)
        if renewal_notice is None:
            errors["upon_renewal_notice"] = f"No renewal notice was sent for {dog.name}; untick this."
    if errors:
        raise ServiceError(errors)
    details = dict(details or {})
    if renewal_notice is not None:
        details.update(renewal_notice_id=renewal_notice.id, renewal_notice_sent_on=renewal_notice.sent_on.isoformat())
    if kind in TEN_DAY_NOTICES:
        # §5(J)(1): "within ten days of discovery of such loss or theft".
        lateness = notice_lateness(discovered_on or occurred_on, filed_on)
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
            from ..tags import retire_tag
            retire_tag(tag, filed_on, "dog died")
            details["tag_retired"] = tag.serial

    lost = kind in ("lost", "stolen")
    notice = DogNotice(dog=dog, kind=kind, occurred_on=occurred_on, filed_on=filed_on,
                       details=details, recorded_by_id=getattr(user, "id", None),
                       discovered_on=(discovered_on or occurred_on) if lost else None,
                       reported_to_dco_on=reported_to_dco_on if lost else None,
                       search_made=(search_made or "").strip() or None if lost else None,
                       now_with=(now_with or "").strip() or None if lost else None)
    db.session.add(notice)
    db.session.flush()
    db.session.refresh(dog, ["owner_links"])
    record_event(f"dog.notice.{kind}", dog, actor=user, notice_id=notice.id,
                 occurred_on=occurred_on.isoformat(), filed_on=filed_on.isoformat(), **{
                     k: v for k, v in details.items() if k != "previous_status"})
    return notice
