"""Every form of the signed-in pages: a crawler of the pages a role can open (links followed from
its start page, GET only, a few pages of each shape of address) and the forms on them (`<form
method=post>`, and the GET forms: searches, periods of a report), read with html.parser: each
field as the page rendered it."""
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

SKIP = re.compile(r"^/(static/|sw\.js|logout|api/)|\.(pdf|csv|png|svg|jpg|js|json|webmanifest)$|/photo")
PER_SHAPE = 2  # pages of one shape of address (/clerk/dogs/<n>) opened


@dataclass
class Field:
    name: str
    kind: str  # text, textarea, select, checkbox, radio, hidden, date, number, file, ...
    value: str = ""
    checked: bool = False
    options: list = field(default_factory=list)


@dataclass
class Form:
    page: str
    action: str
    enctype: str
    fields: list
    method: str = "post"
    htmx: list = field(default_factory=list)  # (method, url) of htmx requests that send this form

    def data(self) -> dict:
        """The form as the page rendered it, ready to post: {name: [values]}."""
        data: dict = {}
        for f in self.fields:
            if f.kind in ("checkbox", "radio"):
                if f.checked:
                    data.setdefault(f.name, []).append(f.value or "on")
            elif f.kind == "file":
                continue
            elif f.kind in ("submit", "button", "image"):
                continue
            else:
                data.setdefault(f.name, []).append(f.value)
        for f in self.fields:  # a radio group with nothing checked: its first choice
            if f.kind == "radio" and f.name not in data:
                data[f.name] = [f.value]
        return data

    def typed_fields(self) -> list:
        """One entry per name a person or a page sets (each radio group and check box once)."""
        seen, out = set(), []
        for f in self.fields:
            if f.name and f.name not in seen and f.name != "csrf_token" and f.kind not in ("submit", "button",
                                                                                          "image", "file"):
                seen.add(f.name)
                out.append(f)
        return out


class _Parser(HTMLParser):
    def __init__(self, page):
        super().__init__(convert_charrefs=True)
        self.page, self.forms, self.links = page, [], []
        self.form = self.select = self.textarea = self.option = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            method = a.get("method", "get").lower()
            self.form = Form(self.page, urljoin(self.page, a.get("action") or self.page), a.get("enctype", ""), [],
                             "post" if method == "post" else "get")
            self.forms.append(self.form)
        elif self.form is None:
            return
        if a.get("hx-include", "").endswith("form") or tag == "form":
            for verb in ("get", "post"):
                if a.get(f"hx-{verb}"):
                    self.form.htmx.append((verb, urljoin(self.page, a[f"hx-{verb}"])))
        if tag == "input" and a.get("name"):
            self.form.fields.append(Field(a["name"], a.get("type", "text").lower(), a.get("value", ""),
                                          "checked" in a))
        elif tag == "button" and a.get("name"):
            self.form.fields.append(Field(a["name"], "submit", a.get("value", "")))
        elif tag == "textarea" and a.get("name"):
            self.textarea = Field(a["name"], "textarea", "")
            self.form.fields.append(self.textarea)
        elif tag == "select" and a.get("name"):
            self.select = Field(a["name"], "select", None)
            self.form.fields.append(self.select)
        elif tag == "option" and self.select is not None:
            value = a.get("value")
            self.option = [value, "selected" in a, ""]
            self.select.options.append(self.option)

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea.value += data
        elif self.option is not None:
            self.option[2] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "option":
            self.option = None
        elif tag == "select" and self.select is not None:
            options = [(v if v is not None else text.strip(), sel) for v, sel, text in self.select.options]
            chosen = [v for v, sel in options if sel] or [v for v, _ in options[:1]]
            self.select.value = chosen[0] if chosen else ""
            self.select.options = [v for v, _ in options]
            self.select = None


def parse(page: str, html: str):
    parser = _Parser(page)
    parser.feed(html)
    if parser.textarea is not None:  # an unclosed textarea: take what was read
        parser.textarea = None
    return parser.forms, parser.links


def shape(path: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"/t/[^/]+", "/t/T", re.sub(r"/SC-\d+", "/SC-N", path)))


def walk(client, start="/", limit=120):
    """(pages opened, forms found) from `start`, following links within the site."""
    queue, seen, shapes, forms = [start], set(), {}, []
    while queue and len(seen) < limit:
        url = queue.pop(0)
        parts = urlsplit(url)
        if parts.netloc or SKIP.search(parts.path):
            continue
        key = parts.path + ("?" + parts.query if parts.query else "")
        if key in seen or shapes.get(shape(key), 0) >= PER_SHAPE:
            continue
        seen.add(key)
        shapes[shape(key)] = shapes.get(shape(key), 0) + 1
        response = client.get(key)
        if response.status_code != 200 or "text/html" not in response.content_type:
            continue
        page_forms, links = parse(key, response.get_data(as_text=True))
        for form in page_forms:  # the form itself, and each htmx request that sends its fields
            forms.append(form)
            forms.extend(Form(form.page, url, form.enctype, form.fields, verb) for verb, url in form.htmx)
        queue.extend(urljoin(key, link).split("#")[0] for link in links)
    return seen, forms
