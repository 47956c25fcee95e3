"""One tag as an image (PNG for the screen, SVG for any print shop), and the QR matrix the
PDF sheets draw as vectors.

What a tag shows (§4(H)): the identification number in clear, the name of the town and state,
and the Town Clerk's telephone; plus the QR code of <site>/t/<token>. A blank pre-printed tag
(not yet issued, §5(G)) shows its tag number instead of an ID number, so the clerk can bind it
to a dog by typing that number.
"""
import io
import multiprocessing
import os
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from xml.sax.saxutils import escape

import qrcode
import qrcode.main
import qrcode.util
from qrcode.constants import ERROR_CORRECT_M
from PIL import Image, ImageDraw, ImageFont

from .tokens import tag_url

TOWN_STATE = "Sandy Creek NY"  # §4(H): the name of the town and state
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
        from ..settings import get_setting
        clerk_phone = get_setting("clerk_phone")
    url = tag_url(tag.token, base_url)
    phone = f"Town Clerk {clerk_phone}"
    if tag.dog is not None and tag.dog.id_number is not None:
        return TagFace(url, f"ID {tag.dog.id_number}", TOWN_STATE, phone, tag_number_text(tag))
    return TagFace(url, tag_number_text(tag), TOWN_STATE, phone)


def encode_qr(url: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of the QR code of `url` (error correction M, no border), True = dark.

    The qrcode library encodes; the version is the smallest that fits (<= 4 for our URLs) and
    the mask is the one with the lowest penalty, as the QR standard asks. The library scores
    the 8 masks in pure Python (~4 ms a code); `_best_mask` scores them the same way on rows
    held as integers (~4x faster), and tests check it picks exactly the library's mask."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
    code.add_data(url)
    code.best_fit()
    code.makeImpl(False, _best_mask(code))
    return tuple(tuple(bool(m) for m in row) for row in code.modules)


def _bits(cells) -> int:
    return sum(1 << i for i, dark in enumerate(cells) if dark)


def _transpose(rows: list[int], n: int) -> list[int]:
    return [sum(((rows[r] >> c) & 1) << r for r in range(n)) for c in range(n)]


_LAYOUT: dict[int, tuple] = {}


def _mask_layout(code) -> tuple:
    """For this version: per mask, (row ints, column ints) of the modules the mask flips
    (data and remainder modules only, like qrcode's map_data)."""
    version = code.version
    if version not in _LAYOUT:
        n = version * 4 + 17
        code.modules = [row[:] for row in qrcode.main.precomputed_qr_blanks[version]]
        code.setup_type_info(True, 0)
        if version >= 7:
            code.setup_type_number(True)
        data = [[cell is None for cell in row] for row in code.modules]
        layout = []
        for pattern in range(8):
            flip = qrcode.util.mask_func(pattern)
            rows = [_bits(data[r][c] and flip(r, c) for c in range(n)) for r in range(n)]
            layout.append((rows, _transpose(rows, n)))
        _LAYOUT[version] = tuple(layout)
    return _LAYOUT[version]


# The two 1:1:3:1:1 finder-like patterns qrcode's lost_point looks for (level 3), by column.
_FINDER_LIKE = ((1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0), (0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1))


def _line_penalty(line: int, n: int) -> int:
    """Levels 1 and 3 of qrcode.util.lost_point for one row or column (bit c = module c)."""
    full = (1 << n) - 1
    same_next = ~(line ^ (line >> 1)) & (full >> 1)  # bit k: module k == module k+1
    run5 = same_next & (same_next >> 1) & (same_next >> 2) & (same_next >> 3)  # 5 alike from k
    # A run of L >= 5 alike scores L - 2: it holds L - 4 windows of 5, plus 2 for the run.
    points = run5.bit_count() + 2 * (run5 & ~(run5 << 1)).bit_count()
    inverse = ~line & full
    for pattern in _FINDER_LIKE:
        match = full >> 10
        for j, dark in enumerate(pattern):
            match &= (line if dark else inverse) >> j
        points += 40 * match.bit_count()
    return points


def _penalty(rows: list[int], cols: list[int], n: int) -> int:
    """qrcode.util.lost_point, computed on integer rows and columns."""
    points = sum(_line_penalty(r, n) for r in rows) + sum(_line_penalty(c, n) for c in cols)
    pair = (1 << (n - 1)) - 1
    for a, b in zip(rows, rows[1:]):  # level 2: 2x2 blocks of one colour, 3 each
        same = ~(a ^ b)
        points += 3 * (same & (same >> 1) & ~(a ^ (a >> 1)) & pair).bit_count()
    dark = sum(r.bit_count() for r in rows)  # level 4: dark share away from 50 %
    return points + int(abs(float(dark) / (n ** 2) * 100 - 50) / 5) * 10


def _best_mask(code) -> int:
    """The mask qrcode's best_mask_pattern would choose (lowest lost_point, first on ties)."""
    n = code.version * 4 + 17
    code.makeImpl(True, 0)  # like the library: format modules light while scoring
    rows0 = [_bits(row) for row in code.modules]
    layout = _mask_layout(code)
    base_rows = [r ^ m for r, m in zip(rows0, layout[0][0])]  # data unmasked
    base_cols = _transpose(base_rows, n)
    best, best_points = 0, None
    for pattern, (mrows, mcols) in enumerate(layout):
        points = _penalty([r ^ m for r, m in zip(base_rows, mrows)],
                          [c ^ m for c, m in zip(base_cols, mcols)], n)
        if best_points is None or points < best_points:
            best, best_points = pattern, points
    return best


# A tag's URL never changes unless the town changes its public address: keep recent codes.
_CACHE: "OrderedDict[str, tuple]" = OrderedDict()
CACHE_SIZE = 20000
POOL_FROM = 200  # codes; below this, starting worker processes costs more than it saves


def _remember(url: str, matrix) -> None:
    _CACHE[url] = matrix
    _CACHE.move_to_end(url)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """`encode_qr(url)`, from the cache when it was made before."""
    matrix = _CACHE.get(url)
    if matrix is None:
        matrix = encode_qr(url)
    _remember(url, matrix)
    return matrix


def prepare_qr_matrices(urls) -> None:
    """Encode many codes at once (a sheet of blanks, a reprint of the town) on every CPU,
    filling the cache `qr_matrix` reads from."""
    todo = list(dict.fromkeys(u for u in urls if u not in _CACHE))
    workers = min(os.cpu_count() or 1, 8)
    # Fork only a single-threaded process (CLI, benchmark, a sync worker): forking while other
    # threads hold locks can hang the child. Otherwise `qr_matrix` encodes them one by one.
    if (len(todo) < POOL_FROM or workers < 2 or threading.active_count() > 1
            or "fork" not in multiprocessing.get_all_start_methods()):
        return
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        chunk = max(1, len(todo) // (workers * 4))
        for url, matrix in zip(todo, pool.map(encode_qr, todo, chunksize=chunk)):
            _remember(url, matrix)


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
            f'width="{size * 0.6:.1f}mm" height="{height * 0.6:.1f}mm" role="img" aria-label="{escape(face.number)} tag">'
            f'<title>{escape(face.number)} · {escape(face.town)} · {escape(face.url)}</title>'
            f'<rect width="{size}" height="{height:.1f}" fill="#fff"/>'
            f'<path d="{path}" fill="#000" shape-rendering="crispEdges"/>'
            + "".join(texts) + "</svg>")
