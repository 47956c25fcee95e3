"""The clerk's renewals and follow-up lists a page at a time (county size: 20,000 lines at
50,000 dogs): the counts from SQL equal the whole list's, walking the pages by their links
(no JavaScript) gives every line once in order with the filters kept, a page past either end
shows the end, and the letters and labels PDFs hold exactly the list chosen, at most
LETTERS_MAX letters a PDF. On a bulk town of 200 dogs with five years of past, pages of 4."""
import html
import re

import pytest

from fieldapp import create_app, paging
from fieldapp.cli import DEMO_PASSWORD, seed_demo
from fieldapp.extensions import db
from fieldapp.models import License, RenewalNotice
from fieldapp.services import follow_up, renewal_lists, renewals
from fieldapp.timeutil import local_today

from ..conftest import make_test_config
from ..databases import empty_database_uri
from ..pdf_layout import text_runs

PER = 4


@pytest.fixture(autouse=True)
def small_pages(monkeypatch):
    monkeypatch.setattr(paging, "PER_PAGE", PER)


def _bulk_town(tmp_path_factory, label):
    app = create_app(make_test_config(empty_database_uri(tmp_path_factory.mktemp(label), label)))
    with app.app_context():
        db.create_all()
        seed_demo(n_dogs=200)
        db.session.remove()
    return app


@pytest.fixture(scope="module")
def town(tmp_path_factory):
    """Read only: the tests here print no letters on it."""
    app = _bulk_town(tmp_path_factory, "lists")
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def fresh_town(tmp_path_factory):
    """A town of its own for a test that prints letters (they record notices)."""
    app = _bulk_town(tmp_path_factory, "letters")
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def clerk_of(app):
    client = app.test_client()
    assert client.post("/login", data={"username": "clerk", "password": DEMO_PASSWORD}).status_code == 302
    return client


def whole_renewal_list(app, within, expired):
    """The whole list as the full-list service makes it (the rule; no paging)."""
    with app.app_context():
        items = renewals.renewal_items(local_today(), within, expired)
        letters = renewals.owner_letters(items)
        return [i.license.number for i in items], [lt.owner.full_name for lt in letters], items


def link(page, rel):
    found = re.search(rf'rel="{rel}" href="([^"]+)"', page)
    return html.unescape(found.group(1)) if found else None


def license_numbers(page):
    return re.findall(r"— license (\S+), (?:expired|expires)", page)


def pdf_text(data):
    return "\n".join(run[4] for page in text_runs(data) for run in page)


@pytest.mark.parametrize("within, expired", [(90, 1), (30, 0)])
def test_renewal_pages_walked_by_their_links_give_the_whole_list_once_in_order(town, within, expired):
    numbers, owners, items = whole_renewal_list(town, within, expired)
    assert len(numbers) > 2 * PER  # several pages
    clerk = clerk_of(town)
    per_window = {w: sum(1 for i in items if i.window == w) for w in {i.window for i in items}}
    url, seen, pages = f"/clerk/renewals/?within={within}&expired={expired}", [], 0
    while url:
        page = clerk.get(url).get_data(as_text=True)
        pages += 1
        # Each window's heading counts the whole list's lines in it (SQL), not the page's.
        headings = re.findall(r'\(([\d,]+)\)</h2>\s*<ul class="cards renewal-list" id="renewals-(\w+)"', page)
        assert headings and all(int(n.replace(",", "")) == per_window[w] for n, w in headings)
        on_page = license_numbers(page)
        assert 0 < len(on_page) <= PER
        first = len(seen) + 1
        assert f"{first:,}–{len(seen) + len(on_page):,} of {len(numbers):,}" in page
        seen += on_page
        url = link(page, "next")
        if url:  # the filter is kept in the link
            assert f"within={within}" in url and f"expired={expired}" in url
    assert seen == numbers and pages == -(-len(numbers) // PER)
    # The counts from SQL equal the whole list's.
    assert f"{len(numbers):,} licenses" in page and f"{len(owners):,} owner" in page


def test_renewal_first_and_last_pages_and_pages_past_either_end(town):
    numbers, _, _ = whole_renewal_list(town, 90, True)
    clerk = clerk_of(town)
    first = clerk.get("/clerk/renewals/?within=90&expired=1").get_data(as_text=True)
    assert license_numbers(first) == numbers[:PER]
    assert link(first, "prev") is None and link(first, "next").endswith("page=2")
    assert ">Last<" in first and ">First<" not in first
    last_number = -(-len(numbers) // PER)
    last = clerk.get(f"/clerk/renewals/?within=90&expired=1&page={last_number}").get_data(as_text=True)
    assert license_numbers(last) == numbers[(last_number - 1) * PER:]
    assert link(last, "next") is None and link(last, "prev").endswith(f"page={last_number - 1}")
    assert f"–{len(numbers):,} of {len(numbers):,}" in last
    for past in (last_number + 5, 10**9):
        assert license_numbers(clerk.get(f"/clerk/renewals/?within=90&expired=1&page={past}")
                               .get_data(as_text=True)) == numbers[(last_number - 1) * PER:]
    for before in ("0", "-3", "x"):
        assert license_numbers(clerk.get(f"/clerk/renewals/?within=90&expired=1&page={before}")
                               .get_data(as_text=True)) == numbers[:PER]


def test_renewal_page_says_how_many_letters_the_selection_makes(town):
    _, owners, _ = whole_renewal_list(town, 30, False)
    page = clerk_of(town).get("/clerk/renewals/?within=30&expired=0").get_data(as_text=True)
    assert f"This list makes {len(owners):,} letter" in page
    with town.app_context():
        assert renewal_lists.letter_counts(local_today(), 30, False) == (len(owners), len(owners))


def test_renewal_letters_pdf_holds_exactly_the_selection_a_cap_at_a_time(fresh_town, monkeypatch):
    """Letters for the list chosen (not the page): one per owner in name order, at most
    LETTERS_MAX a PDF, read a CHUNK of owners at a time; the next print starts after the
    letters already sent; writing again, from the letter chosen."""
    monkeypatch.setattr(renewal_lists, "LETTERS_MAX", 4)
    monkeypatch.setattr(renewal_lists, "CHUNK", 3)
    numbers, owners, items = whole_renewal_list(fresh_town, 30, False)
    assert len(owners) > 4
    clerk = clerk_of(fresh_town)
    page = clerk.get("/clerk/renewals/?within=30&expired=0").get_data(as_text=True)
    assert "A PDF holds at most 4 letters" in page and 'name="start"' in page
    r = clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "0"})
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    text = pdf_text(r.data)
    assert [o for o in owners if f"Dear {o}," in text] == owners[:4]
    with fresh_town.app_context():
        sent = set(db.session.scalars(db.select(License.number).join(RenewalNotice)).all())
    first_four = {i.license.number for i in items if i.dog.primary_owner.full_name in owners[:4]}
    assert sent == first_four
    text = pdf_text(clerk.post("/clerk/renewals/letters.pdf", data={"within": "30", "expired": "0"}).data)
    assert [o for o in owners if f"Dear {o}," in text] == owners[4:8]
    text = pdf_text(clerk.post("/clerk/renewals/letters.pdf",
                               data={"within": "30", "expired": "0", "again": "1", "start": "3"}).data)
    assert [o for o in owners if f"Dear {o}," in text] == owners[2:6]
    after = clerk.get("/clerk/renewals/?within=30&expired=0").get_data(as_text=True)
    assert f"This list makes {len(owners) - 8:,} letter" in after


def test_renewal_labels_are_the_selections_owners_each_once(town):
    _, owners, _ = whole_renewal_list(town, 90, True)
    r = clerk_of(town).get("/clerk/renewals/labels.pdf?within=90&expired=1")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    names = [run[4] for page in text_runs(r.data) for run in page if run[4] in set(owners)]
    assert names == owners


def test_follow_up_lists_paged_each_by_its_own_links_keeping_the_other(town):
    with town.app_context():
        today = local_today()
        never = [k.dog.id for k in follow_up.never_licensed(today)]
        expired = [i.license.number for i in follow_up.expired_over_30(today)]
    assert len(expired) > PER
    clerk = clerk_of(town)
    url, seen = "/clerk/follow-up/?never_page=1", []
    while url:
        page = clerk.get(url).get_data(as_text=True)
        listed = page[page.index('id="expired-over-30"'):]
        seen += re.findall(r"— license (\S+) expired", listed)
        next_links = [html.unescape(h) for h in re.findall(r'rel="next" href="([^"]+)"', page)]
        nxt = next((h for h in next_links if h.endswith("#expired-heading")), None)
        if nxt:
            assert "never_page=1" in nxt  # the other list's page is kept
        url = nxt
    assert seen == expired
    assert f"Licenses expired over 30 days (§5(A)(4)) ({len(expired):,})" in page
    assert f"never licensed (§5(A)(1)) ({len(never):,})" in page
    first = clerk.get("/clerk/follow-up/").get_data(as_text=True)
    listed = first[first.index('id="never-licensed"'):first.index('id="expired-heading"')] if never else ""
    assert [int(d) for d in re.findall(r'href="/clerk/dogs/(\d+)"', listed)] == never[:PER]
