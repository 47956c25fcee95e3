"""A 1,000-tag PDF sheet (Avery 22807, vector QR codes): time and size, against the time to make
1,000 QR matrices with the qrcode library choosing the mask itself (the baseline, in the same run).

    .venv/bin/python benchmarks/bench_tag_sheet.py [N]

Goal: under 5 s for 1,000 tags on this machine, in one process as a web worker makes it (no
process pool). A reprint draws codes kept in memory (fieldapp/services/tags/qr.py: qr_matrix).
"""
import argparse
import os
import sys
import tempfile
import time

import qrcode
from qrcode.constants import ERROR_CORRECT_M

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from fieldapp import create_app  # noqa: E402
from fieldapp.cli import seed_demo  # noqa: E402
from fieldapp.extensions import db  # noqa: E402
from fieldapp.services.tags import qr  # noqa: E402
from fieldapp.services.tags.qr import TagFace, encode_qr  # noqa: E402
from fieldapp.services.tags.sheets import STOCK, render_sheet  # noqa: E402
from fieldapp.services.tags.tokens import new_token  # noqa: E402

BASE = "https://dogs.sandycreekny.gov"


def faces(n):
    return [TagFace(f"{BASE}/t/{new_token()}", f"ID {1001 + i}" if i % 10 else f"TAG {i}",
                    "Sandy Creek NY", "Town Clerk (315) 387-3404") for i in range(n)]


def main(n=1000):
    # The sheet names the town that prints it: an app with the demo town, as a web worker has.
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/tags.sqlite"})
        with app.app_context():
            db.create_all()
            seed_demo()
            measure(n)
            db.session.remove()


def measure(n):
    # Baseline: n QR matrices with the qrcode library scoring the 8 masks (the standard's rule).
    sample = faces(n)
    t0 = time.perf_counter()
    for f in sample:
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
        code.add_data(f.url)
        code.make(fit=True)
        code.get_matrix()
    baseline = time.perf_counter() - t0

    # Our encoder alone: the same library, the mask given (fieldapp/services/tags/qr.py: MASK).
    sample = faces(n)
    t0 = time.perf_counter()
    for f in sample:
        encode_qr(f.url)
    ours = time.perf_counter() - t0

    # The sheet, cold (no cached codes): what the clerk waits for the first time.
    sample = faces(n)
    qr.qr_matrix.cache_clear()
    t0 = time.perf_counter()
    pdf = render_sheet(sample)
    cold = time.perf_counter() - t0

    # The same sheet again (a reprint: codes cached, only drawing).
    t0 = time.perf_counter()
    pdf2 = render_sheet(sample)
    warm = time.perf_counter() - t0
    assert len(pdf2) == len(pdf)

    pages = -(-n // STOCK.per_sheet)
    print(f"tags: {n} on {pages} pages of {STOCK.name}; CPUs: {os.cpu_count()}")
    print(f"baseline, {n} qrcode matrices, 8 masks scored: {baseline:6.2f} s  ({baseline / n * 1000:.2f} ms each)")
    print(f"encode_qr alone, {n} codes (mask {qr.MASK}):      {ours:6.2f} s  ratio to baseline {ours / baseline:.2f}")
    print(f"PDF sheet, cold (1 process):              {cold:6.2f} s  ratio to baseline {cold / baseline:.2f}"
          f"  {'OK' if cold < 5 else 'OVER'} (goal < 5 s)")
    print(f"PDF sheet, reprint (codes cached):        {warm:6.2f} s  ratio to baseline {warm / baseline:.2f}")
    print(f"PDF size: {len(pdf) / 1024:.0f} KiB ({len(pdf) / n:.0f} bytes a tag)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tags", type=int, nargs="?", default=1000, help="tags on the sheet")
    main(parser.parse_args().tags)
