"""Helpers for the tests that make requests (not fixtures: those are in conftest.py)."""
import socketserver

from fieldapp.extensions import db
from fieldapp.models import Dog, Tag


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


class SMTPSink(socketserver.StreamRequestHandler):
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
