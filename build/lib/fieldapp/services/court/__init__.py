"""The Town Justice's side of a case (§9, §10(B), §11): the docket, summonses, hearings,
orders and the court's dispositions, and fines received into the ledger.

- `case`: `Case` (a ticket or a complaint read the same way), `case_for`, the docket, a dog's
  court record.
- `hearings`: §10(B) the summons, the hearing, §10(B)(1)-(3) orders and later orders.
- `disposition`: §11 `record_court_disposition` (per offence) and `receive_fine`.

The names below are the package's: views and the demo call `court.summon(...)`; the court's own
settings (name, address, sessions) are `court_settings`, from services/enforcement/ticket.py.
"""
from ..enforcement import court_settings
from .case import FINAL_OUTCOMES, Case, case_for, docket, dog_court_record
from .disposition import (
    Verdict,
    fine_outstanding,
    offence_field,
    parse_money,
    receive_fine,
    record_court_disposition,
)
from .hearings import change_order, make_order, orders_in_force_for, record_hearing, summon

__all__ = [
    "FINAL_OUTCOMES", "Case", "case_for", "docket", "dog_court_record",
    "Verdict", "fine_outstanding", "offence_field", "parse_money", "receive_fine", "record_court_disposition",
    "change_order", "make_order", "orders_in_force_for", "record_hearing", "summon",
    "court_settings",
]
