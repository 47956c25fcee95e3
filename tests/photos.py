"""Test photos like a phone makes them: with EXIF, GPS position and camera make."""
import io

from PIL import ExifTags, Image


def jpeg_with_gps(width=2400, height=1800, make="OfficerPhone") -> bytes:
    img = Image.new("RGB", (width, height), (180, 120, 60))
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = make
    exif[ExifTags.Base.Model] = "Model-X"
    exif[ExifTags.Base.GPSInfo] = {ExifTags.GPS.GPSLatitudeRef: "N", ExifTags.GPS.GPSLatitude: (43.0, 39.0, 12.5),
                                   ExifTags.GPS.GPSLongitudeRef: "W", ExifTags.GPS.GPSLongitude: (76.0, 5.0, 1.0)}
    out = io.BytesIO()
    img.save(out, "JPEG", exif=exif, comment=b"home of the photographer")
    data = out.getvalue()
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(ExifTags.IFD.GPSInfo)  # the test photo has GPS
    return data


def has_no_metadata(data: bytes) -> bool:
    img = Image.open(io.BytesIO(data))
    return img.format == "JPEG" and len(img.getexif()) == 0 and b"Exif" not in data and b"Model-X" not in data


def jpeg_with_exif(size=(2000, 1500)) -> bytes:
    """A phone-like photo with EXIF (GPS and camera make) in it."""
    return jpeg_with_gps(*size, make="SecretPhoneMaker")
