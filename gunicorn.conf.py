"""gunicorn's settings for production: `gunicorn 'fieldapp:create_app()'` run from this folder reads
them (or pass `-c /path/to/gunicorn.conf.py`); flags on the command line win over them.

Four worker processes by default (WEB_CONCURRENCY to change it). Nothing lives in one worker
only: sessions are signed cookies (the same SECRET_KEY in every worker), entries, ticket blocks
and counters are in the database, and rate limits are in the store named by
RATELIMIT_STORAGE_URI, which must be shared (Redis) when there is more than one worker.
"""
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
# Threads, and connections kept alive between requests: a phone on a weak link pays a new
# connection's handshake (a round trip or more) for every request a server closes, and the
# sync worker closes every one. A gthread worker keeps them (keepalive seconds) and stays
# alive to its arbiter while a thread sends a long answer (a county's first copy).
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
keepalive = 15
# A batch of 100 outbox entries, or a PDF of tag sheets, stays well under this.
timeout = 60


def on_starting(server):
    storage = os.environ.get("RATELIMIT_STORAGE_URI", "memory://")
    if server.cfg.workers > 1 and storage.startswith("memory"):
        server.log.warning(
            "%d workers with RATELIMIT_STORAGE_URI=%s: each worker counts rate limits (sign-in, "
            "finders' messages) on its own, so they allow %d times as much. Set "
            "RATELIMIT_STORAGE_URI=redis://127.0.0.1:6379/0 (pip install '.[redis]').",
            server.cfg.workers, storage, server.cfg.workers)
