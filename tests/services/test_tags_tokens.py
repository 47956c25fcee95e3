"""Tag tokens: random, radio-safe, >= 64 bits, and a QR code small enough for a 1" label."""
import math

import qrcode
from qrcode.constants import ERROR_CORRECT_M

from fieldapp.services.tags.qr import qr_matrix
from fieldapp.services.tags.tokens import (
    ALPHABET,
    ENTROPY_BITS,
    LENGTH,
    looks_like_token,
    new_token,
    normalize_token,
    tag_url,
)

REALISTIC_BASES = [
    "https://dogs.sandycreekny.gov",
    "https://www.townofsandycreekny.com",
    "https://sandycreek.oswegocounty.ny.us/dogs",
    "http://127.0.0.1:5000",
]


def test_token_alphabet_is_radio_safe():
    for confusable in "0O1lIo":
        assert confusable not in ALPHABET
    assert len(set(ALPHABET)) == len(ALPHABET) == 31
    assert ALPHABET == ALPHABET.upper()


def test_tokens_use_only_the_alphabet_and_are_random():
    tokens = [new_token() for _ in range(2000)]
    assert all(len(t) == LENGTH and set(t) <= set(ALPHABET) for t in tokens)
    assert len(set(tokens)) == len(tokens)
    # Every letter of the alphabet turns up (secrets.choice over all of it, not a subset).
    assert set("".join(tokens)) == set(ALPHABET)


def test_token_entropy_at_least_64_bits():
    assert ENTROPY_BITS == LENGTH * math.log2(len(ALPHABET))
    assert ENTROPY_BITS >= 64


def test_qr_of_tag_url_is_version_4_or_less_at_error_correction_M():
    for base in REALISTIC_BASES:
        url = tag_url(new_token(), base)
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M)
        code.add_data(url)
        code.make(fit=True)
        assert code.version <= 4, (base, code.version)
        assert len(qr_matrix(url)) == code.version * 4 + 17  # what we print is that code


def test_tokens_match_case_insensitively_and_ignore_spaces():
    token = new_token()
    assert normalize_token(token.lower()) == token
    assert normalize_token(f" {token[:4]} {token[4:8]}-{token[8:]} ") == token
    assert looks_like_token(token.lower())
    assert not looks_like_token("HELLO")


def test_public_base_url_setting_overrides_config(app):
    from fieldapp.extensions import db
    from fieldapp.settings import set_setting
    with app.test_request_context():
        assert tag_url("ABC") == "https://dogs.sandycreekny.example/t/ABC"
        set_setting("public_base_url", "https://dogs.sandycreekny.gov/")
        db.session.commit()
        assert tag_url("ABC") == "https://dogs.sandycreekny.gov/t/ABC"


def test_every_tag_qr_decodes_to_its_url():
    """encode_qr gives qrcode's code with one fixed mask (any mask is a valid code): zxing-cpp
    reads each back, for tag URLs on every realistic site and longer URLs (versions 2..9)."""
    import zxingcpp
    from PIL import Image

    from fieldapp.services.tags.qr import QUIET, dark_runs, encode_qr
    urls = [tag_url(new_token(), base) for base in REALISTIC_BASES for _ in range(25)]
    urls += ["https://example.com/" + "x" * k for k in range(1, 200, 9)]
    for url in urls:
        matrix = encode_qr(url)
        px = 3  # a small print: 3 pixels a module
        side = (len(matrix) + 2 * QUIET) * px
        image = Image.new("L", (side, side), 255)
        for y, x, length in dark_runs(matrix):
            image.paste(0, ((x + QUIET) * px, (y + QUIET) * px, (x + QUIET + length) * px, (y + QUIET + 1) * px))
        assert [c.text for c in zxingcpp.read_barcodes(image)] == [url]
