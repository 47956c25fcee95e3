"""A file the app makes is a download, and no link or form that leads to one is boosted by htmx
(a boosted GET swaps the PDF's bytes into the page as text)."""
import ast
import inspect
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "fieldapp"


def file_endpoints(app) -> set[str]:
    """Endpoints whose view answers with `file_response(..., filename=...)`: a file to keep."""
    found = set()
    for endpoint, view in app.view_functions.items():
        view = inspect.unwrap(view)
        path = Path(view.__code__.co_filename)
        if PACKAGE not in path.parents:
            continue
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name == view.__name__:
                segment = ast.get_source_segment(source, node)
                if "file_response(" in segment and "filename=" in segment:
                    found.add(endpoint)
    return found


def test_the_files_are_found(app):
    assert {"clerk.licenses_pdf", "clerk.licenses_csv", "seizure_reports.dl18_csv", "seizure_reports.dl18_pdf",
            "field.impoundment_notice_letter_pdf"} <= file_endpoints(app)


def test_no_link_or_form_to_a_file_is_boosted(app):
    """Each `<a href>` or `<form action>` naming a file endpoint carries hx-boost="false"; a
    button's `formaction` counts for its form."""
    files = file_endpoints(app)
    faults = []
    for template in (PACKAGE / "templates").rglob("*.html"):
        text = template.read_text()
        for tag in re.finditer(r"<(a|form|button)\b[^>]*>", text, re.S):
            for endpoint in re.findall(r"url_for\('([\w.]+)'", tag.group(0)):
                if endpoint not in files:
                    continue
                element = tag.group(0)
                if tag.group(1) == "button":
                    element = text[:tag.start()].rsplit("<form", 1)[1].split(">", 1)[0]
                if 'hx-boost="false"' not in element:
                    faults.append(f"{template.relative_to(PACKAGE)}: {tag.group(0)[:100]}")
    assert not faults, "boosted links to files:\n" + "\n".join(faults)


@pytest.mark.parametrize("url,name", [
    ("/clerk/reports/licenses.pdf?from=2026-01-01&to=2026-12-31", "licenses-2026-01-01-2026-12-31.pdf"),
    ("/clerk/reports/licenses.csv?from=2026-01-01&to=2026-12-31", "licenses-2026-01-01-2026-12-31.csv"),
    ("/reports/dl18.csv?from=2026-01-01&to=2026-12-31", "dl18-2026-01-01-2026-12-31.csv"),
])
def test_a_file_is_an_attachment_with_its_name(client, auth, url, name):
    auth.login("clerk")
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'attachment; filename="{name}"'


@pytest.mark.parametrize("method,url,data", [
    ("get", "/clerk/reports/licenses.pdf?from=2020-01-01&to=2030-12-31", None),
    ("get", "/clerk/renewals/labels.pdf?within=90&expired=1", None),
    ("post", "/clerk/renewals/letters.pdf", {"within": "90", "expired": "1"}),
    ("get", "/tags/sheet.pdf?serials=1-10", None),
])
def test_a_printed_file_reads_cleanly(client, auth, method, url, data):
    """No two runs of text print over each other on any page of the demo town's PDFs."""
    from tests.pdf_layout import overprints
    auth.login("clerk")
    response = client.post(url, data=data) if method == "post" else client.get(url)
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    assert overprints(response.data) == []
