"""Shared fixtures for the public tag page tests (issue 7). No tests here.

Tags: the demo seed makes them (issue 4's _seed_tags); where a demo dog has no active tag (an
unlicensed dog), one is made here with the Tag model directly.
"""
import socketserver
import threading

import pytest

from fieldapp.extensions import db
from fieldapp.models import Dog, Tag
from tests.photos import jpeg_with_gps


def ensure_tags(app) -> dict:
    """{dog name: active token} for every demo dog (making tags where the seed did not)."""
    with app.app_context():
        serial = 900000
        out = {}
        for dog in db.session.execute(db.select(Dog).order_by(Dog.id)).scalars():
            tag = dog.active_tag
            if tag is None:
                serial += 1
                tag = Tag(token=f"TST{dog.id:04d}PUBLICPAGE", serial=serial, dog_id=dog.id, status="active")
                db.session.add(tag)
                db.session.flush()
            out[dog.name] = tag.token
        db.session.commit()
        return out


@pytest.fixture
def tokens(app):
    return ensure_tags(app)


@pytest.fixture
def retired_token(app, tokens):
    with app.app_context():
        dog = db.session.execute(db.select(Dog).filter_by(name="Max")).scalar_one()
        db.session.add(Tag(token="RETIREDTOKEN0001", serial=899001, dog_id=dog.id, status="retired"))
        db.session.add(Tag(token="BLANKTOKEN000001", serial=899002, status="blank"))
        db.session.commit()
    return "RETIREDTOKEN0001"


def jpeg_with_exif(size=(2000, 1500)) -> bytes:
    """A phone-like photo with EXIF (GPS and camera make) in it."""
    return jpeg_with_gps(*size, make="SecretPhoneMaker")


class _SMTPSink(socketserver.StreamRequestHandler):
    """Just enough SMTP for smtplib: EHLO, MAIL, RCPT, DATA, QUIT."""

    def handle(self):
        def say(text):
            self.wfile.write(text.encode() + b"\r\n")
        say("220 sink ESMTP")
        env, lines, in_data = {"rcpt": []}, [], False
        while True:
            raw = self.rfile.readline()
            if not raw:
                return
            text = raw.decode("utf-8", "replace").rstrip("\r\n")
            if in_data:
                if text == ".":
                    self.server.messages.append({**env, "data": "\n".join(lines)})
                    env, lines, in_data = {"rcpt": []}, [], False
                    say("250 OK queued")
                else:
                    lines.append(text[1:] if text.startswith("..") else text)
                continue
            verb = text[:4].upper()
            if verb in ("EHLO", "HELO"):
                say("250 sink")
            elif verb == "MAIL":
                env["from"] = text
                say("250 OK")
            elif verb == "RCPT":
                env["rcpt"].append(text)
                say("250 OK")
            elif verb == "DATA":
                in_data = True
                say("354 End data with <CR><LF>.<CR><LF>")
            elif verb == "QUIT":
                say("221 Bye")
                return
            else:
                say("250 OK")


@pytest.fixture
def smtp_sink():
    """A real SMTP server on a local socket; `.messages` holds what it received."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _SMTPSink)
    server.daemon_threads = True
    server.messages = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
