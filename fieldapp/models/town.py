"""The town a deployment serves, as a record: its name and place, the law it enforces, its
time zone, the Town Clerk's office and the Town Court as its papers print them, and the public
contact a finder of a dog is given. The town's settings (`Setting`, `SettingChange`) and its
calendar (`TownDay`) belong to it. One town today, the deployment's first row
(`fieldapp/town.py: current_town()`); a county's several towns come later."""
from ..extensions import db
from .types import UTCDateTime, now_utc


def town_title(name: str) -> str:
    """A town as its papers and pages name it, "Town of <name>" (one wording everywhere)."""
    return f"Town of {name}"


class Town(db.Model):
    __tablename__ = "town"
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(200), nullable=False)  # "Town of <name>" on its papers
    county = db.Column(db.String(200), nullable=False)
    state = db.Column(db.String(200), nullable=False)  # the two-letter code
    zip_code = db.Column(db.String(200), nullable=False)
    law = db.Column(db.String(60), nullable=False)  # a key of fieldapp/law/laws: LAWS
    time_zone = db.Column(db.String(60), nullable=False)  # IANA name, e.g. America/New_York
    clerk_address = db.Column(db.String(200), nullable=False)
    clerk_phone = db.Column(db.String(200), nullable=False)
    clerk_hours = db.Column(db.String(200), nullable=False, default="")
    court_name = db.Column(db.String(200), nullable=False)
    court_address = db.Column(db.String(200), nullable=False)
    court_session_weekday = db.Column(db.Integer, nullable=False)  # 0 = Monday
    court_session_time = db.Column(db.String(5), nullable=False)  # "18:00"
    contact_phone = db.Column(db.String(200), nullable=False)  # a finder's call: the DCO
    contact_email = db.Column(db.String(200), nullable=False, default="")
    created_at = db.Column(UTCDateTime, nullable=False, default=now_utc)
    updated_at = db.Column(UTCDateTime, nullable=False, default=now_utc, onupdate=now_utc)
    updated_by_id = db.Column(db.Integer, db.ForeignKey("user.id"))

    @property
    def title(self) -> str:
        return town_title(self.name)
