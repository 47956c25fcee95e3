"""Each town its law's citations: the clerk's and officer's screens are written to the local law's
sections (Local Law No. 2 of 2011); in a town under the state law alone they cite the statute's own
section where it has one, and no section where it has none (fieldapp/law/laws/cites.py)."""
import re

import pytest

from fieldapp.demo.example_town import seed_example_town
from fieldapp.extensions import db
from fieldapp.law.laws import LAWS
from fieldapp.law.laws.cites import cite
from fieldapp.models import Dog, License, Town
from fieldapp.timeutil import local_today
from fieldapp.town import acting_for
from tests.factories import make_impoundment

STATE = LAWS["aml-article-7"]
# A local law's section: §4(I), §5(C), §8(D), §9, §10(B): one or two digits (the statutes' are
# "AML §110(1)", "CPL §150.40(2)", "PHL §2140": three digits or more, or a dot; the General
# Construction Law's holidays, "GCL §24" or "General Construction Law §24", name their statute).
LOCAL_CITATION = re.compile(r"(?<!GCL )(?<!Law )§\d{1,2}(?![\d.])")


def _local_law():
    return next(law for law in LAWS.values() if law.local)


def test_the_local_law_keeps_its_sections():
    text = "Spayed or neutered? (§5(C))"
    assert cite(_local_law(), text) == text


def test_aml110_the_spayed_or_neutered_question_cites_the_fee_difference():
    """AML §110(1): "the total fee for an unspayed or unneutered dog shall be at least five dollars
    more than the total fee for a spayed or neutered dog"."""
    assert cite(STATE, "Spayed or neutered? (§5(C))") == "Spayed or neutered? (AML §110(1))"
    assert cite(STATE, "Exempt from license fees (§5(I))") == "Exempt from license fees (AML §110(2))"


def test_aml109_the_application_term_and_the_vets_statement():
    """AML §109(1)(b) "Application for a dog license shall be made to the clerk of the town";
    §109(1)(a) "a license shall be issued or renewed for a period of at least one year" and "presents,
    in lieu of a rabies certificate, a statement certified by a licensed veterinarian"."""
    assert cite(STATE, "Owner (§5(E)(1))") == "Owner (AML §109(1)(b))"
    assert cite(STATE, "License term (§5(A)(4))") == "License term (AML §109(1)(a))"
    # The local law's §5(B)(2) and the statute's own §109(1)(a), cited once.
    assert cite(STATE, "The license runs one year from this date (§5(B)(2), AML §109(1)(a)).") == \
        "The license runs one year from this date (AML §109(1)(a))."


def test_aml111_the_tag_legend_cites_the_statute():
    """AML §111(1): "an identification tag which shall be affixed to a collar on the dog"; the local
    law's replacement tag fee (§5(G)(2)) is not the statute's: no section."""
    assert cite(STATE, "Tag (§5(G))") == "Tag (AML §111(1))"
    assert cite(STATE, "the replacement tag fee is charged (§5(G)(2)) unless you waive it") == \
        "the replacement tag fee is charged unless you waive it"


def test_a_local_section_the_statute_has_no_counterpart_of_is_not_cited():
    assert cite(STATE, "Dog enumeration (§5(K))") == "Dog enumeration"
    assert cite(STATE, "§5(B)(1): the owner must have the dog vaccinated") == "The owner must have the dog vaccinated"
    assert cite(STATE, "If you know who owns or harbors it (§4(I)).") == "If you know who owns or harbors it."
    assert cite(STATE, "Tried (not service, CPL §150.40(2))") == "Tried (not service, CPL §150.40(2))"
    assert cite(STATE, "Discovered (blank: the day). §5(J)(1): the ten days") == "Discovered (blank: the day). The ten days"
    assert cite(STATE, ", §5(H)") == ""



def test_the_kennel_screens_cite_section_117_of_the_statute():
    """AML §117(1) "shall seize"; §117(4) "held for a period of five days from the day seized";
    §117(6) "the owner may redeem such dog upon payment of the impoundment fees". The local law's
    fees owed whether or not redeemed (§8(D)) and adoption after the period (§8(E)) are not in the
    passages read: no section is cited for them."""
    assert cite(STATE, "Seized and impounded (§8(A))") == "Seized and impounded (AML §117(1))"
    assert cite(STATE, "Care log (§8(B))") == "Care log (AML §117(4), §117(6))"
    assert cite(STATE, "Redeem the dog (§8(C))") == "Redeem the dog (AML §117(6))"
    assert cite(STATE, "Fees owed (§8(D))") == "Fees owed"
    assert cite(STATE, "Adopted out (§8(E))") == "Adopted out"


def test_a_bracketed_section_after_a_word_keeps_its_space():
    """{{ cite(" (§9)") }} follows a word on the page: "Appearance tickets (AML §118(2)) take"."""
    assert cite(STATE, " (§9)") == " (AML §118(2))"
    assert cite(STATE, " (§4(I))") == ""

@pytest.fixture
def example_town(app):
    """The demo's second town, under the state law alone: its clerk2, and the DCO acting for it."""
    with app.app_context():
        seed_example_town(local_today())
        db.session.commit()
        town_id = db.session.scalars(db.select(Town.id).where(Town.name == "Example Town")).one()
        with acting_for(town_id):
            dog_id = db.session.scalars(db.select(Dog.id).order_by(Dog.id)).first()
            license_id = db.session.scalars(db.select(License.id).filter_by(dog_id=dog_id)).first()
        with app.test_request_context(), acting_for(town_id):
            impoundment_id = make_impoundment(codes=["AML118-1d"], ruled_out=[]).id  # seized under §117
            db.session.commit()
    return town_id, dog_id, license_id, impoundment_id


def _pages(client, auth, user, town_id, urls):
    auth.login(user)
    if town_id is not None:
        assert client.post("/town", data={"town_id": str(town_id)}).status_code == 302
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        yield url, response.get_data(as_text=True)


CLERK_PAGES = ("/", "/clerk/licenses/new", "/clerk/dogs/{dog}/renew", "/clerk/dogs/{dog}",
               "/clerk/dogs/{dog}/notices/new", "/clerk/renewals/", "/clerk/licenses/{lic}/certificate",
               "/clerk/money/", "/clerk/money/remittance?from={today}&to={today}", "/clerk/money/month", "/clerk/enumerations/",
               "/field/impoundments/{imp}", "/clerk/follow-up/", "/clerk/mail/new", "/clerk/dogs/{dog}/mail-in/new",
               "/clerk/enumerations/report", "/clerk/dogs/{dog}/enumeration", "/tags/print", "/field/late-entries",
               "/clerk/charts", "/calendar/")
DCO_PAGES = ("/", "/field/violations/new", "/field/violations/new?dog_id={dog}", "/field/tickets/new",
             "/field/tickets/new?dog_id={dog}", "/field/rabies-requests/new?dog_id={dog}", "/field/dogs/{dog}",
             "/field/next", "/field/impoundments", "/field/seizures/new", "/field/complaints/new",
             "/field/impoundments/{imp}", "/field/to-serve", "/field/late-entries")


@pytest.mark.parametrize("user,urls", [("clerk2", CLERK_PAGES), ("dco", DCO_PAGES)])
def test_a_town_under_the_state_law_alone_sees_no_local_law_sections(example_town, client, auth, user, urls):
    town_id, dog_id, license_id, impoundment_id = example_town
    for url, page in _pages(client, auth, user, town_id if user == "dco" else None,
                            [u.format(dog=dog_id, lic=license_id, imp=impoundment_id, today=local_today().isoformat())
                             for u in urls]):
        assert 'data-acting-for="Example Town"' in page or user == "clerk2", url
        assert not LOCAL_CITATION.findall(page), (url, [page[m.start() - 60:m.end() + 20]
                                                        for m in LOCAL_CITATION.finditer(page)][:5])


def test_the_state_law_towns_license_form_cites_the_statute(example_town, client, auth):
    page = next(p for _, p in _pages(client, auth, "clerk2", None, ["/clerk/licenses/new"]))
    for cited in ("Owner (AML §109(1)(b))", "Spayed or neutered? (AML §110(1))", "Tag (AML §111(1))",
                  "License term (AML §109(1)(a))"):
        assert cited in page, cited


def test_sandy_creek_forms_still_cite_the_local_law(app, client, auth):
    with app.app_context():
        dog_id = db.session.scalars(db.select(Dog.id).order_by(Dog.id)).first()
    pages = dict(_pages(client, auth, "clerk", None, ["/", "/clerk/licenses/new"]))
    for cited in ("Owner (§5(E)(1))", "Dog (§5(E)(2))", "Spayed or neutered? (§5(C))", "Tag (§5(G))",
                  "License term (§5(A)(4))", "Exempt from license fees (§5(I))", "§4(I)"):
        assert cited in pages["/clerk/licenses/new"], cited
    auth.logout()
    pages = dict(_pages(client, auth, "dco", None, ["/field/violations/new", "/field/tickets/new",
                                                   f"/field/rabies-requests/new?dog_id={dog_id}"]))
    assert "(§4(I))" in pages["/field/violations/new"]
    assert "§4(I): the legal guardian" in pages["/field/tickets/new"]
    assert "§5(B)(1): the owner must" in pages[f"/field/rabies-requests/new?dog_id={dog_id}"]


def test_the_license_forms_errors_cite_no_local_section_under_the_state_law(example_town, client, auth):
    """Posted empty, the license form's messages (the owner's telephone, the dog's date of birth, ...)
    are the state law's town's too."""
    from tests.clerk.test_licensing_issue import new_dog_form
    list(_pages(client, auth, "clerk2", None, []))
    response = client.post("/clerk/licenses/new", data=new_dog_form(**{"owner-phone": "", "dog-born_on": ""}))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "telephone number (AML §109(1)(b))." in page and "approximate if need be (AML §109(1)(b))." in page
    assert not LOCAL_CITATION.findall(page), [page[m.start() - 60:m.end() + 20] for m in LOCAL_CITATION.finditer(page)]


def test_aml118_the_rabies_request_is_no_offence_under_the_state_law_alone(example_town, client, auth):
    """AML §118(1) "It shall be a violation ... for: (a) any owner to fail to license any dog; ..."
    lists no failure to vaccinate on request: the form says so, not the local law's §5(B)(1)."""
    town_id, dog_id, _, _ = example_town
    page = next(p for _, p in _pages(client, auth, "dco", town_id, [f"/field/rabies-requests/new?dog_id={dog_id}"]))
    assert "failing that is an offence" not in page
    assert "do not include failing to" in page


def test_a_statutes_section_by_its_statutes_name_is_kept():
    """The General Construction Law's holidays (GCL §24) are the calendar's under either law."""
    assert cite(STATE, "Closed days (GCL §24, §8(B))") == "Closed days (GCL §24, AML §117(4), §117(6))"
    assert cite(STATE, "New York's public holidays (General Construction Law §24)") == \
        "New York's public holidays (General Construction Law §24)"
