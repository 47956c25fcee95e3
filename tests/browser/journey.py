"""Walking the app as a person does: sign in, start at `/`, then only tap what is on screen.

`Phone` wraps a Playwright page on a 360 x 740 touch screen. Every tap that lands on a new
screen is checked the way a person would notice a fault:
- the stylesheets in effect are those of a full load of the same address (a boosted swap that
  lost a stylesheet looks fine to `page.goto`, and wrong to the officer);
- no tap target is smaller than 44 x 44 px (a checkbox counts with its label);
- nothing scrolls sideways.
Only the start (`/login`) is opened by address.
"""
from dataclasses import dataclass, field

WIDTH, HEIGHT = 360, 740
MIN_TARGET = 44

# What can be tapped, and how big it really is: a control inside a <label> is as big as its label.
_TAP_TARGETS_JS = """(min) => {
  const seen = [];
  const visible = (el) => {
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const els = document.querySelectorAll(
    'a[href], button, select, textarea, summary, [role=button], ' +
    'input:not([type=hidden])');
  for (const el of els) {
    if (!visible(el) || el.closest('[hidden], .skip, [inert], [aria-hidden="true"]')) continue;
    let box = el.getBoundingClientRect();
    const label = el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`));
    if (label && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')) {
      box = label.getBoundingClientRect();
    }
    if (box.width < min || box.height < min) {
      seen.push(`${Math.round(box.width)}x${Math.round(box.height)} ` +
                el.outerHTML.slice(0, 120));
    }
  }
  return seen;
}"""

_STYLESHEETS_JS = """() => [...document.styleSheets]
  .filter((s) => !s.disabled && (!s.ownerNode || !s.ownerNode.closest('template')))
  .map((s) => s.href ? new URL(s.href).pathname : 'inline')
  .sort()"""


def phone_context(browser, **kwargs):
    """A phone: 360 x 740, touch, a mobile viewport."""
    return browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True,
                               is_mobile=True, device_scale_factor=2, **kwargs)


@dataclass
class Phone:
    page: object
    base_url: str
    screens: list = field(default_factory=list)
    check_styles: bool = True  # offline, a full load of the address cannot be compared

    # --- moving -------------------------------------------------------------------------
    def start(self, username=None, password="sandycreek"):
        """The one address typed: the sign-in page (or `/` for a finder's first screen)."""
        if username is None:
            return self
        self.page.goto(f"{self.base_url}/login")
        self.page.get_by_label("Username").fill(username)
        self.page.get_by_label("Password").fill(password)
        self.tap_button("Sign in")
        self.page.wait_for_url(f"{self.base_url}/")
        self.check_screen()
        return self

    def tap(self, locator, wait_for_url=None):
        locator.first.tap()
        if wait_for_url:
            self.page.wait_for_url(wait_for_url)
        self.page.wait_for_load_state()
        self.settle()
        self.check_screen()
        return self

    def tap_link(self, name, exact=False, **kw):
        return self.tap(self.page.get_by_role("link", name=name, exact=exact), **kw)

    def tap_button(self, name, exact=False, **kw):
        locator = self.page.get_by_role("button", name=name, exact=exact)
        locator.first.tap()
        if kw.get("wait_for_url"):
            self.page.wait_for_url(kw["wait_for_url"])
        self.page.wait_for_load_state()
        self.settle()
        return self

    def settle(self):
        """htmx swaps and the outbox run after the load event: wait until htmx is idle."""
        self.page.wait_for_function(
            "!document.querySelector('.htmx-request') && document.readyState === 'complete'")

    # --- looking ------------------------------------------------------------------------
    def check_screen(self):
        """The three faults a person meets first, on whatever is on screen now."""
        page = self.page
        url = page.url
        self.screens.append(url)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= WIDTH, f"{url}: the page scrolls sideways ({width} px wide at {WIDTH} px)"
        small = page.evaluate(_TAP_TARGETS_JS, MIN_TARGET)
        assert not small, f"{url}: tap targets under {MIN_TARGET} px:\n" + "\n".join(small)
        if self.check_styles:
            here = page.evaluate(_STYLESHEETS_JS)
            fresh = page.context.new_page()
            try:
                fresh.goto(url)
                full = fresh.evaluate(_STYLESHEETS_JS)
            finally:
                fresh.close()
            assert here == full, f"{url}: stylesheets after tapping {here} != full load {full}"

    def text(self, selector="main"):
        return self.page.locator(selector).inner_text()
