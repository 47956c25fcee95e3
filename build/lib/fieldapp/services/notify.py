"""Outbound mail to owners, when the town has set one up (settings `mail_server` "host:port"
and `mail_from`). No mail setting: nothing is sent and the town calls the owner instead.

Only the finder's contact and words go to the owner; nothing about the owner ever goes to
the finder.
"""
import logging
import smtplib
from email.message import EmailMessage

from sqlalchemy import event

from ..extensions import db
from ..settings import get_setting
from ..town import current_town

log = logging.getLogger(__name__)
SMTP_TIMEOUT = 10  # seconds: a finder is waiting on the thank-you page


def mail_after_commit(to: str, subject: str, body: str, what: str, server=None) -> None:
    """Send once what is being written now is committed: never while the write holds the
    database, and never when it is rolled back, its own savepoint (one entry of a sync batch) or
    the whole transaction. A mail server down is logged (`what` says whose mail); the record stands."""
    session = db.session()
    mine = session.get_nested_transaction() or session.get_transaction()
    # Read now: no statement may run once the transaction has committed.
    server = server or (get_setting("mail_server"), get_setting("mail_from"))
    state = {"dropped": False}

    def drop(_session, rolled_back):
        ancestor = mine
        while ancestor is not None:  # this write's savepoint, or one it is inside
            if ancestor is rolled_back:
                state["dropped"] = True
                return
            ancestor = ancestor.parent

    def send(_session):
        event.remove(session, "after_soft_rollback", drop)
        if state["dropped"]:
            return
        try:
            send_mail(to, subject, body, server=server)
        except (OSError, smtplib.SMTPException, ValueError):
            log.exception("Could not email %s", what)
    event.listen(session, "after_soft_rollback", drop)
    event.listen(session, "after_commit", send, once=True)


def mail_configured() -> bool:
    return bool(get_setting("mail_server").strip() and get_setting("mail_from").strip())


def _server(setting: str) -> tuple[str, int]:
    host, _, port = setting.strip().rpartition(":")
    if not host:  # "mail.example.org" without a port
        return port, 25
    return host, int(port)


def send_mail(to: str, subject: str, body: str, attachments=(), server: tuple[str, str] | None = None) -> None:
    """`attachments`: (filename, bytes, "type/subtype") each, e.g. a license certificate PDF.
    `server`: the settings (mail_server, mail_from) read beforehand, for a mail sent after
    the request's commit, when the database is no longer asked."""
    mail_server, mail_from = server or (get_setting("mail_server"), get_setting("mail_from"))
    msg = EmailMessage()
    msg["From"] = mail_from.strip()
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content(body)
    for filename, data, mime in attachments:
        maintype, _, subtype = mime.partition("/")
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    host, port = _server(mail_server)
    with smtplib.SMTP(host, port, timeout=SMTP_TIMEOUT) as smtp:
        smtp.send_message(msg)


def found_report_email(report) -> tuple[str, str]:
    dog = report.dog
    lines = [f"Someone has found {dog.name} and left you a message through the tag.", ""]
    if report.finder_name:
        lines.append(f"Finder: {report.finder_name}")
    if report.finder_phone:
        lines.append(f"Finder's phone: {report.finder_phone}")
    if report.finder_email:
        lines.append(f"Finder's email: {report.finder_email}")
    lines.append(f"Where the dog is: {report.location}")
    if report.note:
        lines += ["", "Their message:", report.note]
    lines += ["", f"You can also call the dog control officer at {get_setting('dco_phone')}.",
              "", f"{current_town().title} dog control"]
    return f"{dog.name} has been found", "\n".join(lines)


def notify_owners_of_found_report(report) -> int:
    """Email every current owner with an email address. Returns how many were sent."""
    if report.dog is None or not mail_configured():
        return 0
    subject, body = found_report_email(report)
    sent = 0
    for owner in report.dog.owners:
        if not owner.email:
            continue
        try:
            send_mail(owner.email, subject, body)
            sent += 1
        except (OSError, smtplib.SMTPException, ValueError):
            # The report is stored and listed for the clerk and DCO: they will call instead.
            log.exception("Could not email the owner about found report %s", report.id)
    return sent
