"""A big photo over a link that drops: the whole photo in one request (before) against 64 KiB
chunks resumed where the drop stopped them (after: api sync_photo with Upload-Offset /
Upload-Length, services/photo_uploads.py, static/js/photo-upload.js).

    .venv/bin/python benchmarks/bench_photo_resume.py [--mb 2] [--kbit-s 2000] [--rtt-ms 300]
                                                      [--drop-every 5] [--give-up 90]

The app runs in a subprocess (tests/browser/serve.py, SQLite); the requests go through
benchmarks/slowlink.py (each direction one line of --kbit-s, a round trip of --rtt-ms) made to
cut every open connection each --drop-every seconds, as a rural cell link does. An officer's
entry is confirmed first; then photo 0 is sent whole, again at once after each cut (no backoff:
the most the old way could do), photo 1 in fixed 64 KiB chunks, and photo 2 in chunks as the
phone sends them (64 KiB first and after a cut, each one taken doubling the next up to 1 MiB). Each figure: the
time until the office keeps the photo (or "not through" after --give-up seconds), the requests,
and the bytes the phone began to send (a request cut part-way counts whole).
"""
import argparse
import asyncio
import io
import json
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_sync import Client, DrainedServer, void_entry  # noqa: E402
from PIL import Image  # noqa: E402
from slowlink import SlowLink  # noqa: E402

CHUNK, CHUNK_MAX = 64 * 1024, 1024 * 1024  # photo-upload.js PHOTO_CHUNK, PHOTO_CHUNK_MAX


class DroppingLink(SlowLink):
    """The slow link, cut every `drop_every` seconds: every open connection is reset (what was
    on its way is lost or arrives cut short), and the line starts empty."""

    def __init__(self, *args, drop_every=5.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.drop_every = drop_every
        self.open = set()
        self.drops = 0

    async def _handle(self, client_reader, client_writer):
        self.open.add(client_writer)
        try:
            await super()._handle(client_reader, client_writer)
        finally:
            self.open.discard(client_writer)

    async def _cut(self):
        while True:
            await asyncio.sleep(self.drop_every)
            self.drops += 1
            for writer in list(self.open):
                writer.transport.abort()
            self.line_free = {"up": 0.0, "down": 0.0}

    async def _serve(self):
        cutter = asyncio.ensure_future(self._cut())
        try:
            await super()._serve()
        finally:
            cutter.cancel()


def photo_of(mb: float) -> bytes:
    """A grainy camera JPEG of about `mb` MB (1,600 px: the phone sends it as it is)."""
    image = Image.effect_noise((1600, 1200), 90).convert("RGB")
    for quality in range(70, 101, 2):
        out = io.BytesIO()
        image.save(out, "JPEG", quality=quality)
        if out.tell() >= mb * 1024 * 1024:
            break
    return out.getvalue()


def post(client, url, data, headers):
    """-> (status, JSON body), or None when the link dropped it."""
    req = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": "image/jpeg", **headers})
    try:
        with client.opener.open(req, timeout=30) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as exc:
        try:
            return exc.code, json.loads(exc.read())
        except (ValueError, OSError):
            return exc.code, {}
    except (OSError, ValueError):  # reset, cut short, timed out
        return None


def whole(client, url, data, give_up):
    start, tries, sent = time.perf_counter(), 0, 0
    while time.perf_counter() - start < give_up:
        tries += 1
        sent += len(data)
        answer = post(client, url, data, {})
        if answer and answer[0] == 201:
            return time.perf_counter() - start, tries, sent
    return None, tries, sent


def chunked(client, url, data, give_up, grow=True):
    """As photo-upload.js: 64 KiB first and after a cut, each chunk taken doubling the next."""
    start, tries, sent, offset, size = time.perf_counter(), 0, 0, 0, CHUNK
    while time.perf_counter() - start < give_up:
        tries += 1
        piece = data[offset:offset + size]
        sent += len(piece)
        answer = post(client, url, piece, {"Upload-Offset": str(offset), "Upload-Length": str(len(data))})
        if answer is None:
            size = CHUNK  # the phone asks again from the offset it knows; the office's 409 corrects it
            continue
        status, body = answer
        if status == 201 or body.get("status") == "stored":
            return time.perf_counter() - start, tries, sent
        if status in (200, 409) and isinstance(body.get("offset"), int):
            moved = status == 200 and body["offset"] > offset
            offset, size = body["offset"], min(CHUNK_MAX, 2 * size) if moved and grow else CHUNK
        elif status < 500:
            raise SystemExit(f"refused: {status} {body}")
    return None, tries, sent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2)
    parser.add_argument("--kbit-s", type=float, default=2000)
    parser.add_argument("--rtt-ms", type=float, default=300)
    parser.add_argument("--drop-every", type=float, default=5)
    parser.add_argument("--give-up", type=float, default=90)
    args = parser.parse_args()
    data = photo_of(args.mb)
    with tempfile.TemporaryDirectory() as tmp:
        server = DrainedServer(Path(tmp) / "bench.sqlite").start()
        try:
            direct = Client(server.url)
            entry = void_entry(direct.user_id, direct.numbers(1)[0])
            assert direct.post("/api/sync", entry)[0] == 201
            print(f"photo {len(data) / 1024 / 1024:.2f} MB; link {args.kbit_s:g} kbit/s each way, round trip "
                  f"{args.rtt_ms:g} ms, cut every {args.drop_every:g} s; give up after {args.give_up:g} s")
            ways = (("whole (before)", whole), ("64 KiB chunks", lambda *a: chunked(*a, grow=False)),
                    ("growing chunks (after)", chunked))
            for index, (name, send) in enumerate(ways):
                with DroppingLink(server.port, args.rtt_ms, kbit_s=args.kbit_s, drop_every=args.drop_every) as link:
                    client = Client(server.url)  # signed in directly; only the photo crosses the link
                    url = f"{link.url}/api/sync/{entry['id']}/photos/{index}"
                    took, tries, sent = send(client, url, data, args.give_up)
                    outcome = f"kept after {took:.1f} s" if took is not None else f"not through in {args.give_up:g} s"
                    print(f"{name:>22}: {outcome}, {tries} requests, {sent / 1024 / 1024:.2f} MB begun, "
                          f"{link.drops} drops")
        finally:
            server.kill()


if __name__ == "__main__":
    main()
