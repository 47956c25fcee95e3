"""Photos taken with field entries: resized and stripped of metadata before they are kept.

A phone photo carries EXIF (often the GPS position of the officer's home, the phone's serial);
we keep only the pixels: re-encoded as JPEG, at most 1600 px on the long side.
"""
import io

from PIL import Image, ImageOps, UnidentifiedImageError
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models.enforcement import Photo
from .entries import EntryErrors, parse_entry_id

MAX_SIDE = 1600
MAX_BYTES = 20 * 1024 * 1024
MAX_PHOTOS_PER_ENTRY = 10
JPEG_QUALITY = 82


def clean_jpeg(data: bytes) -> tuple[bytes, int, int]:
    """The image as a fresh JPEG with no metadata, upright, at most MAX_SIDE px."""
    if not data or len(data) > MAX_BYTES:
        raise EntryErrors({"photos": "The photo is empty or larger than 20 MB."})
    try:
        with Image.open(io.BytesIO(data)) as img:
            img = ImageOps.exif_transpose(img)  # keep it upright once the orientation tag is gone
            img.thumbnail((MAX_SIDE, MAX_SIDE))
            if img.mode != "RGB":
                img = img.convert("RGB")
            # A new image from the pixels alone: no EXIF, GPS, XMP or ICC comes along.
            bare = Image.new("RGB", img.size)
            bare.paste(img)
            out = io.BytesIO()
            bare.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
            return out.getvalue(), bare.width, bare.height
    except (UnidentifiedImageError, OSError, ValueError):
        raise EntryErrors({"photos": "This file is not a photo the app can read (use JPEG, PNG or HEIF)."}) from None


def store_photo(entry_id: str, index: int, data: bytes, content_type: str) -> Photo:
    """Keep photo `index` of field entry `entry_id`; the same (entry, index) again returns the first."""
    entry_id = parse_entry_id(entry_id)
    if not isinstance(index, int) or not 0 <= index < MAX_PHOTOS_PER_ENTRY:
        raise EntryErrors({"photos": f"At most {MAX_PHOTOS_PER_ENTRY} photos per entry."})
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
    db.session.commit()
    return photo


def _find(entry_id, index):
    return db.session.execute(db.select(Photo).filter_by(entry_id=entry_id, index=index)).scalar_one_or_none()


def photos_for(entry_id: str) -> list[Photo]:
    return list(db.session.execute(db.select(Photo).filter_by(entry_id=entry_id)
                                   .order_by(Photo.index)).scalars())
