"""Tag tokens: the random part of the URL in every tag's QR code (<site>/t/<token>).

- Random from `secrets`, never derived from the dog or the serial, so a token cannot be guessed
  from another one (a finder must not be able to walk the town's dogs).
- 13 characters of a 31-letter alphabet: 13 * log2(31) = 64.4 bits.
- Radio-safe: no 0/O, no 1/l/I, upper case only, so an officer can read one over the radio or type
  it from a worn tag. Lookups are case-insensitive: `normalize_token` folds case and drops the
  spaces and dashes a person may type.
- Short enough that the QR of `<site>/t/<token>` stays at version <= 4 at error correction M
  for a base URL of up to ~45 characters (tests/services/test_tags_tokens.py checks it).
"""
import math
import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 13
ENTROPY_BITS = LENGTH * math.log2(len(ALPHABET))

_NOT_TOKEN = re.compile(r"[\s\-]")


def new_token() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize_token(text: str) -> str:
    """What a person typed or a QR code carried -> the stored form (case-insensitive match)."""
    return _NOT_TOKEN.sub("", text or "").upper()


def looks_like_token(text: str) -> bool:
    t = normalize_token(text)
    return len(t) == LENGTH and all(c in ALPHABET for c in t)


def public_base_url() -> str:
    """The site's public base URL: setting `public_base_url`, else app.config["PUBLIC_BASE_URL"]."""
    from flask import current_app

    from ...settings import get_setting

    base = (get_setting("public_base_url") or "").strip() or current_app.config.get("PUBLIC_BASE_URL", "")
    return base.rstrip("/")


def tag_url(token: str, base: str | None = None) -> str:
    return f"{public_base_url() if base is None else base.rstrip('/')}/t/{token}"
