"""Readings of the local law, s4."""
from ..authority import ROLE_LABELS, WHO_MAY_ACT
from ..orders import DANGEROUS_EXCEPTIONS, VICIOUS_GROUNDS, VICTIMS
from .base import Reading

# §4(C): the words of each exception the Justice must consider (law/orders.py
# DANGEROUS_EXCEPTIONS), quoted from the text; the readings below are drawn from that table.
_DANGEROUS_EXCEPTION_WORDS = {
    "4C-i": "if no serious physical injury as determined by a licensed veterinarian has occurred to "
            "the dog or cat, or other domestic animal as defined in Section 121 of the Agriculture and "
            "Markets Law of the State of New York, as a result of the attack or bite",
    "4C-ii": "if both animals are owned by the same person",
    "4C-iii": "if such attack occurs on the property of the attacking or biting dog s owner or custodian",
    "4C-iv": "other good cause as determined by the court.",
    "4C-hunting": "No dog shall be found to be a dangerous dog as a result of biting, attacking, or "
                  "inflicting injury on a dog or cat while engaging with an owner or custodian as part "
                  "of lawful hunting or participating in an organized, lawful dog-handling event.",
    "4C-totality": "No dog that has bitten, attacked, or inflicted injury on a person shall be found to be "
                   "a dangerous dog if the court determines, based on the totality of the evidence before "
                   "it, that the dog is not dangerous or a threat to the community.",
}
_VICIOUS_GROUND_WORDS = {
    "4O-i": "(i) killed a person;",
    "4O-ii": "(ii) inflicted serious injury to a person, including multiple bites, serious disfigurement, "
             "serious impairment of health, or serious impairment of a bodily function;",
    "4O-iii": "(iii) continued to exhibit the behavior that resulted in a previous finding by a court or, "
              "on or before July 1, 2006, by a dog control officer as authorized by Local Law, that it is a "
              "dangerous dog, provided that its owner has been given notice of that finding.",
}
_ORDERS = "fieldapp/law/orders.py"


def _victim(key: str) -> str:
    return VICTIMS[key][0].lower() + VICTIMS[key][1:]


def _roles(action: str) -> str:
    power = next(p for p in WHO_MAY_ACT if p.action == action)
    return ", ".join(ROLE_LABELS[r] for r in power.roles)


READINGS: tuple[Reading, ...] = (
    Reading(
        section="§4(A)",
        quote="Clerk. Clerk means the clerk of the town where the licenses are validated or issued.",
        reading="The Town Clerk's office is the app's clerk role, the only role that issues licenses and "
                "tags (" + _roles("issue_license") + ").",
        tests=("test_who_may_act", "test_only_the_clerk_replaces_tags_and_prints"),
        code="fieldapp/law/authority.py `ROLES`, `WHO_MAY_ACT` (issue_license, manage_tags)",
    ),
    Reading(
        section="§4(B)",
        quote="Confined. That such animal is securely confined or restrained and kept on the owner s "
              "premises, either within a building, kennel or other suitable enclosure or securely fastened "
              "on a chain, wire or other effective tether of such length and arranged so that the animal "
              "cannot reach or endanger any person or any adjacent premises or on any public street, way or "
              "place, or, if the animal is being transported by the owner, it is securely confined in a "
              "crate, or other container, or so restrained in a vehicle that it cannot be expected to escape "
              "therefrom.",
        reading="A §10(B)(2) order to confine a dog carries this definition, in short, as its terms, on the "
                "order and at the roadside.",
        tests=("test_s10B2_confined_to_the_owners_premises_as_s4B_defines_it",),
        code=f"{_ORDERS} `CONFINED_TERMS`, `order_terms`",
    ),
    Reading(
        section="§4(C)",
        quote="Dangerous Dog. A canine or canine crossbreed that has bitten, attacked, or inflicted injury on "
              "a person or companion animal that is a dog or cat, or other domestic animal as defined in "
              "Section 121 of the Agriculture and Markets Law of the State of New York or killed a companion "
              "animal that is a dog or cat.",
        reading="Only the Town Justice declares a dog dangerous, after a hearing, and must first name whom or "
                "what the dog bit, attacked, injured or killed; no officer's entry makes a dog dangerous.",
        tests=("test_s4C_finding_needs_the_victim_named", "test_s10B_an_order_only_after_the_hearing"),
        code=f"{_ORDERS} `VICTIMS`, `dangerous_finding_refusal`; services/court/hearings.py `make_order`",
    ),
    *(Reading(
        section=c.section,
        quote=_DANGEROUS_EXCEPTION_WORDS[c.code],
        reading=f"Before a dangerous-dog finding stands, the Justice records that \"{c.title}\" does not apply "
                f"(asked when the victim is: {'; '.join(_victim(v) for v in c.applies_to)}).",
        tests=("test_s4C_dangerous_finding_refused_until_each_exception_is_considered",
               "test_s4C_every_victim_has_its_exceptions_and_every_exception_a_victim",
               *{"4C-i": ("test_s4C_animal_bite_exceptions_i_to_iv_must_each_be_considered",
                          "test_s4C_killed_companion_animal_no_serious_injury_exception_does_not_apply"),
                 "4C-totality": ("test_s4C_person_bitten_only_the_totality_of_the_evidence_is_considered",),
                 }.get(c.code, ("test_s4C_animal_bite_exceptions_i_to_iv_must_each_be_considered",))),
        code=f"{_ORDERS} `DANGEROUS_EXCEPTIONS`, `exceptions_for`",
    ) for c in DANGEROUS_EXCEPTIONS),
    Reading(
        section="§4(D)",
        quote="Dog. Dog shall mean male or female, licensed and unlicensed, spayed or unspayed, neutered or "
              "un-neutered, members of the species Canis familiaris.",
        reading="Every dog may be on file and cited, licensed or not: a dog known to the clerk with no license "
                "is followed up, and a violation may name a dog with no tag by its description.",
        tests=("test_follow_up_lists_never_licensed_known_dogs_and_licenses_expired_over_30_days",
               "test_violation_for_a_dog_with_no_tag_by_description"),
        code="fieldapp/models/dogs.py `Dog`; services/follow_up.py",
    ),
    Reading(
        section="§4(E)",
        quote="Dog Control Officer. Any person authorized by the Town Board to enforce the provisions of "
              "this Local Law.",
        reading="A dog control officer is a user the admin gives the dog control officer role; the role holds "
                "the powers of the table of who may act. The towns an officer serves (towns may share one) are "
                "set by the county administrator, who is not an office of this Local Law and holds none of its "
                "powers.",
        tests=("test_create_user_and_deactivate", "test_who_may_act",
               "test_the_county_administrator_assigns_a_dog_control_officer_whose_sessions_end"),
        code="fieldapp/law/authority.py `ROLES` (dco); admin/views.py users; county/views.py officers",
    ),
    Reading(
        section="§4(F)",
        quote="Domestic Animal: any domesticated sheep, horse, cattle, fallow deer, red deer, sika deer, "
              "whitetail deer which is raised under license from the Department of Environmental "
              "Conservation, llama, goat, swine, fowl, duck, goose, swan, turkey, confined domestic hare or "
              "rabbit, pheasant or other bird which is raised in confinement under license from the State "
              "Department of Environmental Conservation before release from captivity, except that the "
              "varieties of fowl commonly used for cock fights shall not be considered domestic animals for "
              "the purposes of this Local Law.",
        reading="\"Another domestic animal\" is one of the victims a §4(C) finding may name, with the "
                "exceptions that apply to an animal; the Justice decides whether the animal is one of these.",
        tests=("test_s4C_every_victim_has_its_exceptions_and_every_exception_a_victim",),
        code=f"{_ORDERS} `VICTIMS` (domestic_animal)",
    ),
    Reading(
        section="§4(G)",
        quote="Harbor. To provide food and/or shelter to any dog.",
        reading="Whoever harbors a dog may be served a ticket as the person in charge of the dog; the app "
                "keeps no separate list of who harbors a dog.",
        tests=("test_CPL150_40_2_served_personally_the_one_service_mail_and_residence_are_attempts",),
        code="fieldapp/services/enforcement/ticket.py (served on: in_charge)",
    ),
    Reading(
        section="§4(H)",
        quote="Identification Tags. A tag issued by the Town Clerk which sets forth the identification number "
              "together with the name of the town and state, the telephone number of the Town Clerk, and any "
              "other information deemed necessary by the Town Clerk.",
        reading="Each tag printed by the clerk carries the dog's identification number, the town and state, "
                "the clerk's telephone (a setting) and a QR code of the tag's public page; that page, in a "
                "deployment of several towns, is in the name of the dog's own town, with its numbers.",
        tests=("test_s4H_every_qr_on_the_sheet_decodes_to_its_tag_and_the_printed_id_is_that_dogs",
               "test_every_tag_qr_decodes_to_its_url",
               "test_s4H_a_finder_finds_another_towns_tag_in_that_towns_name"),
        values=("clerk_phone",),
        code="fieldapp/services/tags/ (`qr.py` `current_town().place`, `sheets.py`)",
    ),
    Reading(
        section="§4(I)",
        quote="In the event any dog found to be in violation of this Local Law shall be owned by a minor, the "
              "legal guardian or head of the household in which said minor resides shall be deemed to have "
              "custody and control of said dog and shall be responsible for any acts of the said dog and "
              "violation of this Local Law.",
        reading="A minor owner is recorded with a parent, guardian or head of household, on whom a ticket for "
                "the dog is served.",
        tests=("test_s4I_minor_owner_needs_guardian", "test_s4I_minor_owner_ticket_served_on_guardian"),
        code="fieldapp/models/people.py `Owner.is_minor`; services/enforcement/ticket.py",
    ),
    Reading(
        section="§4(I)",
        quote="If an animal is not licensed, the term of owner shall designate and cover any person or "
              "persons, firm, association or corporation, who or which at any time owns or has custody or "
              "control of, harbors, or is otherwise responsible for any animal which is kept, brought or comes "
              "within the Town of Sandy Creek.",
        reading="A dog may have more than one owner of record, and a ticket may be served on the person in "
                "charge of the dog, handed to them in person (CPL §150.40(2)); a visit to the residence or a "
                "letter is noted as an attempt.",
        tests=("test_s5E1_add_co_owner_new_and_existing",
               "test_CPL150_40_2_served_personally_the_one_service_mail_and_residence_are_attempts",
               "test_s9_s4I_ticket_records_how_and_when_it_was_served"),
        code="fieldapp/models/dogs.py `DogOwner`; fieldapp/law/court.py `SERVICE_METHODS`",
    ),
    Reading(
        section="§4(J)",
        quote="Recreational Areas. Recreational areas shall mean any real property owned by the Town of Sandy "
              "Creek that is used for recreational purposes by the public including, but not limited to, parks "
              "or playgrounds.",
        reading="The officer judges the place when recording §6(A)(9); the owner's-property exception of §6(B) "
                "is not offered there.",
        tests=("test_s6B_does_not_apply_to_school_premises_or_recreational_areas",),
        code="fieldapp/law/restrictions.py `SECTION_6_RESTRICTIONS` (6A9)",
    ),
    Reading(
        section="§4(K)",
        quote="Restraint. A dog is under restraint if it is controlled by a leash or is in the presence of its "
              "owner or responsible person able to control it by command or is within a vehicle being",
        reading="A dog under restraint is not running at large: before §6(A)(1) stands the officer rules out "
                "the owner's property (§6(B)) and hunting under command.",
        tests=("test_s6B_and_s6A1_hunting_exceptions_apply_to_running_at_large",
               "test_s8A_seizure_for_running_at_large_needs_s6B_exception_ruled_out"),
        code="fieldapp/services/enforcement/payload.py `PayloadReader.ruled_out`",
    ),
    Reading(
        section="§4(L)",
        quote="Run At Large. Run at large shall mean to be in a public place, including but not limited to, "
              "parks, roadways, highways, walkways, pathways and sidewalks, or on private lands without the "
              "knowledge, consent and approval of the owner of such lands without restraint.",
        reading="Running at large is offence 6A1, recorded by the officer who saw it, with its exceptions "
                "ruled out first.",
        tests=("test_s9_ticket_for_running_at_large_needs_s6B_exception_ruled_out",
               "test_s6B_exceptions_must_be_ruled_out"),
        code="fieldapp/law/restrictions.py `SECTION_6_RESTRICTIONS` (6A1)",
    ),
    Reading(
        section="§4(M)",
        quote="School Premises. Any real property situate within the Town of Sandy Creek that is used for "
              "educational purposes or purposes incidental thereto.",
        reading="The officer judges the place when recording §6(A)(9); the owner's-property exception of §6(B) "
                "is not offered there.",
        tests=("test_s6B_does_not_apply_to_school_premises_or_recreational_areas",),
        code="fieldapp/law/restrictions.py `SECTION_6_RESTRICTIONS` (6A9)",
    ),
    Reading(
        section="§4(N)",
        quote="Town. Town shall designate the area within the corporate limits of the Town of Sandy Creek.",
        reading="The app keeps one town's records, the Town of Sandy Creek's, and its tags and reports name it.",
        tests=("test_s4H_every_qr_on_the_sheet_decodes_to_its_tag_and_the_printed_id_is_that_dogs",),
        code="fieldapp/services/tags/qr.py `current_town().place`; fieldapp/services/tags/sheets.py",
    ),
    Reading(
        section="§4(O)",
        quote="Vicious Dog: A canine or canine crossbreed that has:",
        reading="Only the Town Justice declares a dog vicious, after a hearing, naming at least one ground "
                "of §4(O).",
        tests=("test_s4O_vicious_finding_needs_a_ground",),
        code=f"{_ORDERS} `VICIOUS_GROUNDS`, `vicious_finding_refusal`",
    ),
    *(Reading(
        section=section,
        quote=_VICIOUS_GROUND_WORDS[code],
        reading=f"\"{title}\" is a ground the Justice may find"
                + (", and only with a previous finding on file that the dog is dangerous." if code == "4O-iii"
                   else "."),
        tests=("test_s4O_vicious_needs_a_ground_and_iii_a_prior_dangerous_finding",),
        code=f"{_ORDERS} `VICIOUS_GROUNDS`",
    ) for code, (section, title) in VICIOUS_GROUNDS.items()),
    Reading(
        section="§4(I)",
        quote=("In the event any dog found to be in violation of this Local Law shall be owned by a minor, the "
               "legal guardian or head of the household in which said minor resides shall be deemed to have "
               "custody and control of said dog and shall be responsible for any acts of the said dog and "
               "violation of this Local Law."),
        reading=("An owner of record under 18 (by the date of birth on record, else the clerk's marker) is never "
                 "the person charged: a ticket served on the minor as owner is refused with this rule, a "
                 "complaint names the guardian or head of household (linked when an owner of that name lives at "
                 "the minor's address), and the owner page and the status card say who answers."),
        tests=("test_s4I_ticket_served_on_a_minor_as_owner_is_refused_with_the_rule",
               "test_s4I_complaint_names_the_guardian_not_the_minor",
               "test_s4I_minor_owner_and_guardian_on_the_owner_page_and_the_status_card",
               "test_s4I_date_of_birth_decides_a_minor_and_links_the_guardian_at_the_same_address",
               "test_s4I_a_date_of_birth_after_today_decides_nothing",
               "test_s4I_minor_without_a_date_of_birth_follows_the_clerks_marker",
               "test_s4I_complaint_and_ticket_forms_prefill_the_guardian",
               "test_s4I_offline_card_names_the_minor_owners_guardian"),
    ),
    Reading(
        section="§4(I)",
        quote=("The party purchasing the license unless dog is or has been lost, and such loss reported to the "
               "dog control officer and reasonable search has been made."),
        reading=("While a dog is on record as lost or stolen and its notice records the loss reported to the dog "
                 "control officer and the search made, the license holder is not its owner for a charge: the "
                 "card says so with who has the dog, if known, and a ticket served on the owner or a guardian "
                 "is refused (the person in charge is served); a notice without both leaves the license holder "
                 "the owner."),
        tests=("test_s4I_lost_dog_reported_to_the_dco_license_holder_not_its_owner_for_a_charge",
               "test_s4I_loss_not_reported_to_the_dco_leaves_the_license_holder_the_owner",
               "test_s4I_reported_to_the_dco_needs_the_search_made"),
    ),
    Reading(
        section="§4(O)(iii)",
        quote=("continued to exhibit the behavior that resulted in a previous finding by a court or, on or before "
               "July 1, 2006, by a dog control officer as authorized by Local Law, that it is a dangerous dog, "
               "provided that its owner has been given notice of that finding."),
        reading=("A vicious finding on ground (iii) alone needs a dangerous-dog order in force and notice of it "
                 "given to the owner: the owner appeared at the hearing where it was made, or the Town Justice "
                 "recorded on the case page when and how the owner was given notice of the finding "
                 "(`owner_notified_on`, `owner_notified_how`); without it the finding is refused in the rule's "
                 "words."),
        tests=("test_s4O_iii_needs_the_owner_given_notice_of_the_dangerous_finding",),
        code="fieldapp/law/orders.py `vicious_finding_refusal`, `NOTICE_METHODS`; "
             "fieldapp/services/court_notice.py `record_finding_notice`; POST /court/orders/<id>/notice",
    ),
)
