"""Photos from phones, made safe to keep: upright, resized, re-encoded with no metadata.

A phone photo's EXIF often carries the GPS position of the home it was taken at and the
phone's serial number; we keep only the pixels. One function for every upload (field entries,
finders' messages, the dog's own photo) so none can forget a step.

A photo costs what a photo should. `Image.open` reads only the header, so the shape is checked
before a pixel is decoded: a format a phone sends (JPEG, PNG, WebP), no side over MAX_SIDE, no
strip longer than MAX_ASPECT to one, and a pixel count a camera makes (a small PNG can declare
60 million pixels and cost seconds to decode). A JPEG is decoded at reduced size (Pillow's draft
mode: the decoder scales by 1/2, 1/4 or 1/8 as it reads), so even a 200-megapixel camera photo
costs a fraction of a second; other formats have no such shortcut and are held to MAX_PIXELS_OTHER.
"""
import io

from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 20 * 1024 * 1024
FORMATS = {"JPEG", "MPO", "PNG", "WEBP"}  # MPO: the JPEG some phones write with a depth map
DRAFT_FORMATS = {"JPEG", "MPO"}
MAX_PIXELS_JPEG = 210_000_000  # the largest phone cameras (200 MP), decoded at 1/8 in draft mode
MAX_PIXELS_OTHER = 12_600_000  # PNG, WebP: decoded in full (a 4K screenshot is 8.3 MP); ~0.3 s
MAX_SIDE = 20_000
MAX_ASPECT = 10  # a phone panorama is about 4:1 to 8:1; a 1 x 59,000,000 strip is not a photo
MIN_SIDE = 16
# Pillow's own bomb check, raised to ours: `check_shape` decides, from the header, per format.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS_JPEG


class PhotoError(ValueError):
    """The upload is not a photo we can read; the message says so in plain words."""


NOT_A_PHOTO = "This file is not a photo we can read. Use a JPEG or PNG photo."


def check_shape(img) -> None:
    """Refuse, from the header alone, a format or shape no phone camera sends."""
    if img.format not in FORMATS:
        raise PhotoError(NOT_A_PHOTO)
    width, height = img.size
    long, short = max(width, height), min(width, height)
    if short < MIN_SIDE:
        raise PhotoError(f"This picture is only {width} x {height} pixels: send the photo itself.")
    if long > MAX_SIDE or long > short * MAX_ASPECT:
        raise PhotoError(f"A {width} x {height} picture is not a photo from a phone camera. "
                         "Take the photo again, or send it as a JPEG.")
    limit = MAX_PIXELS_JPEG if img.format in DRAFT_FORMATS else MAX_PIXELS_OTHER
    if width * height > limit:
        raise PhotoError(f"This {img.format} is {width * height / 1e6:.0f} megapixels, more than a phone "
                         "photo. Send it as a JPEG from the camera, or a smaller picture.")


def clean_jpeg(data: bytes, max_side: int = 1600, quality: int = 82) -> tuple[bytes, int, int]:
    """The image as a fresh JPEG with no metadata, upright, at most `max_side` px: (bytes, w, h)."""
    if not data:
        raise PhotoError("The photo is empty.")
    if len(data) > MAX_BYTES:
        raise PhotoError("The photo is larger than 20 MB. Send a smaller one.")
    try:
        with Image.open(io.BytesIO(data)) as img:  # the header only: nothing decoded yet
            check_shape(img)
            if img.format in DRAFT_FORMATS:
                img.draft("RGB", (max_side, max_side))  # decode at 1/2, 1/4 or 1/8 of the size
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
    except PhotoError:
        raise
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
        raise PhotoError(NOT_A_PHOTO) from None
