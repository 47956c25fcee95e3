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

A progressive JPEG has no such shortcut either: the decoder keeps every DCT coefficient of the
whole image (two bytes for each of 64 per 8 x 8 block, per component) until its last scan, and
draft mode shrinks only the output. So its memory is counted from the frame header (size,
components, sampling) before a pixel is decoded and held to MAX_DECODE_BYTES; and as each scan
walks the whole image again, its scans are counted from the markers and held to MAX_SCANS (a
camera or an encoder writes about 10). A 523-byte progressive file declaring 14,000 x 14,000
pixels otherwise costs 1.2 GB and seconds of CPU (tests/attack/test_photo_cost.py).
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
MAX_DECODE_BYTES = 100_000_000  # what one decode may hold: a 33 MP progressive 4:2:0 JPEG, a 12.6 MP PNG
MAX_SCANS = 64  # libjpeg's progressive scripts write 6 to 10 scans; mozjpeg's at most about 20
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


def progressive_cost(data: bytes, img) -> tuple[int, int]:
    """(bytes of coefficients the decoder will hold, number of scans) of a progressive JPEG,
    read from the frame header Pillow parsed (`img.layer`: id, h, v sampling, table) and the
    SOS markers after it; (0, 0) for any other image. Entropy-coded data never holds a bare
    0xFF 0xDA (a 0xFF in it is followed by 0x00 or a restart marker), so each is a scan."""
    if img.format not in DRAFT_FORMATS or not img.info.get("progressive"):
        return 0, 0
    width, height = img.size
    layers = img.layer[: img.layers]
    if not layers or any(not (1 <= h <= 4 and 1 <= v <= 4) for _, h, v, _ in layers):
        raise PhotoError(NOT_A_PHOTO)
    h_max, v_max = max(h for _, h, _, _ in layers), max(v for _, _, v, _ in layers)
    mcus_x, mcus_y = -(-width // (8 * h_max)), -(-height // (8 * v_max))
    coefficients = sum(mcus_x * h * mcus_y * v * 64 * 2 for _, h, v, _ in layers)
    frame = max(data.find(b"\xff\xc2"), data.find(b"\xff\xca"), 0)
    return coefficients, data.count(b"\xff\xda", frame)


def check_cost(data: bytes, img) -> None:
    """Refuse, from the headers alone, a decode that would hold more memory than MAX_DECODE_BYTES
    or walk the image more than MAX_SCANS times."""
    memory, scans = progressive_cost(data, img)
    if memory > MAX_DECODE_BYTES:
        raise PhotoError(f"This progressive JPEG of {img.width} x {img.height} pixels would take "
                         f"{memory / 1e6:,.0f} MB to open. Send the photo as the camera saved it.")
    if scans > MAX_SCANS:
        raise PhotoError(f"This JPEG is drawn in {scans} passes; a photo has about 10. "
                         "Send the photo as the camera saved it.")


def clean_jpeg(data: bytes, max_side: int = 1600, quality: int = 82) -> tuple[bytes, int, int]:
    """The image as a fresh JPEG with no metadata, upright, at most `max_side` px: (bytes, w, h)."""
    if not data:
        raise PhotoError("The photo is empty.")
    if len(data) > MAX_BYTES:
        raise PhotoError("The photo is larger than 20 MB. Send a smaller one.")
    try:
        with Image.open(io.BytesIO(data)) as img:  # the header only: nothing decoded yet
            check_shape(img)
            check_cost(data, img)
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
