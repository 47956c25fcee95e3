"""Configuration defaults. The environment overrides what differs per deployment."""
import os


def normalize_database_url(url: str | None) -> str | None:
    """postgres:// and postgresql:// (as hosting providers write them) mean psycopg 3, the driver
    the `postgres` extra installs; SQLAlchemy alone would look for psycopg2."""
    if not url:
        return url
    for scheme in ("postgres://", "postgresql://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    return url


class Config:
    SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-not-secret")
    # DATABASE_URL selects another database (e.g. postgresql://user:pw@host/dbname, served by
    # psycopg 3: `pip install '.[postgres]'`); the embedded default is SQLite in the instance
    # folder, filled in by create_app().
    SQLALCHEMY_DATABASE_URI = normalize_database_url(os.environ.get("DATABASE_URL"))
    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    # The public base URL printed in tag QR codes; the admin can override it in settings.
    PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "http://127.0.0.1:5000")
    # A CSRF token lives as long as the session: an officer offline for a shift must still
    # be able to send what the outbox holds once signal returns.
    WTF_CSRF_TIME_LIMIT = None
    SESSION_COOKIE_SAMESITE = "Lax"
    REMEMBER_COOKIE_SAMESITE = "Lax"
    REMEMBER_COOKIE_DURATION = 60 * 60 * 24 * 30
    # The longest a session cookie lives; it ends sooner after `session_idle_minutes` unused.
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 14
    # A response sends the cookie only when the session changed (sign-in, a town picked, the
    # minute's last-use time: fieldapp/auth), not on every request: a request already under way
    # (the phone caching its pages) would otherwise send back the cookie it started with and
    # undo a town picked meanwhile.
    SESSION_REFRESH_EACH_REQUEST = False
    SESSION_COOKIE_HTTPONLY = True
    MAX_CONTENT_LENGTH = 16 * 1024 * 1024  # photos from phones
    # Where rate limits count (sign-in per account and address, finders' pages and messages per
    # address): memory:// is one process's own; with several gunicorn workers they must share one
    # store, e.g. redis://127.0.0.1:6379/0 (`pip install '.[redis]'`), else each worker allows as much.
    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI", "memory://")
    RATELIMIT_HEADERS_ENABLED = True
    COMPRESS_MIMETYPES = ["text/html", "text/css", "application/json", "application/javascript",
                          "text/javascript", "image/svg+xml", "application/manifest+json"]
    COMPRESS_ALGORITHM = ["gzip"]
    COMPRESS_MIN_SIZE = 1024
    # Behind a reverse proxy (the README's HTTPS set-up) set this to the number of proxies, so
    # the client's address (rate limits per finder) and https:// come from X-Forwarded-*.
    TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
    # The deployment's default time zone: a new town's (the setting `town_time_zone` starts from it),
    # and the clock outside an app context. Each town counts its days in its own record's zone.
    TIMEZONE = "America/New_York"
    # The phone's whole copy (services/copy_store.py): a town of up to this many dogs builds it
    # inside the first phone's request (~1 s at 10,000 dogs: as fast as a stored one is worth);
    # a bigger one builds it in the background and answers 202 + Retry-After (or the last copy)
    # meanwhile, since 500,000 dogs take minutes, past the worker's timeout (gunicorn.conf.py).
    FIELD_COPY_INLINE_DOGS = int(os.environ.get("FIELD_COPY_INLINE_DOGS", "10000"))
    FIELD_COPY_RETRY_AFTER = 30  # seconds a phone waits before asking again while a copy is built
