"""One tag as an image (PNG for the screen, SVG for any print shop), and the QR matrix the
PDF sheets draw as vectors.

What a tag shows (§4(H)): the identification number in clear, the name of the town and state,
and the Town Clerk's telephone; plus the QR code of <site>/t/<token>. A blank pre-printed tag
(not yet issued, §5(G)) shows its tag number instead of an ID number, so the clerk can bind it
to a dog by typing that number.
"""
import io
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

import qrcode
from PIL import Image, ImageDraw, ImageFont
from qrcode.constants import ERROR_CORRECT_M

from ...town import current_town
from .tokens import tag_url

QUIET = 4  # modules of white around the code (the QR standard's quiet zone)


@dataclass(frozen=True)
class TagFace:
    """The words printed on a tag, the same on screen, SVG and the PDF sheet."""
    url: str
    number: str  # "ID 1001" (§4(H)) or, on a blank tag, "TAG 57"
    town: str
    phone: str
    small: str = ""  # the tag number on an issued tag, for the clerk's records

    @property
    def lines(self) -> list[str]:
        return [self.town, self.number, self.phone] + ([self.small] if self.small else [])


def tag_number_text(tag) -> str:
    return f"TAG {tag.serial}"


def tag_face(tag, base_url: str | None = None, clerk_phone: str | None = None) -> TagFace:
    if clerk_phone is None:
        from ...settings import get_setting
        clerk_phone = get_setting("clerk_phone")
    url = tag_url(tag.token, base_url)
    phone = f"Town Clerk {clerk_phone}"
    place = current_town().place  # §4(H): the name of the town and state
    if tag.dog is not None and tag.dog.id_number is not None:
        return TagFace(url, f"ID {tag.dog.id_number}", place, phone, tag_number_text(tag))
    return TagFace(url, tag_number_text(tag), place, phone)


# The QR mask. The standard's rule scores all 8 masks and keeps the best; in either library
# (qrcode or segno, pure Python) that is ~85% of the time: ~7 ms a code on this machine against
# ~1.2 ms with the mask given, too slow for a sheet of 1,000 tags in one process. Every mask
# gives a valid code that any reader decodes. Mask 3 is the one the rule picks most often for
# tag URLs, and the closest to the best mask's score on average (checked over 240 tag URLs:
# ~8% above it, where other masks are 9-33% above).
MASK = 3


def encode_qr(url: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the QR code of `url` (error correction M, mask MASK, no border), True =
    dark; the version is the smallest that fits (<= 4 for our URLs)."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    code.add_data(url)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


@lru_cache(maxsize=20000)
def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """`encode_qr(url)`, kept: a tag's URL never changes unless the town changes its public
    address, so a reprint only draws."""
    return encode_qr(url)


def dark_runs(matrix):
    """(row, first column, length) for every horizontal run of dark modules: far fewer shapes to
    draw than one square per module."""
    for y, row in enumerate(matrix):
        x, n = 0, len(row)
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                yield y, start, x - start
            else:
                x += 1


def _font(size: int):
    # Pillow's bundled font: the same on every server, no system fonts needed.
    return ImageFont.load_default(size=size)


def tag_png(face: TagFace, module_px: int = 8) -> bytes:
    """The tag as a PNG: QR code with its quiet zone, the words below."""
    matrix = qr_matrix(face.url)
    n = len(matrix)
    qr_px = (n + 2 * QUIET) * module_px
    big, small = max(14, module_px * 4), max(10, module_px * 2)
    text_h = big + 3 * (small + 6) + 16
    img = Image.new("L", (qr_px, qr_px + text_h), 255)
    draw = ImageDraw.Draw(img)
    off = QUIET * module_px
    for y, x, length in dark_runs(matrix):
        draw.rectangle([off + x * module_px, off + y * module_px,
                        off + (x + length) * module_px - 1, off + (y + 1) * module_px - 1], fill=0)
    cy = qr_px - module_px * 2
    draw.text((qr_px / 2, cy), face.number, fill=0, font=_font(big), anchor="ma")
    cy += big + 8
    for line in (face.town, face.phone, face.small):
        if line:
            draw.text((qr_px / 2, cy), line, fill=0, font=_font(small), anchor="ma")
            cy += small + 6
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


def tag_svg(face: TagFace) -> str:
    """The tag as SVG in module units: sharp at any size (a print shop, an engraver)."""
    matrix = qr_matrix(face.url)
    n = len(matrix)
    size = n + 2 * QUIET
    height = size + 14
    path = "".join(f"M{x + QUIET} {y + QUIET}h{length}v1h-{length}z" for y, x, length in dark_runs(matrix))
    lines = [(face.number, 4.2, "bold"), (face.town, 2.6, "normal"), (face.phone, 2.6, "normal")]
    if face.small:
        lines.append((face.small, 2.2, "normal"))
    texts, y = [], size + 2.5
    for text, fs, weight in lines:
        y += fs
        texts.append(f'<text x="{size / 2}" y="{y:.1f}" font-size="{fs}" font-weight="{weight}" '
                     f'text-anchor="middle" font-family="Helvetica, Arial, sans-serif">{escape(text)}</text>')
        y += 0.8
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {height:.1f}" '
            f'width="{size * 0.6:.1f}mm" height="{height * 0.6:.1f}mm" role="img" '
            f'aria-label="{escape(face.number)} tag">'
            f'<title>{escape(face.number)} · {escape(face.town)} · {escape(face.url)}</title>'
            f'<rect width="{size}" height="{height:.1f}" fill="#fff"/>'
            f'<path d="{path}" fill="#000" shape-rendering="crispEdges"/>'
            + "".join(texts) + "</svg>")
