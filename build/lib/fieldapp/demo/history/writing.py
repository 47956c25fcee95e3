"""The numbers the town's counters give out, in order of time, then every record written with core
bulk INSERTs."""
from datetime import timedelta
from decimal import Decimal

from sqlalchemy import bindparam, func, insert, select, update

from ...extensions import db
from ...models import DogOwner, FieldEntry, License, Payment, RabiesCertificate, Receipt
from ...models.court import CourtOrder, Disposition, Hearing, Summons
from ...models.enforcement import (
    AppearanceTicket,
    Impoundment,
    ImpoundmentNotice,
    RabiesRequest,
    SwornComplaint,
    Violation,
)
from ...models.kennel_care import ImpoundmentDisposition
from ...models.tickets import TicketBlock, TicketNumberUse
from .town import ReceiptRecord, Row, Town

CHUNK = 20_000  # rows an INSERT batch


def number(town: Town) -> None:
    """Numbers as the counters give them out, in order of time: licenses and receipts per
    year, DL-18 record numbers per year, ticket numbers from each officer's blocks."""
    from ...services.enforcement.seizure import record_numbers
    from ...services.money import receipt_numbers
    from ...services.numbers import license_numbers
    town.licenses.sort(key=lambda lic: (lic.issued_on, lic.created_at))
    for year, group in _by_year(town.licenses, lambda lic: lic.issued_on.year):
        for lic, n in zip(group, license_numbers(year, len(group)), strict=True):
            lic.number = n
    town.receipts.sort(key=lambda r: (r.received_on, r.created_at))
    for year, group in _by_year(town.receipts, lambda r: r.received_on.year):
        for r, n in zip(group, receipt_numbers(year, len(group)), strict=True):
            r.number = n
    town.impoundments.sort(key=lambda imp: imp["seized_at"])
    for year, group in _by_year(town.impoundments, lambda imp: imp["impounded_on"].year):
        for imp, n in zip(group, record_numbers(year, len(group)), strict=True):
            imp["record_number"] = n
    for imp in town.impoundments:
        receipt, identification = imp.pop("_receipt", (None, None))
        if receipt is not None:
            imp["end_note"] = f"{receipt.payer_name}, {identification}; receipt {receipt.number}"
    number_tickets(town)

def number_tickets(town: Town) -> None:
    """§9: each officer's phone holds a block of 25 numbers reserved from the counter when
    it needs one; a number is used once, now and then one is voided (spoiled)."""
    from ...services.ticket_numbers import BLOCK_SIZE, format_number, take_numbers
    rng = town.rng
    town.tickets.sort(key=lambda t: t["issued_at"])
    layout, held, devices = [], {}, {}  # the blocks in order; each officer's [block, next number]; phones
    for t in town.tickets:
        officer = t["officer_id"]
        devices.setdefault(officer, town.uuid())
        while True:
            block = held.get(officer)
            if block is None or block[1] > block[0]["_last"]:
                first = len(layout) * BLOCK_SIZE
                block = [Row(officer_id=officer, device_id=devices[officer], first=first,
                              last=first + BLOCK_SIZE - 1, issued_at=t["issued_at"] - timedelta(
                                  days=rng.randint(1, 20)), _last=first + BLOCK_SIZE - 1), first]
                layout.append(block[0])
                held[officer] = block
            n = block[1]
            block[1] += 1
            if rng.random() < 0.015:  # spoiled: voided from the phone (a "ticket_void" entry)
                use = Row(number=n, block_id=block[0], officer_id=officer, status="void",
                           reason="Spoiled: torn", entry_id=town.uuid(), at=t["issued_at"] - timedelta(minutes=1))
                town.number_uses.append(use)
                continue
            town.number_uses.append(Row(number=n, block_id=block[0], officer_id=officer, status="used",
                                         reason=None, entry_id=t["entry_id"], at=t["issued_at"]))
            t["number"] = n
            break
    base = take_numbers(len(layout) * BLOCK_SIZE) if layout else 0
    for block in layout:
        block.pop("_last")
        block.update(first=base + block["first"], last=base + block["last"])
    users = {u.id: u for u in (town.dco, town.police, town.constable)}
    for use in town.number_uses:
        use["number"] = format_number(base + use["number"])
        if use["status"] == "void":
            town.entry("ticket_void", use["entry_id"], users[use["officer_id"]],
                       {"ticket_number": use["number"], "reason": use["reason"]}, use["at"],
                       lambda use=use: {"ticket_number": use["number"], "status": "void", "reason": use["reason"]})
    for t in town.tickets:
        t["number"] = format_number(base + t["number"])
        t.pop("_payload")["ticket_number"] = t["number"]
    town.blocks = layout

def write(town: Town) -> dict[str, int]:
    counts = {}

    def put(model, rows, key=None):
        if rows:
            _insert(model, rows, key)
        counts[model.__tablename__] = counts.get(model.__tablename__, 0) + len(rows)

    counts["rabies_certificate"] = write_certificates(town)
    fee = town.fee
    counts["license"] = _insert_objects(License, town.licenses, lambda lic: dict(
        number=lic.number, dog_id=lic.dog.id, kind="individual", issued_on=lic.issued_on, term_years=lic.term,
        expires_on=lic.expires_on, altered=lic.altered, rabies_certificate_id=lic.cert.id,
        fee_total=fee(lic.altered, lic.term)[1], fee_lines=fee(lic.altered, lic.term)[0], status=lic.status,
        issued_by_id=town.clerk.id, created_at=lic.created_at), key=("number",))
    entry = ("entry_id",)
    put(SwornComplaint, town.complaints, entry)
    put(Summons, town.summonses)
    put(Hearing, town.hearings, ("complaint_id",))
    put(CourtOrder, town.orders, ("complaint_id",))
    put(CourtOrder, town.lifts)
    put(Violation, town.violations, entry)
    put(Violation, town.corrections, entry)
    put(TicketBlock, town.blocks, ("first",))
    put(AppearanceTicket, town.tickets, entry)
    put(TicketNumberUse, town.number_uses)
    put(Disposition, town.dispositions, ("ticket_id", "complaint_id", "decided_on", "code"))
    put(Impoundment, town.impoundments, entry)
    put(ImpoundmentNotice, town.notices)
    put(RabiesRequest, town.rabies_requests, entry)
    counts["receipt"] = _insert_objects(Receipt, town.receipts, lambda r: dict(
        number=r.number, method=r.method, reference=r.reference, payer_name=r.payer_name,
        received_on=r.received_on, received_by_id=r.received_by_id, created_at=r.created_at), key=("number",))
    put(Payment, [_payment(**{k: v for k, v in row.items() if k != "memo"}, memo=row["memo"]())
                  for row in town.waived])
    counts["payment"] += write_payments(town)
    for disp in town.kennel_dispositions:
        if isinstance(disp["receipt_id"], ReceiptRecord):
            disp["receipt_id"] = disp["receipt_id"].id
    put(ImpoundmentDisposition, town.kennel_dispositions)
    put(FieldEntry, entry_rows(town))
    counts["dog_owner (since updated)"] = write_owner_since(town)
    return {k: v for k, v in counts.items() if v}

def write_certificates(town: Town) -> int:
    """The history's certificates, with the one `seed_bulk` filed still presented last (the
    card reads the highest id): a dog's oldest history certificate takes over that row
    (its id is lower than any new row's), the others are inserted in the order presented,
    then the dog's current certificate again, which its current license now names."""
    c, lic = RabiesCertificate.__table__, License.__table__
    takeover, new = [], []
    for dog in town.dogs:
        if not dog.certs:
            dog.cert.id = dog.cert_row_id
            continue
        first = dog.certs[0]
        first.id = dog.cert_row_id
        takeover.append({"b_id": first.id, "vet_name": first.vet_name, "vaccinated_on": first.vaccinated_on,
                         "valid_until": first.valid_until, "certificate_number": first.certificate_number,
                         "created_at": first.created_at})
        new += dog.certs[1:]
    new.sort(key=lambda cert: cert.created_at)
    new += [dog.cert for dog in town.dogs if dog.certs]
    for start in range(0, len(takeover), CHUNK):
        db.session.execute(update(c).where(c.c.id == bindparam("b_id")), takeover[start:start + CHUNK])
    _insert_objects(RabiesCertificate, new, lambda x: dict(
        dog_id=x.dog_id, vet_name=x.vet_name, vaccinated_on=x.vaccinated_on, valid_until=x.valid_until,
        certificate_number=x.certificate_number, exempt_statement=False, created_at=x.created_at),
        key=("dog_id", "vaccinated_on"))
    moved = [{"b_id": dog.current_license_id, "rabies_certificate_id": dog.cert.id} for dog in town.dogs
             if dog.certs and dog.current_license_id is not None]
    for start in range(0, len(moved), CHUNK):
        db.session.execute(update(lic).where(lic.c.id == bindparam("b_id")), moved[start:start + CHUNK])
    return len(new)

def write_payments(town: Town) -> int:
    """Each receipt's lines (`record_receipt`): a license's fee lines, or its own lines."""
    table, n, batch = Payment.__table__, 0, []
    for r in town.receipts:
        common = {"receipt_id": r.id, "received_on": r.received_on, "received_by_id": r.received_by_id,
                  "created_at": r.created_at}
        if r.license is not None:
            lic = r.license
            batch += [_payment(kind=ln["kind"], amount=Decimal(ln["amount"]), dog_id=lic.dog.id, license_id=lic.id,
                               memo=f"License {lic.number}: {ln['label']}", **common)
                      for ln in town.fee(lic.altered, lic.term)[0] if Decimal(ln["amount"]) > 0]
        else:
            batch += [_payment(**{k: v["id"] if isinstance(v, Row) else v for k, v in ln.items() if k != "memo"},
                               memo=ln["memo"]() if callable(ln["memo"]) else ln["memo"], **common)
                      for ln in r.lines]
        if len(batch) >= CHUNK:
            db.session.execute(insert(table), batch)
            n, batch = n + len(batch), []
    if batch:
        db.session.execute(insert(table), batch)
    return n + len(batch)

def entry_rows(town: Town) -> list[dict]:
    from ...services.entries import payload_hash
    return [{"id": entry_id, "kind": kind, "officer_id": officer_id, "payload": payload,
             "payload_hash": payload_hash(kind, payload), "device_recorded_at": recorded,
             "server_received_at": received, "result": result()}
            for entry_id, kind, officer_id, payload, recorded, received, result in town.entries]

def write_owner_since(town: Town) -> int:
    """The owner of record since the dog's first record (its first license or event), not
    since the day `seed_bulk` put down for every dog."""
    lnk = DogOwner.__table__
    moved = []
    for dog in town.dogs:
        if dog.link_id is None or dog.earliest is None or dog.since is None:
            continue
        since = max(dog.born_on + timedelta(days=56), dog.earliest - timedelta(days=town.rng.randint(0, 60)))
        if since < dog.since:
            moved.append({"b_id": dog.link_id, "since": since})
    if moved:
        db.session.execute(update(lnk).where(lnk.c.id == bindparam("b_id")), moved)
    return len(moved)


def _by_year(items, year_of):
    """(year, items of that year) for items sorted by date."""
    out = {}
    for item in items:
        out.setdefault(year_of(item), []).append(item)
    return sorted(out.items())


def _payment(*, kind, amount, dog_id=None, license_id=None, disposition_id=None, impoundment_id=None,
             receipt_id=None, received_on, received_by_id, memo, waived_reason=None, created_at) -> dict:
    """A Payment row with every column the ledger's lines may fill (one shape for executemany)."""
    if isinstance(impoundment_id, Row):
        impoundment_id = impoundment_id["id"]
    return {"kind": kind, "amount": amount, "dog_id": dog_id, "license_id": license_id,
            "disposition_id": disposition_id, "impoundment_id": impoundment_id, "receipt_id": receipt_id,
            "received_on": received_on, "received_by_id": received_by_id, "memo": (memo or "")[:200] or None,
            "waived_reason": waived_reason, "created_at": created_at}


def _insert(model, rows: list, key: tuple | None = None) -> None:
    """Core bulk INSERTs of `rows`, a batch at a time: a value that is a Row is that row's id,
    keys that are not columns are left out, rows with other columns go in their own statement
    (an executemany takes one shape). With `key` (columns unique among the rows), each row gets
    its new id, found by its key in what the INSERT returns."""
    table = model.__table__
    columns = set(table.c.keys())
    for start in range(0, len(rows), CHUNK):
        shapes = {}
        for row in rows[start:start + CHUNK]:
            clean = {k: (v["id"] if isinstance(v, Row) else v) for k, v in row.items() if k in columns}
            originals, cleaned = shapes.setdefault(frozenset(clean), ([], []))
            originals.append(row)
            cleaned.append(clean)
        for originals, cleaned in shapes.values():
            ids = _execute(table, cleaned, key)
            if key:
                for row, clean in zip(originals, cleaned, strict=True):
                    row["id"] = ids[tuple(clean[k] for k in key)]


def _insert_objects(model, objects: list, to_row, key: tuple) -> int:
    """Core bulk INSERTs of `objects` as `to_row(obj)`, a batch at a time; each object gets its
    id, found by `key` (columns unique among the rows) in what the INSERT returns."""
    table = model.__table__
    for start in range(0, len(objects), CHUNK):
        batch = objects[start:start + CHUNK]
        rows = [to_row(obj) for obj in batch]
        ids = _execute(table, rows, key)
        for obj, row in zip(batch, rows, strict=True):
            obj.id = ids[tuple(row[k] for k in key)]
    return len(objects)


def _execute(table, rows: list[dict], key: tuple | None) -> dict:
    """One executemany INSERT; with `key`, {key values: new id} of the rows it wrote, read back
    by one SELECT of the ids past the largest before it (a RETURNING costs more: in the rows'
    order twice as much on SQLite, and psycopg parses each many-row INSERT ... RETURNING anew)."""
    if not key:
        db.session.execute(insert(table), rows)
        return {}
    before = db.session.execute(select(func.max(table.c.id))).scalar() or 0
    db.session.execute(insert(table), rows)
    ids = {tuple(r[1:]): r[0] for r in db.session.execute(
        select(table.c.id, *(table.c[k] for k in key)).where(table.c.id > before))}
    if len(ids) != len(rows):
        raise ValueError(f"{table.name}: the key {key} is not unique among the rows")
    return ids
