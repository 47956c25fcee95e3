"""The installable app: service worker, outbox and offline pages, ticket number book.

/sw.js is served from the root so its scope is the whole app. Its version is a hash of the
static files and the templates, computed here, so every deploy changes the worker byte for
byte and the phones install the new shell (and drop the old caches).

The phone's JavaScript names no URL of its own: the pages get `js_urls()` (base.html, as JSON
in #app-urls) and the worker the same table in its SHELL, all from url_for, so the app works
under a URL prefix.
"""
import hashlib
import json
import os
import posixpath
from datetime import UTC, datetime

from flask import Response, current_app, flash, g, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from ..auth import permission_required
from ..extensions import db
from ..services import ticket_numbers
from ..services.entries import form_to_payload, submit_entry
from . import bp

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# service_worker/sw.js at the top of the repository; an installed wheel carries it as
# fieldapp/service_worker/sw.js (setup.py maps the folder into the package).
SW_SOURCES = [os.path.join(os.path.dirname(PACKAGE), "service_worker", "sw.js"),
              os.path.join(PACKAGE, "service_worker", "sw.js")]
SW_SOURCE = next((p for p in SW_SOURCES if os.path.exists(p)), SW_SOURCES[0])

# Pages an officer needs with no signal (endpoints). Cached from the signed-in page (they carry the user).
SHELL_PAGES = ["main.home", "field.scan", "field.new_violation", "field.new_seizure", "field.new_ticket",
               "field.new_complaint", "field.what_next", "pwa.outbox", "pwa.offline", "pwa.offline_card",
               "pwa.ticket_book", "field.impoundments", "field.to_serve",  # board, §9 list: as of app open
               "calls.queue",  # the open calls as of app open; their steps go to the outbox
               "calls.new_call"]  # a call recorded in the field with no signal
# Form pages are matched without their query string (?dog=12 opens the same cached form).
# So is "what now" (?entry=...&kind=...&dog=...): field.js and entry-state.js fill it in on the phone.
IGNORE_SEARCH = ["field.new_violation", "field.new_seizure", "field.new_ticket",
                 "field.new_complaint", "field.scan", "pwa.ticket_book", "field.what_next"]
STATIC_SKIP = {"README.md"}


def _template(endpoint, **parts) -> str:
    """A URL with named holes, e.g. "/t/{token}": url_for with stand-in values, then the names put back."""
    stand_ins = {name: str(987654321 + i) for i, name in enumerate(parts)}
    url = url_for(endpoint, **{arg: stand_ins[name] for name, arg in parts.items()})
    for name, value in stand_ins.items():
        url = url.replace(value, "{" + name + "}")
    return url


def js_urls() -> dict:
    """Every URL the phone's JavaScript uses (static/js/urls.js): for the pages and the worker."""
    return {
        "root": url_for("main.home"), "sw": url_for("pwa.service_worker"), "outbox": url_for("pwa.outbox"),
        "sync": url_for("api.sync"), "syncBatch": url_for("api.sync_batch"),
        "photo": _template("api.sync_photo", id="entry_id", n="index"),
        "discarded": url_for("api.outbox_discarded"), "dataset": url_for("api.field_dataset"),
        "entryRules": url_for("api.entry_rules"),
        "ticketBlocks": url_for("api.ticket_blocks"),
        "tag": _template("tags.tag_page", token="token"), "dogCard": _template("field.dog_card", id="dog_id"),
        "scan": url_for("field.scan"), "lookup": url_for("field.lookup"),
        "newViolation": url_for("field.new_violation"), "newSeizure": url_for("field.new_seizure"),
        "newTicket": url_for("field.new_ticket"), "newComplaint": url_for("field.new_complaint"),
    }


@bp.app_context_processor
def _js_urls():
    return {"js_urls": js_urls}


def needs_signal(href: str) -> bool:
    """A link to a page the phone does not keep (not one of SHELL_PAGES): signal.js says so offline."""
    return href.split("?", 1)[0] not in {url_for(endpoint) for endpoint in SHELL_PAGES}


@bp.app_context_processor
def _needs_signal():
    return {"needs_signal": needs_signal, "town_forms": town_forms}


# The entry forms drawn in each town's law (field/entry_pages.py: form_town).
TOWN_FORMS = ["field.new_violation", "field.new_seizure", "field.new_ticket", "field.new_complaint"]


def town_forms() -> list[str]:
    """The entry forms of the towns an officer serves under another law than the town acted for's
    (`?town=<id>`): the phone keeps them with its other pages (app.js, sw.js: cachePages), so with
    no signal a violation in any of their towns is recorded on that town's form."""
    if not current_user.is_authenticated or not current_user.may("enforce"):
        return []
    from ..town import current_town, law_key_of, towns_to_pick
    acted = g.get("town_acted_for") or current_town()  # a form page drawn in another town's law
    return [url_for(endpoint, town=town_id) for town_id, _ in towns_to_pick()
            if law_key_of(town_id) != acted.law for endpoint in TOWN_FORMS]


def _static_files() -> list[str]:
    static = current_app.static_folder
    files = []
    for folder, _dirs, names in os.walk(static):
        for name in names:
            if name in STATIC_SKIP or name.startswith("."):
                continue
            rel = os.path.relpath(os.path.join(folder, name), static).replace(os.sep, "/")
            files.append(rel)
    return sorted(files)


def shell_version(files) -> str:
    """Hash of the static files' bytes, the templates' mtimes and the worker's own source."""
    digest = hashlib.sha256()
    static = current_app.static_folder
    for rel in files:
        digest.update(rel.encode())
        with open(os.path.join(static, rel), "rb") as fh:
            digest.update(fh.read())
    templates = os.path.join(current_app.root_path, "templates")
    for folder, _dirs, names in sorted(os.walk(templates)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            digest.update(f"{path}:{os.stat(path).st_mtime_ns}".encode())
    with open(SW_SOURCE, "rb") as fh:
        digest.update(fh.read())
    return digest.hexdigest()[:16]


def _shell() -> dict:
    """The static files, the shell version and the worker's source, read once per app (a deploy
    restarts the process; hashing ~400 KB on every /sw.js took 3-8 ms). With the debugger on all
    is read anew, so an edited file shows at once."""
    shell = current_app.extensions.get("pwa_shell")
    if shell is None or current_app.debug:
        files = _static_files()
        with open(SW_SOURCE, encoding="utf-8") as fh:
            source = fh.read()
        shell = current_app.extensions["pwa_shell"] = {
            "files": files, "version": shell_version(files), "source": source}
    return shell


def _worker_source(shell) -> str:
    # The worker's URLs: the pages' table and what only the worker needs (fetch routing, fallbacks).
    urls = {**js_urls(), "offline": url_for("pwa.offline"), "offlineCard": url_for("pwa.offline_card"),
            "login": url_for("auth.login"),
            "static": url_for("static", filename=""), "api": posixpath.dirname(url_for("api.sync")) + "/"}
    config = {"version": shell["version"], "static": [url_for("static", filename=f) for f in shell["files"]],
              "pages": [url_for(endpoint) for endpoint in SHELL_PAGES],
              "ignoreSearch": [url_for(endpoint) for endpoint in IGNORE_SEARCH]}
    config["urls"] = urls
    return shell["source"].replace("self.__SHELL__", json.dumps(config, separators=(",", ":")), 1)


@bp.get("/sw.js")
def service_worker():
    # The version (the hash of the shell's files) is computed once per app; the body is built per
    # request, as it carries URLs of this request's site root.
    body = _worker_source(_shell())
    response = Response(body, mimetype="text/javascript")
    # The browser must check for a new worker on every visit (and it does, at most daily, anyway).
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    """Shown by the worker for a page that is not saved on the phone (no user data on it)."""
    return render_template("pwa/offline.html")


@bp.get("/offline-card")
@permission_required("enforce")
def offline_card():
    """The status card drawn on the phone from its offline copy (static/js/offline-card.js)."""
    return render_template("pwa/offline_card.html")


@bp.get("/outbox")
@login_required
def outbox():
    """Entries waiting on this phone: drawn by static/js/outbox-page.js from IndexedDB."""
    return render_template("pwa/outbox.html")


@bp.get("/tickets/book")
@permission_required("issue_ticket")
def ticket_book():
    """§9: this phone's block of ticket numbers (kept in IndexedDB) and voiding a spoiled one."""
    mine = db.session.execute(db.select(ticket_numbers.TicketBlock).filter_by(officer_id=current_user.id)
                              .order_by(ticket_numbers.TicketBlock.first.desc()).limit(5)).scalars().all()
    return render_template("pwa/ticket_book.html", blocks=mine, remaining=ticket_numbers.remaining,
                           fmt=ticket_numbers.format_number, prefix=ticket_numbers.block_prefix, entry_id=_new_id())


@bp.post("/tickets/void")
@permission_required("issue_ticket")
def void_ticket():
    """§9 void without JavaScript: the same entry kind the outbox sends (one write path)."""
    payload = form_to_payload(request.form)
    outcome = submit_entry(current_user._get_current_object(), request.form.get("entry_id"), "ticket_void",
                           datetime.now(UTC).isoformat(), payload)
    if outcome.status in (200, 201):
        flash(f"{outcome.result['ticket_number']} is void.", "info")
        return redirect(url_for("pwa.ticket_book"))
    mine = db.session.execute(db.select(ticket_numbers.TicketBlock).filter_by(officer_id=current_user.id)
                              .order_by(ticket_numbers.TicketBlock.first.desc()).limit(5)).scalars().all()
    return render_template("pwa/ticket_book.html", blocks=mine, remaining=ticket_numbers.remaining,
                           fmt=ticket_numbers.format_number, prefix=ticket_numbers.block_prefix, entry_id=_new_id(),
                           errors=outcome.errors or {}, values=payload), 422


@bp.get("/tickets/numbers")
@permission_required("read_records")
def ticket_numbers_report():
    """§9 for the clerk (and any of the town's staff): every number issued is used or void; the
    rest are listed as gaps."""
    gaps, unused = ticket_numbers.accounts()
    return render_template("pwa/ticket_numbers.html", gaps=gaps, unused=unused, voids=ticket_numbers.voids())


def _new_id():
    import uuid
    return str(uuid.uuid4())
