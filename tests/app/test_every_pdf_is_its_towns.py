"""Every paper a town's people print is that town's: its name on each PDF the clerk, the Town
Justice's staff or the officer taps for, for the demo's second town (Example Town, under the state
law alone), and never the first town's name, nor a section of a local law the town does not have."""
import re

import pytest

from fieldapp.demo.example_town import EXAMPLE_TOWN, seed_example_town
from fieldapp.extensions import db
from fieldapp.models import Dog, License, Tag, Town
from fieldapp.timeutil import local_today
from fieldapp.town import acting_for
from tests.factories import make_impoundment
from tests.pdf_layout import pdf_text

# A local law's section ("§5(J)", "§8(C)"), not a statute's ("AML §117(4)", "CPL §150.40(2)").
LOCAL_SECTION = re.compile(r"(?<!AML )(?<!CPL )§\d{1,2}(?![\d.])")



@pytest.fixture
def example_town(app):
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        town_id = db.session.scalars(db.select(Town.id).where(Town.name == EXAMPLE_TOWN)).one()
        with acting_for(town_id):
            willow = db.session.scalars(db.select(Dog.id).filter_by(name="Willow")).one()
            ids = {"lic": db.session.scalars(db.select(License.id).filter_by(dog_id=willow)).first(),
                   "tag": db.session.scalars(db.select(Tag.id).filter_by(dog_id=willow, status="active")).one()}
        with app.test_request_context(), acting_for(town_id):
            ids["imp"] = make_impoundment(codes=["AML118-1d"], ruled_out=[]).id
            db.session.commit()
    return ids


# (who taps, method, URL with {lic}, {tag}, {imp}, {first} and {today}, form posted)
PAPERS = [
    ("clerk2", "GET", "/clerk/licenses/{lic}/certificate.pdf", None),
    ("clerk2", "POST", "/clerk/renewals/letters.pdf", {"within": "30", "expired": "1"}),
    ("clerk2", "GET", "/clerk/reports/licenses.pdf?from={first}&to={today}", None),
    ("clerk2", "GET", "/field/impoundments/{imp}/notice-letter.pdf", None),
    ("clerk2", "GET", "/law/reading.pdf", None),
    ("clerk2", "GET", "/tags/sheet.pdf?id={tag}", None),
]


@pytest.mark.parametrize("who,method,url,data", PAPERS, ids=[p[2].split("/")[-1].split("?")[0] for p in PAPERS])
def test_each_pdf_names_the_town_that_made_it(example_town, client, auth, who, method, url, data):
    today = local_today()
    url = url.format(**example_town, first=today.replace(day=1), today=today)
    auth.login(who)
    response = client.open(url, method=method, data=data)
    assert response.status_code == 200 and response.mimetype == "application/pdf", (url, response.status_code)
    text = pdf_text(response.data)
    assert EXAMPLE_TOWN in text, (url, text[:300])
    assert "Sandy Creek" not in text, url
    local = [text[max(0, m.start() - 50):m.end() + 10] for m in LOCAL_SECTION.finditer(text)]
    assert not local, (url, local)
