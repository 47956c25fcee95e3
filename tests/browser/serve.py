"""Serve the app for the browser tests in its own process, so a test can kill and restart it.

    python -m tests.browser.serve PORT DATABASE

DATABASE is a database URI (postgresql+psycopg://..., sqlite:///...) or the path of a SQLite file.

Creates and seeds the database on first start; prints READY when it listens.
"""
import sys

from werkzeug.serving import make_server

from fieldapp import create_app
from fieldapp.cli import seed_demo
from fieldapp.extensions import db
from fieldapp.models import User


def main():
    port, database = int(sys.argv[1]), sys.argv[2]
    uri = database if "://" in database else f"sqlite:///{database}"
    app = create_app({"SECRET_KEY": "browser-tests", "SQLALCHEMY_DATABASE_URI": uri,
                      "RATELIMIT_ENABLED": False, "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}"})
    with app.app_context():
        db.create_all()
        if not db.session.execute(db.select(User).limit(1)).first():
            seed_demo()
    server = make_server("127.0.0.1", port, app, threaded=True)
    print("READY", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
