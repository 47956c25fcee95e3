"""§5(J) the owner's notices to the Town Clerk: deadlines and lateness.

Pure functions only: no Flask, no database.
"""
from dataclasses import dataclass
from datetime import date, timedelta

from .licensing import NEW_RESIDENT_LICENSE_DAYS, OWNERSHIP_NOTICE_DAYS, _say_date


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
                f"(due by {_say_date(self.due_on)}).")


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
