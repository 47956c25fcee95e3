"""§5(J) the owner's notices to the Town Clerk: deadlines and lateness.

Pure functions only: no Flask, no database.
"""
from dataclasses import dataclass
from datetime import date, timedelta

from .licensing import NEW_RESIDENT_LICENSE_DAYS, OWNERSHIP_NOTICE_DAYS
from .words import say_date

# --- §5(J) ownership changes ----------------------------------------------

def ownership_notice_due(event_on: date) -> date:
    """§5(J), §5(J)(1): the owner of record must notify the Town Clerk within ten days
    of a transfer of ownership, or of discovering that the dog was lost or stolen.
    (New residents have ``NEW_RESIDENT_LICENSE_DAYS`` = 30 days to license, §5(J)(3).)
    """
    return event_on + timedelta(days=OWNERSHIP_NOTICE_DAYS)


def new_resident_license_due(residence_began_on: date) -> date:
    """§5(J)(3): "All dogs shall be licensed with the office of the Town Clerk within 30 days
    of establishing residence in the Town": the last day, from the date residence began."""
    return residence_began_on + timedelta(days=NEW_RESIDENT_LICENSE_DAYS)


@dataclass(frozen=True)
class Lateness:
    """A §5(J) filing measured against its deadline: accepted either way; ``days_late`` is
    0 when on time."""
    due_on: date
    days_late: int

    @property
    def late(self) -> bool:
        return self.days_late > 0

    @property
    def note(self) -> str | None:
        if not self.late:
            return None
        return (f"Filed {self.days_late} day{'s' if self.days_late != 1 else ''} late "
                f"(due by {say_date(self.due_on)}).")


def notice_lateness(event_on: date, filed_on: date) -> Lateness:
    """§5(J), §5(J)(1): a transfer or lost/stolen notice filed more than ten days after the
    event (the transfer, or discovering the loss or theft) is still accepted, and marked late
    by how many days. Filing late may be charged (offence codes "5J-late", "5J1-late")."""
    if filed_on < event_on:
        raise ValueError("The notice can't be filed before the event it reports.")
    due = ownership_notice_due(event_on)
    return Lateness(due, max(0, (filed_on - due).days))


def new_resident_lateness(residence_began_on: date, licensed_on: date) -> Lateness:
    """§5(J)(3): a new resident's dog licensed more than 30 days after residence began is
    licensed all the same, and marked late by how many days (offence code "5J3")."""
    if licensed_on < residence_began_on:
        raise ValueError("The residence date is after the license date.")
    due = new_resident_license_due(residence_began_on)
    return Lateness(due, max(0, (licensed_on - due).days))


# --- §5(J) offences checked against the record -------------------------------

def late_loss_notice_refusal(discovered_on: date, filed_on: date) -> str | None:
    """§5(J)(1) "the owner of record shall within ten days of discovery of such loss or theft
    shall file with the Town Clerk notification of such event": the offence "5J1-late" is
    refused when the notice on record was filed within ten days of the discovery."""
    if notice_lateness(discovered_on, filed_on).late:
        return None
    return (f"The loss or theft discovered on {say_date(discovered_on)} was notified to the Town Clerk on "
            f"{say_date(filed_on)}, within ten days of its discovery (§5(J)(1)).")


def late_transfer_notice_refusal(transferred_on: date | None, filed_on: date | None) -> str | None:
    """§5(J) "The owner of record shall, within ten days of the transfer of ownership of any dog,
    file with the Town Clerk notification of such change": "5J-late" is refused when there is no
    transfer on record, or when its notice was filed within ten days."""
    if transferred_on is None or filed_on is None:
        return "There is no transfer of ownership of this dog on record (§5(J))."
    if notice_lateness(transferred_on, filed_on).late:
        return None
    return (f"The transfer of {say_date(transferred_on)} was notified to the Town Clerk on "
            f"{say_date(filed_on)}, within ten days (§5(J)).")


def new_resident_refusal(residence_began_on: date | None, licensed_on: date | None, on: date) -> str | None:
    """§5(J)(3) "All dogs shall be licensed with the office of the Town Clerk within 30 days of
    establishing residence in the Town": "5J3" is refused when the dog was licensed within the 30
    days, or when they have not passed on `on`. With no date of residence on record the record
    says nothing against it (the officer's evidence decides)."""
    if residence_began_on is None:
        return None
    due = new_resident_license_due(residence_began_on)
    if licensed_on is not None and licensed_on <= due:
        return (f"Licensed on {say_date(licensed_on)}, within 30 days of establishing residence on "
                f"{say_date(residence_began_on)} (§5(J)(3)).")
    if licensed_on is None and on <= due:
        return (f"The 30 days from establishing residence on {say_date(residence_began_on)} have not "
                f"passed: the owner has until {say_date(due)} (§5(J)(3)).")
    return None
