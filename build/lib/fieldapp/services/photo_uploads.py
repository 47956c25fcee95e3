"""A photo sent in chunks, resumed where a cut link stopped it (like tus, kept small).

The phone sends photo `index` of a confirmed field entry in chunks, each with its byte offset
(`Upload-Offset`) and the photo's whole size (`Upload-Length`); the api answers each with the
offset the office now holds. The rules, so a phone can always resume and nothing is kept twice:

- A chunk at the offset held is kept (a `PhotoUploadPart` row) and the offset moves on.
- A chunk whose bytes are all held already (a retry after a lost answer) is answered with the
  offset held, nothing written: chunks are idempotent. One that starts before the offset held
  and ends past it keeps only its new tail.
- A chunk past the offset held is a 409 that says the offset held: the phone sends from there.
- A size other than the one the photo was begun with is a 409 too, unless the chunk is at
  offset 0: then the photo starts over (a phone that shrank it again).
- When the last byte arrives the photo is checked and kept exactly as a whole one is
  (`photos.store_photo`, once per entry and index) and the chunks go; a photo that is not one
  is refused (422) and its chunks go with it. Any chunk of a photo already kept is answered
  "stored", so a lost last answer costs nothing.
The request commits (fieldapp.web).
"""
from dataclasses import dataclass, field
from datetime import timedelta

from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models.photo_uploads import PhotoUploadPart
from ..timeutil import utcnow
from . import photos
from .errors import ServiceError

CHUNK_MAX = 1024 * 1024  # the phone sends 64 KiB (photo-upload.js PHOTO_CHUNK); more is refused
PART_KEEP_DAYS = 14  # a photo begun and never finished (its entry discarded): its chunks go


@dataclass
class ChunkAnswer:
    """What the api answers a chunk: `http` 200 (partial), 201 (stored), 409 (send from
    `offset`), 413/422 (refused, `errors` per field as the entry's)."""
    http: int
    status: str  # partial | stored | conflict | rejected
    offset: int
    total: int
    message: str = ""
    errors: dict = field(default_factory=dict)
    photo_id: int | None = None

    def as_json(self) -> dict:
        body = {"status": self.status, "offset": self.offset, "total": self.total}
        if self.message:
            body["message"] = self.message
        if self.errors:
            body["errors"] = self.errors
        if self.photo_id is not None:
            body["photo_id"] = self.photo_id
        return body


def _held(entry_id: str, index: int) -> tuple[int, int | None]:
    """(bytes held, the size the photo was begun with) of a photo on its way; (0, None) if none."""
    row = db.session.execute(
        db.select(PhotoUploadPart.offset, PhotoUploadPart.size, PhotoUploadPart.total)
        .filter_by(entry_id=entry_id, index=index).order_by(PhotoUploadPart.offset.desc()).limit(1)).first()
    return (row.offset + row.size, row.total) if row else (0, None)


def _drop(entry_id: str, index: int):
    db.session.execute(db.delete(PhotoUploadPart).filter_by(entry_id=entry_id, index=index))


def upload_state(entry_id: str, index: int) -> dict:
    """Where photo `index` of the entry stands: stored, partial (with the offset held) or none."""
    stored = photos.stored_photo(entry_id, index)
    if stored is not None:
        return {"status": "stored", "offset": None, "total": None, "photo_id": stored.id}
    held, total = _held(entry_id, index)
    return {"status": "partial" if held else "none", "offset": held, "total": total}


def _refused(message: str, offset: int, total: int, http: int = 422) -> ChunkAnswer:
    return ChunkAnswer(http, "rejected", offset, total, errors={"photos": message})


def receive_chunk(entry_id: str, index: int, offset: int, total: int, data: bytes,
                  content_type: str) -> ChunkAnswer:
    """Keep one chunk of photo `index` of entry `entry_id` (checked by the api: the entry
    exists and is this officer's); the photo is kept when its last byte arrives."""
    if not 0 < total <= photos.MAX_BYTES:
        return _refused("The photo is empty or larger than 20 MB.", 0, total, 413)
    if len(data) > CHUNK_MAX:
        return _refused(f"A chunk of a photo is at most {CHUNK_MAX // 1024} KB.", offset, total, 413)
    if not data or not 0 <= offset < total or offset + len(data) > total:
        return _refused(f"This chunk (bytes {offset} to {offset + len(data)}) is not inside a photo of "
                        f"{total} bytes.", offset, total)
    stored = photos.stored_photo(entry_id, index)
    if stored is not None:  # kept already: a retry after a lost answer, or a second sender
        return ChunkAnswer(200, "stored", total, total, photo_id=stored.id)
    held, begun = _held(entry_id, index)
    if begun is not None and begun != total:
        if offset != 0:
            return ChunkAnswer(409, "conflict", held, begun, message=(
                f"This photo was begun with a size of {begun} bytes, not {total}: "
                "send it again from the start."))
        _drop(entry_id, index)  # the phone starts this photo over
        held = 0
    if offset > held:
        return ChunkAnswer(409, "conflict", held, total, message=(
            f"The office holds the first {held} bytes of this photo, not {offset}: send from byte {held}."))
    if offset + len(data) > held:
        if held == 0:
            _prune()
        held = _keep(entry_id, index, held, data[held - offset:], total, content_type)
    if held < total:
        return ChunkAnswer(200, "partial", held, total)
    return _finish(entry_id, index, total)


def _keep(entry_id, index, at, data, total, content_type) -> int:
    """Keep bytes `data` at offset `at`; the offset now held (a chunk kept at once by another
    request is that request's, and this one is answered with what is held)."""
    part = PhotoUploadPart(entry_id=entry_id, index=index, offset=at, size=len(data), total=total,
                           content_type=(content_type or "image/jpeg")[:30], data=data)
    try:
        with db.session.begin_nested():
            db.session.add(part)
    except IntegrityError:
        return _held(entry_id, index)[0]
    return at + len(data)


def _finish(entry_id: str, index: int, total: int) -> ChunkAnswer:
    """The last byte arrived: the photo checked and kept once, as a whole one; its chunks go."""
    parts = db.session.execute(db.select(PhotoUploadPart).filter_by(entry_id=entry_id, index=index)
                               .order_by(PhotoUploadPart.offset)).scalars().all()
    data = b"".join(p.data for p in parts)
    content_type = parts[0].content_type if parts else "image/jpeg"
    _drop(entry_id, index)
    if len(data) != total:
        stored = photos.stored_photo(entry_id, index)
        if stored is not None:  # another request with the last byte kept it a moment ago
            return ChunkAnswer(200, "stored", total, total, photo_id=stored.id)
        # Not contiguous: never, the offsets are checked; start over if so.
        return ChunkAnswer(409, "conflict", 0, total, message="The photo's pieces did not fit; send it again.")
    try:
        photo = photos.store_photo(entry_id, index, data, content_type)
    except ServiceError as exc:
        return ChunkAnswer(422, "rejected", total, total, errors=exc.errors)
    db.session.flush()
    return ChunkAnswer(201, "stored", total, total, photo_id=photo.id)


def _prune():
    """Chunks of photos begun PART_KEEP_DAYS ago and never finished (their entry discarded on
    the phone after it arrived): dropped when another photo begins."""
    cutoff = utcnow() - timedelta(days=PART_KEEP_DAYS)
    db.session.execute(db.delete(PhotoUploadPart).where(PhotoUploadPart.created_at < cutoff))
