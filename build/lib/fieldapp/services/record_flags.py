"""Status-card flags read from the dog's own record (listed in services/registry.py)."""
from ..law.restrictions import lost_dog_not_owner_note


def _iso(d):
    return d.isoformat() if d else None


def standing_loss(dog):
    """§4(I) "unless dog is or has been lost, and such loss reported to the dog control officer
    and reasonable search has been made": the latest such lost/stolen notice while the dog is on
    record as lost or stolen, else None. Reads the card's rows (`loss_reports`) or a Dog's notices."""
    if dog.status not in ("lost", "stolen"):
        return None
    losses = getattr(dog, "loss_reports", None)
    if losses is None:  # a Dog (not the card's plain rows)
        losses = [n for n in dog.notices if n.kind in ("lost", "stolen") and n.reported_to_dco_on and n.search_made]
    losses = [n for n in losses if dog.status_on is None or n.occurred_on >= dog.status_on]
    return max(losses, key=lambda n: (n.occurred_on, n.id)) if losses else None


def reported_missing(dog, today):
    """§5(J)(1): the owner reported the dog lost or stolen; §4(I): once reported to the DCO and
    searched for, the license holder is not its owner for a charge, and who has it, if known."""
    if dog.status in ("lost", "stolen"):
        flag = {"code": dog.status, "label": f"Reported {dog.status}", "since": _iso(dog.status_on)}
        loss = standing_loss(dog)
        if loss is not None:
            flag["detail"] = lost_dog_not_owner_note(", ".join(o.full_name for o in dog.owners) or "none on record",
                                                     None, loss.now_with)
        return [flag]
    return []
