"""The phone's outbox, driven as its pages drive it, for the browser tests of working with no
signal (test_offline_outbox.py, test_outbox_refusals.py): the ticket book's voids are the entries."""


from fieldapp.extensions import db
from fieldapp.models import FieldEntry
from fieldapp.models.tickets import TicketNumberUse


def wait_ready(page):
    """The outbox set up: worker controlling the page, pages cached, session known, block reserved."""
    # A first install precaches the whole shell: on a busy machine that can take longer than 30 s.
    page.wait_for_function("window.outbox !== undefined", timeout=60000)
    page.evaluate("window.outbox.ready")
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
    except Exception as exc:  # say where the worker got stuck, for the CI log
        state = page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            if (!reg) return 'no registration';
            return ['installing', 'waiting', 'active'].map((k) => k + '=' + (reg[k] ? reg[k].state : '-')).join(' ');
        }""")
        raise AssertionError(f"no service worker controls the page: {state}") from exc


def open_book(page, url):
    page.goto(f"{url}/tickets/book")
    wait_ready(page)


def numbers_on_phone(page):
    return page.evaluate("""async () => {
        const row = await window.outbox.core.getMeta('tickets:' + document.body.dataset.userId);
        return row ? row.value.remaining : [];
    }""")


def void_offline(page, number, reason="spoiled"):
    page.fill("#void-number", number)
    page.fill("#void-reason", reason)
    with page.expect_navigation(url="**/tickets/book?voided=*"):
        page.click("#void-form button[type=submit]")
    wait_ready(page)


def outbox_count(page):
    return int(page.text_content("#outbox-count"))


def wait_sent(page, timeout=15000):
    page.wait_for_function("document.getElementById('outbox-count').textContent === '0'", timeout=timeout)


def stored(live_server):
    app = live_server.app()
    with app.app_context():
        entries = db.session.execute(db.select(FieldEntry)).scalars().all()
        voids = db.session.execute(db.select(TicketNumberUse).filter_by(status="void")).scalars().all()
        result = sorted(e.id for e in entries), sorted(v.number for v in voids)
        db.engine.dispose()
    return result


def queue_copies(page, template_number, copies):
    """Entries put in the outbox as a page's script would, each a copy of the void of
    `template_number` with its payload changed: [[number, {field: value}], ...] in order."""
    return page.evaluate("""async ([template, copies]) => {
        const all = await window.outbox.core.all('outbox');
        const row = all.find((e) => e.payload.ticket_number === template);
        let seq = Math.max(...all.map((e) => e.seq));
        const ids = [];
        for (const [number, changes] of copies) {
            const payload = Object.assign({}, row.payload, {ticket_number: number});
            Object.assign(payload, changes);
            const copy = Object.assign({}, row, {id: crypto.randomUUID(), seq: ++seq, payload});
            await window.outbox.core.put('outbox', copy);
            ids.push(copy.id);
        }
        return ids;
    }""", [template_number, copies])


def entry_states(page):
    return page.evaluate("""async () => Object.fromEntries((await window.outbox.core.all('outbox'))
        .map((e) => [e.id, {status: e.status, error: JSON.stringify(e.last_error)}]))""")
