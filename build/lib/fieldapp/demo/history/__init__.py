"""Five years of past for the bulk demo town, so the county-scale benchmarks measure
the status card and `/api/tags/<token>` on dogs "with five years of licenses and events".

`seed_history(dog_ids, today, rng, clerk, fees, years=5)` takes the dogs `seed_bulk` made (each with
one license and one rabies certificate, or none) and gives them what a town keeps over `years`
years, every row shaped as the app's own services write it:

- §5 licenses: per dog the licenses before its current one (`issue_license`): terms of 1-3 years
  as its rabies certificate allows (§5(A)(4), the town's rule), renewed in the weeks before
  expiry or after a lapse, each earlier one "superseded"; a dog `seed_bulk` left unlicensed
  either never was or has a lapsed license still "active" (expired). Numbers `YYYY-NNNNN` from
  the year's counter, in order of issue. Each license has its rabies certificate (a 3-year
  vaccination presented again at renewals while it lasts) and its fee on a receipt
  (`record_receipt`: the fee lines as typed Payment lines). The certificate `seed_bulk` filed
  stays the one presented last (the card shows the latest id): see `write_certificates`.
- §6 / §5(A)(1) violations, each exception ruled out, a few corrected (a new version); §9
  appearance tickets (numbers used from blocks reserved per officer, a few voided), served in
  person, at the residence or by mail; §11 dispositions and fines received.
- §8 seizures of dogs on file, redeemed at the counter with the §8(C) fees paid (a few waived),
  the owner notified; a few held now. Strays not on file: adopted, transferred, euthanized or
  died in care, with the §8(E) details (DL-18).
- §5(B)(1) rabies vaccination requests (a few unanswered: a failure to vaccinate follows).
- §10 sworn complaints about a dog that harassed a person or killed an animal: summons,
  hearing, an order of the Town Justice (some lifted later), disposition.

Each roadside record has the `FieldEntry` it came from (payload, hash, result). What is left
out: the audit `Event`s and `Change`s (as `seed_bulk` writes none), care checks, photos.

Core bulk inserts: 50,000 dogs get their history in about 25 s on SQLite (55 s on PostgreSQL),
500,000 in about 5 minutes; the rows per 1,000 dogs are in the counts `seed_history` returns.
Events happen up to the day before `today`.

The parts: `town` (the dogs as loaded, the records made for them, the helpers), `licenses`,
`enforcement` (violations, tickets, seizures, rabies requests), `court` (§11 dispositions, §10
complaints and orders), `strays`, `writing` (the numbers given out, then the INSERTs).
"""
from .enforcement import enforcement
from .licenses import license_history
from .strays import strays
from .town import Town
from .writing import number, write


def seed_history(dog_ids, today, rng, clerk, fees, years: int = 5) -> dict[str, int]:
    """Give the bulk town's dogs `years` years of past (see the module's docstring); flushes,
    never commits; `fees`: the demo's LicenseFees (the counter's fee lines). Returns the rows
    written per table."""
    town = Town(dog_ids, today, rng, clerk, years, fees)
    for dog in town.dogs:
        license_history(town, dog)
    for dog in town.dogs:
        enforcement(town, dog)
    strays(town)
    number(town)
    return write(town)
