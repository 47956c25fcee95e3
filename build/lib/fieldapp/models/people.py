"""People: users who sign in (town staff and officers) and dog owners (§5(E)(1))."""
from flask import current_app, has_app_context
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db
from ..law.restrictions import owner_is_minor
from .town_owned import TownOwned
from .types import UTCDateTime, now_utc


class User(db.Model):
    """Someone who signs in. `role` is one of `law.authority.ROLES`; what it may do is
    `may(action)`. The four members below are what Flask-Login asks of a user object."""
    id = db.Column(db.Integer, primary_key=True)
    username = db.Column(db.String(64), unique=True, nullable=False)
    password_hash = db.Column(db.String(256), nullable=False)
    full_name = db.Column(db.String(120), nullable=False)
    role = db.Column(db.String(16), nullable=False)
    badge_number = db.Column(db.String(32))
    phone = db.Column(db.String(32))
    active = db.Column(db.Boolean, nullable=False, default=True)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)

    def set_password(self, password: str) -> None:
        # Tests set a cheaper method; real users get werkzeug's default (scrypt).
        method = current_app.config.get("PASSWORD_HASH_METHOD", "scrypt") if has_app_context() else "scrypt"
        self.password_hash = generate_password_hash(password, method=method)

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)

    @property
    def is_active(self) -> bool:
        return self.active

    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def is_anonymous(self) -> bool:
        return False

    def get_id(self) -> str:
        return str(self.id)

    def may(self, action: str) -> bool:
        """The town's law's table of who may act (`Law.powers`; the local law's is
        fieldapp/law/authority.py): e.g. under the state law alone only the dog control officer
        brings the action for a violation (AML §118(2))."""
        from ..law.laws import may_under_every_law
        agreed = may_under_every_law(self.role, action)
        if agreed is not None:  # every law says the same: no need to read the town's law
            return agreed
        from ..town import current_law
        return current_law().may(self.role, action)

    def powers(self) -> list[str]:
        """Every power this user holds (the page tells its scripts which, see static/js/dom.js)."""
        from ..town import current_law
        law = current_law()
        return [p.action for p in law.powers if law.may(self.role, p.action)]



class UserTown(db.Model):
    """A town a user serves (fieldapp/town.py: `towns_served`): a clerk, a Town Justice and an
    administrator serve one; a dog control officer or police officer may serve several (AML
    §113(2): towns share an officer by contract or joint appointment). A county administrator
    serves none: they keep the towns, not a town's records."""
    __tablename__ = "user_town"
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), primary_key=True)
    town_id = db.Column(db.Integer, db.ForeignKey("town.id"), primary_key=True, index=True)


class UserSession(db.Model):
    """One signed-in session. The cookie holds a random key, the database only its hash: ending
    a session is deleting its row, seen by every worker, so a copied cookie stops working. The
    key is checked in the same query that loads the user (fieldapp/auth: load_user)."""
    __tablename__ = "user_session"
    id = db.Column(db.String(64), primary_key=True)  # sha256 of the cookie's key, hex
    user_id = db.Column(db.Integer, db.ForeignKey("user.id", ondelete="CASCADE"), nullable=False, index=True)
    started_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    seen_at = db.Column(UTCDateTime, nullable=False, default=now_utc)  # last use, to the minute


class Owner(TownOwned, db.Model):
    """A dog's owner of record (§4(I)), with the §5(E)(1) fields."""
    id = db.Column(db.Integer, primary_key=True)
    first_name = db.Column(db.String(80), nullable=False)
    last_name = db.Column(db.String(80), nullable=False)
    address = db.Column(db.String(200), nullable=False)  # residence street address
    # Left out: the town's own (fieldapp/town.py), as most owners live in the town.
    town = db.Column(db.String(80), nullable=False, default=lambda: _town().name)
    state = db.Column(db.String(2), nullable=False, default=lambda: _town().state)
    zip_code = db.Column(db.String(10), nullable=False, default=lambda: _town().zip_code)
    phone = db.Column(db.String(32), nullable=False)
    email = db.Column(db.String(120))
    # §4(I): a minor's dog is the responsibility of the guardian / head of household. A date of
    # birth decides who is a minor on a given day; without one, the clerk's "minor" marker does.
    is_minor = db.Column(db.Boolean, nullable=False, default=False)
    date_of_birth = db.Column(db.Date)
    guardian_name = db.Column(db.String(120))
    # The guardian or head of household when they are an owner of record too (same residence).
    guardian_id = db.Column(db.Integer, db.ForeignKey("owner.id", ondelete="SET NULL"), index=True)
    # A phone number is shown to finders only if the owner opted in (dated).
    show_phone_publicly = db.Column(db.Boolean, nullable=False, default=False)
    phone_optin_on = db.Column(db.Date)
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    updated_at = db.Column(UTCDateTime, nullable=False, default=now_utc, onupdate=now_utc)

    guardian = db.relationship("Owner", remote_side=[id], foreign_keys=[guardian_id],
                               backref=db.backref("wards", order_by="Owner.last_name"))

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def minor_on(self, today) -> bool:
        """§4(I): whether this owner is a minor on `today` (from the date of birth if known)."""
        return owner_is_minor(self.date_of_birth, self.is_minor, today)

    @property
    def full_address(self) -> str:
        return f"{self.address}, {self.town}, {self.state} {self.zip_code}"


def _town():
    from ..town import current_town
    return current_town()
