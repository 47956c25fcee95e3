"""Photos taken with field entries: resized and stripped of metadata before they are kept.

A phone photo carries EXIF (often the GPS position of the officer's home, the phone's serial);
we keep only the pixels: re-encoded as JPEG, at most 1600 px on the long side.
The request commits (fieldapp.web). Refusals are the entry's per-field errors (`ServiceError`),
as the roadside entry code expects.
"""
from sqlalchemy.exc import IntegrityError

from .. import images
from ..extensions import db
from ..models.enforcement import Photo
from .entries import parse_entry_id
from .errors import ServiceError

MAX_SIDE = 1600
MAX_BYTES = 20 * 1024 * 1024
MAX_PHOTOS_PER_ENTRY = 10
JPEG_QUALITY = 82


def clean_jpeg(data: bytes) -> tuple[bytes, int, int]:
    """The image made safe to keep (fieldapp.images), or a per-field error for the entry."""
    if data and len(data) > MAX_BYTES:
        raise ServiceError({"photos": "The photo is empty or larger than 20 MB."})
    try:
        return images.clean_jpeg(data, MAX_SIDE, JPEG_QUALITY)
    except images.PhotoError as exc:
        raise ServiceError({"photos": str(exc)}) from None


def store_photo(entry_id: str, index: int, data: bytes, content_type: str) -> Photo:
    """Keep photo `index` of field entry `entry_id`; the same (entry, index) again returns the first."""
    entry_id = parse_entry_id(entry_id)
    if not isinstance(index, int) or not 0 <= index < MAX_PHOTOS_PER_ENTRY:
        raise ServiceError({"photos": f"At most {MAX_PHOTOS_PER_ENTRY} photos per entry."})
    existing = _find(entry_id, index)
    if existing is not None:
        return existing
    jpeg, width, height = clean_jpeg(data)
    photo = Photo(entry_id=entry_id, index=index, data=jpeg, content_type="image/jpeg",
                  width=width, height=height)
    try:
        with db.session.begin_nested():
            db.session.add(photo)
    except IntegrityError:  # the same photo arrived twice at once
        return _find(entry_id, index)
    return photo


def _find(entry_id, index):
    """Photo `index` of the entry, when it is kept (also photo_uploads: a chunk of a kept photo)."""
    return db.session.execute(db.select(Photo).filter_by(entry_id=entry_id, index=index)).scalar_one_or_none()


stored_photo = _find


def photos_for(entry_id: str) -> list[Photo]:
    return list(db.session.execute(db.select(Photo).filter_by(entry_id=entry_id)
                                   .order_by(Photo.index)).scalars())
