"""Who may act under the local law: one declarative table, each power with its section.

Every route and every kind of field entry checks its power here (through
`fieldapp.auth.permission_required` and `User.may`); nothing else lists roles.

The roles are the offices the law names:
- clerk      the Town Clerk's office, which issues licenses and tags (§5(A)(2), §5(F), §5(G));
- dco        a dog control officer (§7);
- constable  a peace officer, as the town's constable is (§7, §10(A));
- police     a police officer in the employ of or under contract to the town (§7, §9);
- justice    the Town Justice (§10(B), §11);
- admin      manages the town's settings and users, reads how the app reads the law (the page
             of its settings' readings), and holds no other power.

One role is not an office of the local law but of the deployment, which serves many towns:
- county_admin  the county administrator adds the towns and says which towns each dog control
             officer and police officer serves; reads no town's records and keeps no town's
             settings (`manage_towns`, and nothing else).
"""
from dataclasses import dataclass

# The roles of the local law: the offices of a town (a town's administrator gives these).
TOWN_ROLES = ("clerk", "dco", "constable", "police", "justice", "admin")
# Every role, with the deployment's own (not the law's): made with `flask create-county-admin`.
ROLES = (*TOWN_ROLES, "county_admin")
ROLE_LABELS = {
    "clerk": "Town Clerk",
    "dco": "Dog control officer",
    "constable": "Constable (peace officer)",
    "police": "Police officer",
    "justice": "Town Justice",
    "admin": "Administrator",
    "county_admin": "County administrator",
}
# Anyone on the town's staff who reads the records (the admin manages, and does not read them).
STAFF = ("clerk", "dco", "constable", "police", "justice")


@dataclass(frozen=True)
class Power:
    action: str
    roles: tuple[str, ...]
    section: str
    text: str  # what the law says, in short


WHO_MAY_ACT: tuple[Power, ...] = (
    Power("issue_license", ("clerk",), "§5(A)(2), §5(F)",
          "Licenses are issued by the Town Clerk's office, which keeps the records."),
    Power("manage_tags", ("clerk",), "§5(G)",
          "The Town Clerk assigns the identification number and issues the tag (and replacements)."),
    Power("enforce", ("dco", "police", "constable"), "§7, §8(A)",
          "Dog control officers, police officers and peace officers enforce the law and may "
          "seize a dog found in violation."),
    Power("issue_ticket", ("dco", "police"), "§9",
          "An appearance ticket is issued by a dog control officer or a police officer in the "
          "employ of or under contract to the town."),
    Power("follow_up_tickets", ("clerk", "dco", "constable", "police"), "§9",
          "The officers and the Town Clerk's office see the violations still waiting for the "
          "appearance ticket §9 says shall be issued and served, and the tickets not yet served."),
    Power("take_sworn_complaint", ("dco", "constable"), "§10(A)",
          "A sworn complaint is made before the dog control officer or a constable, who forwards "
          "it to the Town Justice."),
    Power("request_rabies_vaccination", ("dco", "constable", "police"), "§5(B)(1)",
          "A dog control officer, peace, police or health officer may request vaccination within "
          "ten days (no health officer signs in to this app)."),
    Power("record_redemption", ("clerk", "dco"), "§8(B), §8(C)",
          "The Town Clerk or the dog control officer records a seized dog's owner identified and "
          "each notice to the owner; the redemption itself goes with the fees (receive_impoundment_fees)."),
    Power("receive_impoundment_fees", ("clerk",), "§8(C), §8(D)",
          "The Town Clerk's office takes the impoundment fees (with a receipt) or waives them with "
          "a reason, from the owner who redeems the dog or, if known, the owner who does not."),
    Power("dispose_of_impounded_dog", ("dco",), "§8(E)",
          "The dog control officer records an unredeemed dog adopted out or euthanized after its "
          "redemption period, or a seized dog transferred or died in care."),
    Power("keep_accounts", ("clerk",), "§5(D), §5(F)",
          "The Town Clerk accounts for the fees taken in (the daily and monthly cash reports), remits "
          "the population-control fees to the state and keeps the record of licenses for the "
          "Commissioner."),
    Power("keep_care_log", ("dco",), "§8(B)",
          "The dog control officer sees that a seized dog is properly cared for, sheltered, fed and "
          "watered, and logs each day's check."),
    Power("report_seizures", ("clerk", "dco"), "AML §113(4)",
          "The Town Clerk and the dog control officer keep and print the state's Dog Seizure and "
          "Disposition Report (DL-18)."),
    Power("keep_town_calendar", ("clerk",), "§8(B)",
          "The Town Clerk keeps the days the town offices are closed, which are not business days."),
    Power("keep_enumeration", ("clerk",), "§5(K)",
          "The Town Clerk keeps the dog enumeration the Town Board declared: the dogs identified as "
          "unlicensed in it, the surcharges taken in, the Town's expenses and the year's account."),
    Power("identify_in_enumeration", ("clerk", "dco"), "§5(K)",
          "The Town Clerk, and the dog control officer who conducts it, mark a dog identified as "
          "unlicensed during the enumeration."),
    Power("read_records", STAFF, "§5(F)",
          "Town staff read the licensing and enforcement records they work with."),
    Power("handle_found_reports", ("clerk", "dco", "constable", "police"), "§8",
          "Finders' reports go to the clerk and the officers who can get the dog home."),
    Power("judge", ("justice",), "§10(B), §11",
          "The Town Justice hears complaints, makes orders and disposes of cases."),
    Power("manage_settings", ("admin",), "§5(D), §8(C)",
          "Fees and other values set by resolution of the Town Board are entered by the admin."),
    Power("manage_users", ("admin",), "",
          "The admin adds users, sets their role and deactivates them."),
    Power("manage_towns", ("county_admin",), "",
          "The county administrator adds the towns of the deployment and assigns the dog control "
          "officers and police officers to the towns they serve (not a rule of the local law: towns "
          "share an officer by contract or joint appointment, AML §113(2))."),
    Power("read_activity_log", ("admin",), "",
          "The admin sees who signed in, what was exported and every change to the settings."),
    Power("read_the_law_reading", ("clerk", "justice", "admin"), "§4-§11",
          "The Town Clerk, the Town Justice and the admin read how this app reads each rule of the law, "
          "with the settings that change it (for the town attorney and the Town Board)."),
    Power("confirm_late_entries", ("clerk", "dco"), "§8(B), §9",
          "The Town Clerk or the dog control officer confirms the date of a field entry typed days "
          "back before it counts (a seizure's holding period, a ticket's court date)."),
    Power("take_calls", ("clerk", "dco"), "§7",
          "The Town Clerk's office and the dog control officer take calls from the public about dogs "
          "(a call is not an offence: the officer who goes decides what the law says of it)."),
    Power("respond_to_calls", ("dco", "police"), "§7",
          "The dog control officer, or a police officer for the town, takes a call, goes, and closes it "
          "with what came of it."),
    Power("read_calls", STAFF, "§7",
          "Town staff see the calls and what came of them."),
    Power("view_charts", ("clerk",), "§5(F)",
          "The Town Clerk, who keeps the licensing records and the money, sees them as charts."),
)
POWERS = {p.action: p for p in WHO_MAY_ACT}


def may(role: str | None, action: str) -> bool:
    """Whether a user of `role` holds the power `action` (an unknown action is a bug)."""
    return role in POWERS[action].roles


def roles_for(*actions: str) -> tuple[str, ...]:
    """The roles holding any of `actions`, in the order of ROLES."""
    return tuple(r for r in ROLES if any(may(r, a) for a in actions))
