"""Each town counts its days, and shows its times, on its own clock: the zone of its record
(the setting `town_time_zone`), the deployment's default (Config.TIMEZONE) with no app context
or before a town record exists."""
from datetime import UTC, date, datetime

import pytest
from flask import render_template_string

from fieldapp import timeutil
from fieldapp.extensions import db
from fieldapp.settings import PRICED, get_setting, set_setting
from fieldapp.town import acting_for, town_for_write
from fieldapp.web import clock, longdate, when

from ..factories import make_town

# 05:30 UTC on Thu 3 Dec 2026: 00:30 that Thursday in New York, still 11:30 pm Wednesday in Chicago.
INSTANT = datetime(2026, 12, 3, 5, 30, tzinfo=UTC)


@pytest.fixture
def frozen(monkeypatch):
    """The clock stopped at INSTANT (read on whichever zone asks)."""
    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return INSTANT.astimezone(tz) if tz else INSTANT.replace(tzinfo=None)
    monkeypatch.setattr(timeutil, "datetime", Frozen)


def _chicago(app):
    app.config.pop("FIXED_TODAY", None)
    set_setting("town_time_zone", "America/Chicago")
    db.session.commit()


def test_town_in_chicago_counts_today_in_its_own_zone(app, frozen):
    with app.app_context():
        app.config.pop("FIXED_TODAY", None)
        town_for_write()
        assert timeutil.local_today() == date(2026, 12, 3)  # the deployment's default, New York
        _chicago(app)
        assert str(timeutil.town_tz()) == "America/Chicago"
        assert timeutil.local_today() == date(2026, 12, 2)
        assert timeutil.local_now().hour == 23
        assert timeutil.to_local(INSTANT).date() == date(2026, 12, 2)
        assert timeutil.to_local(INSTANT.replace(tzinfo=None)).date() == date(2026, 12, 2)  # SQLite's naive UTC


def test_town_time_zone_without_app_context_or_record_is_the_deployments(app, frozen):
    assert timeutil.town_tz() == timeutil.DEFAULT_TZ
    assert timeutil.local_today() == date(2026, 12, 3)
    with app.app_context():
        _chicago(app)
        with acting_for(10 ** 6):  # a town with no record (yet)
            assert timeutil.town_tz() == timeutil.DEFAULT_TZ
            assert timeutil.local_today() == date(2026, 12, 3)


def test_town_shows_a_stored_utc_time_on_its_own_clock(app):
    with app.app_context():
        _chicago(app)
        assert when(INSTANT) == "Wed 2 Dec 2026, 11:30 pm"
        assert longdate(INSTANT.replace(tzinfo=None)) == "Wed 2 Dec 2026"
        assert clock("2026-12-03T05:30:00+00:00") == "11:30 pm"
    with app.test_request_context():
        assert render_template_string("{{ t|when }}", t=INSTANT) == "Wed 2 Dec 2026, 11:30 pm"


def test_town_time_zone_is_on_every_page_for_the_phone(app, client, auth):
    with app.app_context():
        _chicago(app)
    auth.login("dco")
    assert 'data-town-tz="America/Chicago"' in client.get("/field/").get_data(as_text=True)


def test_town_acted_for_counts_in_its_own_zone(app, frozen):
    """Two towns, one deployment: each "today" is its own town's."""
    with app.app_context():
        app.config.pop("FIXED_TODAY", None)
        second = make_town("Lakeside", time_zone="America/Chicago")
        db.session.commit()
        assert timeutil.local_today() == date(2026, 12, 3)
        with acting_for(second.id):
            assert timeutil.local_today() == date(2026, 12, 2)
            assert when(INSTANT) == "Wed 2 Dec 2026, 11:30 pm"
        assert when(INSTANT) == "Thu 3 Dec 2026, 12:30 am"


def test_town_priced_setting_reads_today_in_its_zone_without_recursion(app, frozen):
    """A priced setting asks for today; today asks for the zone from the plain values, not back."""
    key = sorted(PRICED)[0]
    with app.app_context():
        _chicago(app)
        before = get_setting(key)
        assert get_setting(key) == before
