"""The printed tags: every QR code on a real PDF sheet decodes to its tag's URL, and the number
printed in clear next to it is that dog's ID number (§4(H)). Rasterized with pypdfium2, decoded
with zxing-cpp."""
import io
import xml.etree.ElementTree as ET

import pypdfium2 as pdfium
import zxingcpp
from PIL import Image

from fieldapp.extensions import db
from fieldapp.models import Tag
from fieldapp.services.tags import make_blank_tags
from fieldapp.services.tags.sheets import STOCK

BASE = "https://dogs.sandycreekny.example"
DPI = 200


def read_sheet(pdf: bytes):
    """[(page, label index, decoded text, printed text in that label)] for every QR code found."""
    found = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for p in range(len(doc)):
            page = doc[p]
            width, height = page.get_size()
            image = page.render(scale=DPI / 72).to_pil()
            textpage = page.get_textpage()
            for code in zxingcpp.read_barcodes(image):
                pos = code.position
                px = (pos.top_left.x + pos.bottom_right.x) / 2 / (DPI / 72)
                py = height - (pos.top_left.y + pos.bottom_right.y) / 2 / (DPI / 72)
                index = min(range(STOCK.per_sheet),
                            key=lambda i: (STOCK.centre(i)[0] - px) ** 2 + (STOCK.centre(i)[1] - py) ** 2)
                cx, cy = STOCK.centre(index)
                r = STOCK.diameter / 2
                words = textpage.get_text_bounded(cx - r, cy - r, cx + r, cy + r)
                found.append((p, index, code.text, words))
            textpage.close()
            page.close()
    finally:
        doc.close()
    return found


def test_s4H_every_qr_on_the_sheet_decodes_to_its_tag_and_the_printed_id_is_that_dogs(app, client, auth):
    auth.login("clerk")
    with app.app_context():
        tags = db.session.execute(db.select(Tag).filter_by(status="active").order_by(Tag.serial)).scalars().all()
        expected = {f"{BASE}/t/{t.token}": t.dog.id_number for t in tags}
        ids = [t.id for t in tags]
    assert len(ids) > STOCK.per_sheet  # two pages
    resp = client.get("/tags/sheet.pdf", query_string={"id": ids})
    assert resp.status_code == 200 and resp.content_type == "application/pdf"
    found = read_sheet(resp.data)
    assert sorted(text for _, _, text, _ in found) == sorted(expected)  # every code, each once
    for page, index, text, words in found:
        assert f"ID {expected[text]}" in words, (page, index, words)
        assert "SANDY CREEK NY" in words and "Town Clerk (315) 387-3404" in words
    # Across then down, in serial order.
    order = [text for _, _, text, _ in sorted(found, key=lambda f: (f[0], f[1]))]
    assert order == list(expected)


def test_blank_tags_print_their_tag_number_and_a_line_for_the_id(app, client, auth):
    auth.login("clerk")
    with app.test_request_context():
        blanks = make_blank_tags(5, None)
        db.session.commit()
        expected = {f"{BASE}/t/{t.token}": t.serial for t in blanks}
        span = f"{blanks[0].serial}-{blanks[-1].serial}"
    resp = client.get("/tags/sheet.pdf", query_string={"serials": span, "skip": 3})
    found = read_sheet(resp.data)
    assert sorted(t for _, _, t, _ in found) == sorted(expected)
    assert sorted(i for _, i, _, _ in found) == [3, 4, 5, 6, 7]  # 3 used labels skipped
    for _, _, text, words in found:
        assert f"TAG {expected[text]}" in words and "ID ____" in words


def test_sheet_of_todays_licenses_has_only_tags_issued_today(app, client, auth):
    auth.login("clerk")
    with app.test_request_context():
        from fieldapp.models import Tag
        from fieldapp.timeutil import local_today
        from tests.factories import make_licensed_dog
        tag = make_licensed_dog().active_tag  # licensed today, its tag bound today
        db.session.commit()
        url, today = f"{BASE}/t/{tag.token}", local_today().isoformat()
        # The demo town licenses a few dogs today too (§5(A)(4)'s Clover and Hazel): those, and no other.
        todays = {f"{BASE}/t/{t.token}" for t in db.session.scalars(db.select(Tag).filter_by(bound_on=local_today()))}
    found = read_sheet(client.get("/tags/sheet.pdf", query_string={"bound_on": today}).data)
    assert url in todays and {t for _, _, t, _ in found} == todays


def test_sheet_needs_a_choice_and_the_clerk_role(client, auth):
    auth.login("clerk")
    assert client.get("/tags/sheet.pdf").status_code == 400
    auth.logout()
    auth.login("dco")
    assert client.get("/tags/sheet.pdf?id=1").status_code == 403


def test_tag_png_decodes_to_its_url_and_svg_shows_the_id(app, client, auth):
    auth.login("clerk")
    with app.app_context():
        tag = db.session.execute(db.select(Tag).filter_by(status="active").order_by(Tag.id)).scalars().first()
        tag_id, url, id_number = tag.id, f"{BASE}/t/{tag.token}", tag.dog.id_number
    png = client.get(f"/tags/{tag_id}.png")
    assert png.content_type == "image/png"
    assert [c.text for c in zxingcpp.read_barcodes(Image.open(io.BytesIO(png.data)))] == [url]
    svg = client.get(f"/tags/{tag_id}.svg")
    assert svg.content_type.startswith("image/svg+xml")
    root = ET.fromstring(svg.data)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert f"ID {id_number}" in texts and "Sandy Creek NY" in texts
    auth.logout()
    auth.login("dco")
    assert client.get(f"/tags/{tag_id}.png").status_code == 403
