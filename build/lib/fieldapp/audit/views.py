"""The audit trail: what changed on a record, newest first (services/audit.py keeps it), and the
admin's one page of sign-ins, exports and settings changes.

Read only: no route here writes, and a Change is never edited or deleted."""
from flask import render_template, url_for
from flask_login import current_user

from ..admin.views import SIGN_IN_KINDS
from ..auth import permission_required
from ..extensions import db
from ..models import Dog, Event, License, Owner, Setting, SettingChange
from ..models.audit import Change
from ..services import audit, town_people
from . import bp

# Events of an export: anything named export.* (the §5(F) records, backups, tag sheets, the
# officers' offline copies) is listed with these.
EXPORT_PREFIXES = ("export.", "backup.")
EXPORT_LABELS = {
    "export.backup": "Backup written (flask backup)",
    "backup.restored": "Backup restored (flask restore)",
    "export.tag_sheet": "Tag sheet printed (PDF)",
    "export.field_dataset": "Officer's offline copy loaded in full",
}


def _page(title, back_url, back_label, changes):
    return render_template("audit/record.html", title=title, back_url=back_url, back_label=back_label,
                           lines=audit.lines(changes))


@bp.route("/clerk/dogs/<int:dog_id>/history")
@permission_required("read_records")
def dog(dog_id):
    dog = db.get_or_404(Dog, dog_id)
    return _page(f"{dog.name}: history", url_for("clerk.dog", dog_id=dog.id), f"{dog.name}'s record",
                 audit.audit_of_dog(dog.id))


@bp.route("/clerk/owners/<int:owner_id>/history")
@permission_required("read_records")
def owner(owner_id):
    owner = db.get_or_404(Owner, owner_id)
    return _page(f"{owner.full_name}: history", url_for("clerk.owner", owner_id=owner.id), owner.full_name,
                 audit.audit_of_owner(owner.id))


@bp.route("/clerk/licenses/<int:license_id>/history")
@permission_required("read_records")
def license(license_id):
    lic = db.get_or_404(License, license_id)
    return _page(f"License {lic.number}: history", url_for("clerk.certificate", license_id=lic.id),
                 f"License {lic.number}", audit.audit_of_license(lic))


@bp.route("/admin/activity")
@permission_required("read_activity_log")
def activity():
    """Settings changes (every column, from the audit trail; a fee's dated change with the day it
    applies from, even one dated ahead), exports and sign-ins, newest first."""
    # The exports and sign-ins of the town's own users; the command line's (a backup) and a wrong
    # username are no one's, shown to every town's administrator.
    town_id = town_people.town_id_for_write(current_user)
    users = {u.id: u for u in town_people.users_of_town(town_id)}
    # The town's settings changes: its record's, and those its own users made (the audit trail
    # keeps who wrote a setting, not its town); the command line's, as its exports, are no one's.
    ours = db.or_(db.and_(Change.subject_type == "Town", Change.subject_key == str(town_id)),
                  db.and_(Change.subject_type != "Town",
                          db.or_(Change.actor_id.in_(list(users)), Change.actor_id.is_(None))))
    settings = db.session.scalars(db.select(Change).where(Change.subject_type.in_((Setting.__name__,
                                                                                   SettingChange.__name__, "Town")),
                                                          ours)
                                  .order_by(Change.at.desc(), Change.id.desc()).limit(200)).all()
    export_filter = db.or_(*[Event.kind.startswith(p) for p in EXPORT_PREFIXES])
    exports = db.session.scalars(db.select(Event).where(export_filter, db.or_(Event.actor_id.in_(list(users)),
                                                                                   Event.actor_id.is_(None)))
                                 .order_by(Event.at.desc(), Event.id.desc()).limit(200)).all()
    theirs = db.or_(db.and_(Event.subject_type == "User", Event.subject_id.in_(list(users))),
                    Event.subject_type.is_(None))
    sign_ins = db.session.scalars(db.select(Event).where(Event.kind.in_(SIGN_IN_KINDS), theirs)
                                  .order_by(Event.at.desc(), Event.id.desc()).limit(200)).all()
    return render_template("audit/activity.html", settings=audit.lines(settings), exports=exports,
                           sign_ins=sign_ins, users=users, sign_in_kinds=SIGN_IN_KINDS,
                           export_labels=EXPORT_LABELS)
