"""Status-card flags read from the dog's own record (listed in services/registry.py)."""


def _iso(d):
    return d.isoformat() if d else None


def declared_by_justice(dog, today):
    """§10(B)(1): a dog the Town Justice declared dangerous or vicious."""
    flags = []
    if dog.vicious_declared_on:
        flags.append({"code": "vicious", "label": "Declared VICIOUS by the Town Justice",
                      "since": _iso(dog.vicious_declared_on)})
    if dog.dangerous_declared_on:
        flags.append({"code": "dangerous", "label": "Declared DANGEROUS by the Town Justice",
                      "since": _iso(dog.dangerous_declared_on)})
    return flags


def reported_missing(dog, today):
    """§5(J)(1): the owner reported the dog lost or stolen."""
    if dog.status in ("lost", "stolen"):
        return [{"code": dog.status, "label": f"Reported {dog.status}", "since": _iso(dog.status_on)}]
    return []
