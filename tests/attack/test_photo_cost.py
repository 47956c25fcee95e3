"""A photo costs what a photo should: shapes and sizes no phone camera sends are refused from the
header, before a pixel is decoded; a big camera JPEG is decoded at reduced size (draft mode).
Every upload goes through fieldapp.images.clean_jpeg, so the sync API refuses them too."""
import io
import json
import struct
import subprocess
import sys
import time

import pytest
from PIL import Image

from fieldapp.images import MAX_DECODE_BYTES, MAX_SCANS, PhotoError, clean_jpeg

from .support import entry

BUDGET = 0.5  # seconds of server (CPU) time for any one photo


def png(size, mode="1") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size).save(out, "PNG", optimize=True)
    return out.getvalue()


def camera_jpeg(size) -> bytes:
    img = Image.new("RGB", size, (120, 90, 60))
    img.paste((200, 180, 40), (size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=90)
    return out.getvalue()


def cpu_seconds(fn, *args):
    start = time.process_time()
    try:
        return fn(*args), time.process_time() - start
    except PhotoError as exc:
        return exc, time.process_time() - start


@pytest.fixture(scope="module")
def bombs():
    return {"7745 x 7745 PNG": png((7745, 7745)),
            "1 x 59,000,000 strip": png((59_000_000, 1)),
            "20,000 x 900 banner": png((20_000, 900)),
            "5000 x 5000 PNG": png((5000, 5000), "L"),
            "8 x 8 icon": png((8, 8), "RGB")}


def test_shapes_no_phone_camera_sends_are_refused_at_once(bombs):
    assert len(bombs["7745 x 7745 PNG"]) < 400_000  # small on the wire, 60 MP decoded
    for name, data in bombs.items():
        outcome, spent = cpu_seconds(clean_jpeg, data)
        assert isinstance(outcome, PhotoError), name
        assert "photo" in str(outcome), (name, str(outcome))
        assert spent < 0.05, (name, spent)  # the header only: nothing decoded


def test_a_big_camera_jpeg_is_decoded_at_reduced_size_within_the_budget():
    data = camera_jpeg((8000, 6000))  # 48 MP, as a phone camera writes it
    (jpeg, width, height), spent = cpu_seconds(clean_jpeg, data)
    assert (width, height) == (1600, 1200)
    assert spent < BUDGET, spent


def test_a_panorama_and_a_screenshot_are_still_photos():
    assert clean_jpeg(camera_jpeg((6000, 1500)))[1:] == (1600, 400)
    assert clean_jpeg(png((1170, 2532), "RGB"))[1:] == (739, 1600)


def test_the_sync_api_refuses_a_bomb_without_storing_it(officer, bombs):
    client, me, rows = officer
    body = entry(me, "violation", {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting", "6A1-leash", "6A1-accompanied"],
                                   "location_text": "Lake Rd", "dog_description": "brown hound"})
    assert client.post("/api/sync", json=body).status_code == 201
    before = rows()
    start = time.perf_counter()
    response = client.post(f"/api/sync/{body['id']}/photos/0", data=bombs["7745 x 7745 PNG"],
                           content_type="image/png")
    assert response.status_code == 422 and "megapixels" in response.get_json()["errors"]["photos"]
    assert time.perf_counter() - start < 2  # wall time on a busy machine; the CPU budget is above
    assert rows() == before


def progressive_jpeg(side, subsampling=0, extra_scans=0) -> bytes:
    """A 16 x 16 progressive JPEG whose frame header then declares `side` x `side` pixels (about
    520 bytes); `extra_scans` copies of its last scan added before the end."""
    out = io.BytesIO()
    Image.new("RGB", (16, 16), (120, 90, 60)).save(out, "JPEG", progressive=True, quality=50,
                                                   subsampling=subsampling)
    data = bytearray(out.getvalue())
    struct.pack_into(">HH", data, data.index(b"\xff\xc2") + 5, side, side)
    last_scan = data[data.rindex(b"\xff\xda"):-2]
    return bytes(data[:-2] + last_scan * extra_scans + data[-2:])


MEASURE = """
import json, resource, sys, time
from fieldapp.images import PhotoError, clean_jpeg
data = sys.stdin.buffer.read()
before, start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.process_time()
try:
    outcome = list(clean_jpeg(data)[1:])
except PhotoError as exc:
    outcome = str(exc)
print(json.dumps({"outcome": outcome, "cpu": time.process_time() - start,
                  "mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024}))
"""


def decode_cost(data: bytes) -> dict:
    """What `clean_jpeg(data)` costs in a fresh process: its outcome, CPU seconds, and how much
    its peak memory (maxrss) grew, in MB (Pillow's decoders allocate outside Python's heap, where
    tracemalloc does not see them)."""
    done = subprocess.run([sys.executable, "-c", MEASURE], input=data, capture_output=True, check=True)
    return json.loads(done.stdout)


def test_a_progressive_jpeg_declaring_a_huge_frame_is_refused_before_it_is_decoded():
    """Unbounded, this 523-byte file cost 1,176 MB of coefficients (maxrss +1,130 MB) and 1.3-3.4 s
    of CPU: draft mode shrinks a progressive JPEG's output, not the coefficients its decoder keeps."""
    data = progressive_jpeg(14_000)
    assert len(data) < 600
    cost = decode_cost(data)
    assert "progressive JPEG" in cost["outcome"] and "1,176 MB" in cost["outcome"]
    assert cost["mb"] < 20 and cost["cpu"] < 0.05, cost


def test_the_largest_progressive_jpeg_allowed_costs_what_a_photo_should():
    data = progressive_jpeg(5700, subsampling=2)  # 32.5 MP, 4:2:0: 98 MB of coefficients
    cost = decode_cost(data)
    assert cost["outcome"] == [1600, 1600], cost
    assert cost["mb"] < MAX_DECODE_BYTES / 1e6 * 1.6 and cost["cpu"] < BUDGET, cost
    refused = decode_cost(progressive_jpeg(5800, subsampling=2))["outcome"]
    assert "would take 101 MB to open" in refused


def test_a_jpeg_of_more_scans_than_an_encoder_writes_is_refused():
    assert isinstance(cpu_seconds(clean_jpeg, progressive_jpeg(2000, extra_scans=MAX_SCANS - 10))[0], tuple)
    outcome, spent = cpu_seconds(clean_jpeg, progressive_jpeg(2000, extra_scans=MAX_SCANS))
    assert isinstance(outcome, PhotoError) and "passes" in str(outcome) and spent < 0.05


def test_the_finders_form_refuses_a_progressive_bomb(town):
    """The public finder's form takes a photo from anyone: the same refusal, at once, nothing stored."""
    from .support import RowCounter
    client, rows = town.test_client(), RowCounter(town)
    before = rows()
    start = time.process_time()
    response = client.post("/found", data={
        "finder_phone": "315 555 0100", "location": "By the lake", "description": "brown hound",
        "photo": (io.BytesIO(progressive_jpeg(14_000)), "dog.jpg")}, content_type="multipart/form-data")
    assert time.process_time() - start < 0.5
    assert response.status_code == 422 and b"progressive JPEG" in response.data
    assert b"By the lake" in response.data
    assert rows() == before
