"""Status-card flags read from the dog's own record (listed in services/registry.py)."""


def _iso(d):
    return d.isoformat() if d else None


def reported_missing(dog, today):
    """§5(J)(1): the owner reported the dog lost or stolen."""
    if dog.status in ("lost", "stolen"):
        return [{"code": dog.status, "label": f"Reported {dog.status}", "since": _iso(dog.status_on)}]
    return []
