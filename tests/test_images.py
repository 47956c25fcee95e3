"""fieldapp.images: every photo kept is upright, small, and has no metadata."""
import io

import pytest
from PIL import Image

from fieldapp.images import PhotoError, clean_jpeg
from tests.photos import has_no_metadata, jpeg_with_gps


def test_photo_is_resized_and_loses_its_exif_and_gps():
    data, width, height = clean_jpeg(jpeg_with_gps(2400, 1800), max_side=1600)
    assert (width, height) == (1600, 1200)
    assert has_no_metadata(data) and b"OfficerPhone" not in data


def test_a_small_photo_is_not_enlarged():
    assert clean_jpeg(jpeg_with_gps(300, 200), max_side=1600)[1:] == (300, 200)


def test_png_with_transparency_becomes_a_jpeg():
    out = io.BytesIO()
    Image.new("RGBA", (50, 40), (0, 0, 0, 0)).save(out, "PNG")
    assert Image.open(io.BytesIO(clean_jpeg(out.getvalue())[0])).format == "JPEG"


@pytest.mark.parametrize("data", [b"", b"%PDF-1.4 not a photo"], ids=["empty", "pdf"])
def test_what_is_not_a_photo_is_refused_in_plain_words(data):
    with pytest.raises(PhotoError, match="photo"):
        clean_jpeg(data)
