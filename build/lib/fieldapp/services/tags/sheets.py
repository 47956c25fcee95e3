"""PDF sheets of tags for label stock a clerk can buy at any office-supply store.

Stock: Avery 22807 (and compatible "2 inch round" laser/inkjet labels), 12 labels per US Letter
sheet, 3 across by 4 down, 2" diameter on a 2.5" pitch, the grid centred on the page (0.75"
margins). Stick the printed label on a blank aluminium or plastic tag, or on a laminated disc.
Print at "Actual size" (100 %), never "fit to page": crop marks at each label's corners let the
clerk check alignment on a plain-paper test print held against a label sheet, and cut labels
printed on plain weatherproof paper.

Each label (§4(H)): the town and state, the QR code of <site>/t/<token>, the identification number
in clear, the Town Clerk's telephone. A blank pre-printed tag (§5(G), bound to a dog later) prints
its tag number and a line to write the ID number on.

QR codes are drawn as vector paths (one rectangle per run of dark modules): sharp on any printer
and fast for a thousand tags.
"""
import io
import math
from dataclasses import dataclass

from reportlab.lib.pagesizes import letter
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from ...town import current_town
from .qr import dark_runs, qr_matrix


@dataclass(frozen=True)
class LabelStock:
    name: str
    page: tuple[float, float]
    cols: int
    rows: int
    diameter: float  # points
    pitch_x: float
    pitch_y: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def margin_left(self) -> float:
        return (self.page[0] - (self.cols - 1) * self.pitch_x - self.diameter) / 2

    @property
    def margin_top(self) -> float:
        return (self.page[1] - (self.rows - 1) * self.pitch_y - self.diameter) / 2

    def centre(self, index: int) -> tuple[float, float]:
        """Centre of label `index` on its page (0 = top left, across then down), in points
        from the bottom left corner (PDF coordinates)."""
        row, col = divmod(index % self.per_sheet, self.cols)
        r = self.diameter / 2
        return (self.margin_left + r + col * self.pitch_x,
                self.page[1] - self.margin_top - r - row * self.pitch_y)


AVERY_22807 = LabelStock('Avery 22807 · 2" round labels · 12 per sheet', letter, 3, 4,
                         2 * inch, 2.5 * inch, 2.5 * inch)
STOCK = AVERY_22807

QR_SIDE = 0.85 * inch  # 33 modules (version 4) -> 0.66 mm a module: easy for any phone camera
QR_RISE = 8  # points the code sits above the label's centre, to leave room for the words below
SAFE = 5  # points kept clear inside the label's edge (labels shift a little in printers)


def _fit(c, text, font, size, cx, baseline, radius):
    """Draw `text` centred, shrunk if needed to stay inside the round label at that height."""
    half = math.sqrt(max(radius ** 2 - max(abs(baseline), abs(baseline + size * 0.75)) ** 2, 0))
    width = stringWidth(text, font, size)
    if width > 2 * half:
        size = size * 2 * half / width
    c.setFont(font, size)
    return size


def _draw_label(c, face, cx, cy, stock: LabelStock) -> None:
    r = stock.diameter / 2
    safe_r = r - SAFE
    # Crop marks at the corners of the label's square, outside the round label.
    c.setLineWidth(0.4)
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = cx + sx * r, cy + sy * r
            c.line(x, y + sy * 3, x, y + sy * 12)
            c.line(x + sx * 3, y, x + sx * 12, y)
    # The QR code as one filled path, in module units (a transform scales it): one
    # "x y w h re" per run of dark modules keeps the PDF small and quick to write.
    matrix = qr_matrix(face.url)
    module = QR_SIDE / len(matrix)
    c.saveState()
    c.transform(module, 0, 0, -module, cx - QR_SIDE / 2, cy + QR_RISE + QR_SIDE / 2)
    c.addLiteral(" ".join(f"{x} {y} {length} 1 re" for y, x, length in dark_runs(matrix)) + " f")
    c.restoreState()
    # Words (§4(H)), each centred and kept inside the circle.
    lines = [(face.town.upper(), "Helvetica-Bold", 8.5, 45)]
    if face.number.startswith("ID"):
        lines += [(face.number, "Helvetica-Bold", 13, -38), (face.phone, "Helvetica", 6.5, -49)]
    else:  # a blank tag: its tag number, and a line for the ID number once issued
        lines += [(face.number, "Helvetica-Bold", 10, -35), ("ID ____________", "Helvetica", 8, -46),
                  (face.phone, "Helvetica", 6, -56)]
    for text, font, size, dy in lines:
        _fit(c, text, font, size, cx, dy, safe_r)
        c.drawCentredString(cx, cy + dy, text)


def render_sheet(faces, stock: LabelStock = STOCK, title: str = "Dog tags") -> bytes:
    """A PDF of `faces` (TagFace, or None to leave a label position empty), `stock.per_sheet`
    to a page, across then down."""
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=stock.page, pageCompression=1)
    c.setTitle(title)
    c.setAuthor(f"{current_town().title}, Town Clerk")
    c.setSubject(stock.name)
    faces = list(faces)
    pages = max(1, math.ceil(len(faces) / stock.per_sheet))
    for page in range(pages):
        c.setFont("Helvetica", 7)
        c.setFillGray(0.35)
        c.drawCentredString(stock.page[0] / 2, stock.page[1] - 0.4 * inch,
                            f"{title} · {stock.name} · print at Actual size (100%), not “fit to page” · "
                            f"page {page + 1} of {pages}")
        c.setFillGray(0)
        for i, face in enumerate(faces[page * stock.per_sheet:(page + 1) * stock.per_sheet]):
            if face is None:  # a label already used on a part-used sheet
                continue
            cx, cy = stock.centre(i)
            _draw_label(c, face, cx, cy, stock)
        c.showPage()
    c.save()
    return out.getvalue()
