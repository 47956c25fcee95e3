"""A photo sent in chunks (api sync_photo with Upload-Offset / Upload-Length,
services/photo_uploads.py): resumed where a cut link stopped it, each chunk idempotent, the
photo checked and kept once when its last byte arrives. On SQLite, and on PostgreSQL when
TEST_DATABASE_URL names a server (tests/databases.py)."""
import io
import random
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from fieldapp.extensions import db
from fieldapp.models import User
from fieldapp.models.enforcement import Photo
from fieldapp.models.photo_uploads import PhotoUploadPart
from fieldapp.services import photo_uploads
from fieldapp.services.errors import ServiceError
from fieldapp.services.registry import KINDS, EntryKind

from ..photos import has_no_metadata, jpeg_with_gps

CHUNK = 16 * 1024


def _validate(payload, user):
    if not str(payload.get("where", "")).strip():
        raise ServiceError({"where": "Say where it happened."})
    return {"where": payload["where"].strip()}


@pytest.fixture(autouse=True)
def test_kind(monkeypatch):
    monkeypatch.setitem(KINDS, "test_note", EntryKind("test_note", "enforce", _validate,
                                                      lambda clean, entry, user: {"noted": True}))


def noisy_jpeg(width=400, height=300) -> bytes:
    """A photo that does not compress to nothing (a camera's grain): some chunks long."""
    img = Image.frombytes("RGB", (width, height), random.Random(7).randbytes(width * height * 3))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=90, exif=Image.open(io.BytesIO(jpeg_with_gps(40, 30))).getexif())
    return out.getvalue()


@pytest.fixture
def photo():
    data = noisy_jpeg()
    assert len(data) > 3 * CHUNK
    return data


@pytest.fixture
def sent_entry(app, client, auth):
    """A confirmed entry of the signed-in officer: the photos' URL prefix."""
    auth.login("dco")
    with app.app_context():
        officer = db.session.execute(db.select(User.id).filter_by(username="dco")).scalar_one()
    body = {"id": str(uuid.uuid4()), "kind": "test_note", "recorded_at": datetime.now(UTC).isoformat(),
            "payload": {"where": "Lake Rd"}, "officer_id": officer}
    assert client.post("/api/sync", json=body).status_code == 201
    return f"/api/sync/{body['id']}/photos", body["id"]


def send(client, url, data, offset, total, size=CHUNK):
    return client.post(url, data=data[offset:offset + size], content_type="image/jpeg",
                       headers={"Upload-Offset": str(offset), "Upload-Length": str(total)})


def kept(app, entry_id):
    with app.app_context():
        photos = db.session.execute(db.select(Photo).filter_by(entry_id=entry_id)).scalars().all()
        parts = db.session.execute(db.select(PhotoUploadPart).filter_by(entry_id=entry_id)).scalars().all()
        return [(p.index, p.data) for p in photos], len(parts)


def test_chunks_in_order_make_the_photo_once_with_its_offset_in_each_answer(app, client, sent_entry, photo):
    prefix, entry_id = sent_entry
    url, total = f"{prefix}/0", len(photo)
    answers = [send(client, url, photo, at, total) for at in range(0, total, CHUNK)]
    assert [a.status_code for a in answers[:-1]] == [200] * (len(answers) - 1)
    assert [a.json["offset"] for a in answers[:-1]] == list(range(CHUNK, total, CHUNK))
    assert answers[0].json["status"] == "partial" and answers[0].headers["Upload-Offset"] == str(CHUNK)
    last = answers[-1]
    assert last.status_code == 201 and last.json["status"] == "stored" and last.json["offset"] == total
    assert last.json["result"]["photo_id"]
    photos, parts = kept(app, entry_id)
    assert len(photos) == 1 and parts == 0
    # Kept exactly as a whole photo is: re-encoded, no metadata (no GPS of the officer's home).
    assert has_no_metadata(photos[0][1])
    # The last chunk again (its answer was lost): "stored", nothing kept twice.
    again = send(client, url, photo, (total - 1) // CHUNK * CHUNK, total)
    assert again.status_code == 200 and again.json["status"] == "stored"
    assert len(kept(app, entry_id)[0]) == 1
    state = client.get(url)
    assert state.status_code == 200 and state.json["status"] == "stored"


def test_a_repeated_chunk_is_answered_with_the_offset_held_and_not_written_again(app, client, sent_entry, photo):
    prefix, entry_id = sent_entry
    url, total = f"{prefix}/0", len(photo)
    send(client, url, photo, 0, total)
    send(client, url, photo, CHUNK, total)
    again = send(client, url, photo, 0, total)
    assert again.status_code == 200 and again.json == {"status": "partial", "offset": 2 * CHUNK, "total": total}
    assert kept(app, entry_id)[1] == 2
    # A chunk that begins inside what is held keeps only its new tail.
    tail = send(client, url, photo, CHUNK + 100, total)
    assert tail.json["offset"] == 2 * CHUNK + 100
    assert client.get(url).json == {"status": "partial", "offset": 2 * CHUNK + 100, "total": total}
    for at in range(2 * CHUNK + 100, total, CHUNK):
        last = send(client, url, photo, at, total)
    assert last.status_code == 201
    # The bytes went in whole: the photo decoded and was kept.
    assert len(kept(app, entry_id)[0]) == 1


def test_a_chunk_out_of_order_is_a_409_that_says_where_to_resume(app, client, sent_entry, photo):
    prefix, entry_id = sent_entry
    url, total = f"{prefix}/1", len(photo)
    ahead = send(client, url, photo, CHUNK, total)
    assert ahead.status_code == 409 and ahead.json["offset"] == 0 and ahead.headers["Upload-Offset"] == "0"
    assert "send from byte 0" in ahead.json["message"]
    send(client, url, photo, 0, total)
    skipped = send(client, url, photo, 3 * CHUNK, total)
    assert skipped.status_code == 409 and skipped.json["offset"] == CHUNK
    assert kept(app, entry_id) == ([], 1)
    # The phone resumes where the office said, and the photo arrives whole, once.
    at = skipped.json["offset"]
    while at < total:
        answer = send(client, url, photo, at, total)
        at = answer.json["offset"]
    assert answer.status_code == 201
    photos, parts = kept(app, entry_id)
    assert [i for i, _ in photos] == [1] and parts == 0


def test_another_size_is_a_409_unless_the_photo_starts_over(app, client, sent_entry, photo):
    prefix, entry_id = sent_entry
    url, total = f"{prefix}/0", len(photo)
    send(client, url, photo, 0, total)
    other = send(client, url, photo, CHUNK, total + 5)
    assert other.status_code == 409 and other.json["total"] == total and other.json["offset"] == CHUNK
    assert "begun with a size of" in other.json["message"]
    # At offset 0 with its new size, the photo starts over.
    smaller = jpeg_with_gps(300, 200)
    restart = send(client, url, smaller, 0, len(smaller), size=len(smaller))
    assert restart.status_code == 201
    assert kept(app, entry_id)[1] == 0


def test_too_big_and_out_of_bounds_chunks_are_refused_with_a_reason(client, sent_entry):
    prefix, _ = sent_entry
    url = f"{prefix}/0"
    huge = client.post(url, data=b"\xff\xd8" + b"0" * 10, content_type="image/jpeg",
                       headers={"Upload-Offset": "0", "Upload-Length": str(21 * 1024 * 1024)})
    assert huge.status_code == 413 and "20 MB" in huge.json["errors"]["photos"]
    big_chunk = client.post(url, data=b"0" * (photo_uploads.CHUNK_MAX + 1), content_type="image/jpeg",
                            headers={"Upload-Offset": "0", "Upload-Length": str(2 * photo_uploads.CHUNK_MAX)})
    assert big_chunk.status_code == 413
    past = client.post(url, data=b"0" * 20, content_type="image/jpeg",
                       headers={"Upload-Offset": "0", "Upload-Length": "10"})
    assert past.status_code == 422 and "not inside a photo of 10 bytes" in past.json["errors"]["photos"]
    bad = client.post(url, data=b"0" * 20, content_type="image/jpeg",
                      headers={"Upload-Offset": "zero", "Upload-Length": "10"})
    assert bad.status_code == 400 and "Upload-Offset" in bad.json["message"]
    half = client.post(url, data=b"0" * 20, content_type="image/jpeg", headers={"Upload-Offset": "0"})
    assert half.status_code == 400


def test_a_file_that_is_not_a_photo_is_refused_at_its_last_byte_and_its_chunks_go(app, client, sent_entry):
    prefix, entry_id = sent_entry
    url, junk = f"{prefix}/0", b"not a photo at all " * 2000
    at = 0
    while at < len(junk):
        answer = send(client, url, junk, at, len(junk))
        at = answer.json["offset"]
    assert answer.status_code == 422 and answer.json["status"] == "rejected"
    assert answer.json["errors"]["photos"]
    assert kept(app, entry_id) == ([], 0)
    assert client.get(url).json["status"] == "none"


def test_a_photo_of_an_entry_not_arrived_or_of_another_officer_is_refused(app, client, auth, sent_entry, photo):
    prefix, _ = sent_entry
    unknown = send(client, f"/api/sync/{uuid.uuid4()}/photos/0", photo, 0, len(photo))
    assert unknown.status_code == 404
    assert client.get(f"/api/sync/{uuid.uuid4()}/photos/0").status_code == 404
    auth.logout()
    auth.login("constable")
    assert send(client, f"{prefix}/0", photo, 0, len(photo)).status_code == 403
    assert client.get(f"{prefix}/0").status_code == 403


def test_the_whole_photo_post_of_older_phones_still_keeps_it_once(app, client, sent_entry, photo):
    prefix, entry_id = sent_entry
    first = client.post(f"{prefix}/0", data=photo, content_type="image/jpeg")
    again = client.post(f"{prefix}/0", data=photo, content_type="image/jpeg")
    assert first.status_code == again.status_code == 201
    assert first.json["result"]["photo_id"] == again.json["result"]["photo_id"]
    assert len(kept(app, entry_id)[0]) == 1


def test_chunks_of_a_photo_never_finished_go_after_two_weeks(app, client, sent_entry, photo):
    prefix, entry_id = sent_entry
    send(client, f"{prefix}/0", photo, 0, len(photo))
    with app.app_context():
        part = db.session.execute(db.select(PhotoUploadPart)).scalar_one()
        part.created_at = datetime.now(UTC) - timedelta(days=photo_uploads.PART_KEEP_DAYS + 1)
        db.session.commit()
    send(client, f"{prefix}/1", photo, 0, len(photo))  # another photo begins
    with app.app_context():
        left = db.session.execute(db.select(PhotoUploadPart.index)).scalars().all()
    assert left == [1]


def test_a_second_request_with_the_last_byte_finds_the_photo_kept_by_the_first(app, sent_entry, photo):
    """Two senders of the last chunk at once: the second finds the chunks gone and the photo kept."""
    _, entry_id = sent_entry
    with app.test_request_context():
        first = photo_uploads.receive_chunk(entry_id, 0, 0, len(photo), photo[:CHUNK], "image/jpeg")
        assert first.status == "partial"
        done = photo_uploads.receive_chunk(entry_id, 0, CHUNK, len(photo), photo[CHUNK:], "image/jpeg")
        assert done.http == 201
        late = photo_uploads._finish(entry_id, 0, len(photo))  # as the second request would, after it
        assert (late.http, late.status, late.photo_id) == (200, "stored", done.photo_id)
        db.session.commit()


def test_a_photo_past_the_stores_limit_is_refused_before_its_first_chunk(client, sent_entry, photo):
    from fieldapp.services.photos import MAX_PHOTOS_PER_ENTRY
    prefix, _ = sent_entry
    answer = send(client, f"{prefix}/{MAX_PHOTOS_PER_ENTRY}", photo, 0, len(photo))
    assert answer.status_code == 422 and f"at most {MAX_PHOTOS_PER_ENTRY} photos" in answer.json["message"]
