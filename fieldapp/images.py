"""Photos from phones, made safe to keep: upright, resized, re-encoded with no metadata.

A phone photo's EXIF often carries the GPS position of the home it was taken at and the
phone's serial number; we keep only the pixels. One function for every upload (field entries,
finders' messages, the dog's own photo) so none can forget a step.
"""
import io

from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 60_000_000  # refuse decompression bombs before decoding


class PhotoError(ValueError):
    """The upload is not a photo we can read; the message says so in plain words."""


def clean_jpeg(data: bytes, max_side: int = 1600, quality: int = 82) -> tuple[bytes, int, int]:
    """The image as a fresh JPEG with no metadata, upright, at most `max_side` px: (bytes, w, h)."""
    if not data:
        raise PhotoError("The photo is empty.")
    if len(data) > MAX_BYTES:
        raise PhotoError("The photo is larger than 20 MB. Send a smaller one.")
    try:
        with Image.open(io.BytesIO(data)) as img:
            if img.width * img.height > MAX_PIXELS:
                raise PhotoError("The photo is too large. Send a smaller one.")
            img = ImageOps.exif_transpose(img)  # apply the rotation before the EXIF goes
            img.thumbnail((max_side, max_side))
            if img.mode != "RGB":
                img = img.convert("RGB")
            # A new image from the pixels alone: no EXIF, GPS, XMP, ICC or comments come along.
            bare = Image.new("RGB", img.size)
            bare.paste(img)
            out = io.BytesIO()
            bare.save(out, "JPEG", quality=quality, optimize=True)
            return out.getvalue(), bare.width, bare.height
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        if isinstance(exc, PhotoError):
            raise
        raise PhotoError("This file is not a photo we can read. Use a JPEG or PNG photo.") from None
