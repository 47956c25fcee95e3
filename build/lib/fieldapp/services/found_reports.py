"""Finders' messages (FoundReport) and public tag scans (TagScan): the one write path for both.

Privacy: nothing here ever hands owner data to a finder. Client info is kept coarse on purpose
(user-agent family and the first two parts of the address): enough for an owner or officer to
see that a tag was scanned from a phone on Tuesday, not enough to find the finder.

Functions add and flush; the request commits (fieldapp.web). Refusals are `ServiceError`.
"""
import ipaddress
import re

from ..extensions import db
from ..images import PhotoError, clean_jpeg
from ..models import record_event
from ..models.public import FoundReport, TagScan
from ..models.types import now_utc
from .errors import ServiceError

PHOTO_MAX_SIDE = 1024  # px: plenty to recognise a dog, small enough to store

# (needle in the user agent, family), first match wins: order matters (Edge and Chrome say Safari).
_BROWSERS = [("bot", "Bot"), ("spider", "Bot"), ("crawl", "Bot"), ("preview", "Link preview"),
             ("Edg", "Edge"), ("OPR", "Opera"), ("SamsungBrowser", "Samsung Internet"),
             ("Firefox", "Firefox"), ("FxiOS", "Firefox"), ("CriOS", "Chrome"), ("Chrome", "Chrome"),
             ("Safari", "Safari")]
_PLATFORMS = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
              ("Mac OS X", "Mac"), ("Linux", "Linux")]


def user_agent_family(user_agent: str | None) -> str:
    ua = user_agent or ""
    low = ua.lower()
    browser = next((fam for needle, fam in _BROWSERS if needle.lower() in low), "Other browser")
    platform = next((fam for needle, fam in _PLATFORMS if needle.lower() in low), "")
    return f"{platform} {browser}".strip()


def coarse_address(remote_addr: str | None) -> str:
    """First two octets of an IPv4 address ("203.0.x.x"), first two groups of IPv6."""
    try:
        ip = ipaddress.ip_address((remote_addr or "").strip())
    except ValueError:
        return "unknown"
    if ip.version == 4:
        a, b, *_ = str(ip).split(".")
        return f"{a}.{b}.x.x"
    groups = ip.exploded.split(":")
    return f"{groups[0]}:{groups[1]}::"


def coarse_client_info(user_agent: str | None, remote_addr: str | None) -> str:
    return f"{user_agent_family(user_agent)} · {coarse_address(remote_addr)}"[:80]


def record_tag_scan(tag, client_info: str) -> TagScan:
    scan = TagScan(tag_id=tag.id, dog_id=tag.dog_id, client_info=client_info)
    db.session.add(scan)
    return scan


def recent_scans(dog, limit: int = 10) -> list[TagScan]:
    return list(db.session.execute(
        db.select(TagScan).filter_by(dog_id=dog.id).order_by(TagScan.at.desc(), TagScan.id.desc())
        .limit(limit)).scalars())


def prepare_photo(data: bytes | None) -> bytes | None:
    """A finder's photo made safe to keep (fieldapp.images: upright, small, no metadata — a
    phone photo's EXIF carries the GPS position of the finder's home), or None. An unreadable
    image is refused on "photo"."""
    if not data:
        return None
    try:
        return clean_jpeg(data, PHOTO_MAX_SIDE, quality=80)[0]
    except PhotoError as exc:
        raise ServiceError({"photo": str(exc)}) from None


def _clean(text: str | None, limit: int) -> str:
    return re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", (text or "").strip())[:limit]


def create_found_report(*, tag=None, finder_name="", finder_phone="", finder_email="", location="",
                        description="", note="", photo=None, client_info="") -> FoundReport:
    """Store a finder's message (tag given: about that tag's dog; else a dog without a tag).
    The view commits it, then calls `tell_owners`: a slow or failing mail server must never
    lose the finder's message. Finders are not signed in: the actor is None."""
    report = FoundReport(
        tag_id=tag.id if tag else None, dog_id=tag.dog_id if tag else None,
        finder_name=_clean(finder_name, 120), finder_phone=_clean(finder_phone, 40),
        finder_email=_clean(finder_email, 120), location=_clean(location, 300),
        description=_clean(description, 300), note=_clean(note, 2000), photo=photo,
        client_info=client_info[:80])
    db.session.add(report)
    db.session.flush()
    record_event("found_report.received", report, actor=None, dog_id=report.dog_id,
                 tagged=tag is not None)
    return report


def tell_owners(report: FoundReport) -> int:
    """Email the dog's owner(s) about a stored report when the town has a mail server set up
    (notify.py); returns how many emails were sent."""
    from .notify import notify_owners_of_found_report
    sent = notify_owners_of_found_report(report)
    if sent:
        report.owner_notified_at = now_utc()
        report.owner_notified_count = sent
        record_event("found_report.owner_notified", report, actor=None, emails=sent)
    return sent


def mark_handled(report: FoundReport, user, note: str) -> FoundReport:
    if report.handled_at is not None:
        raise ServiceError({"": "This report was already marked handled."})
    report.handled_at = now_utc()
    report.handled_by_id = user.id
    report.handled_note = _clean(note, 2000)
    record_event("found_report.handled", report, actor=user, note=report.handled_note)
    return report


def found_reports(show: str = "open") -> list[FoundReport]:
    """The "Found dog reports" list: open ones oldest first (the longest waiting on top),
    or all of them newest first."""
    q = db.select(FoundReport)
    if show == "open":
        q = q.filter(FoundReport.handled_at.is_(None)).order_by(FoundReport.created_at)
    else:
        q = q.order_by(FoundReport.created_at.desc())
    return list(db.session.execute(q.limit(500)).scalars())
