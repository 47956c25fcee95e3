"""A photo costs what a photo should: shapes and sizes no phone camera sends are refused from the
header, before a pixel is decoded; a big camera JPEG is decoded at reduced size (draft mode).
Every upload goes through fieldapp.images.clean_jpeg, so the sync API refuses them too."""
import io
import time

import pytest
from PIL import Image

from fieldapp.images import PhotoError, clean_jpeg

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
    body = entry(me, "violation", {"codes": ["6A1"], "ruled_out": ["6B", "6A1-hunting"],
                                   "location_text": "Lake Rd", "dog_description": "brown hound"})
    assert client.post("/api/sync", json=body).status_code == 201
    before = rows()
    start = time.perf_counter()
    response = client.post(f"/api/sync/{body['id']}/photos/0", data=bombs["7745 x 7745 PNG"],
                           content_type="image/png")
    assert response.status_code == 422 and "megapixels" in response.get_json()["errors"]["photos"]
    assert time.perf_counter() - start < 2  # wall time on a busy machine; the CPU budget is above
    assert rows() == before
