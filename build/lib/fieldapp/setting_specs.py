"""The table of the town's settings: one `SettingSpec` per setting (its key, label, kind, default,
range or parser, and the section of the law it serves). Read and written by `fieldapp/settings.py`,
which is what code imports them from."""
from dataclasses import dataclass, replace
from decimal import Decimal

from .config import Config
from .law.laws import DEFAULT_LAW, LAWS

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
TEXT_MAX = 200


@dataclass(frozen=True)
class SettingSpec:
    key: str
    label: str
    kind: str  # money | text | initials | int | weekday | time | dates | bool | server | email | url | choice
    #   | timezone
    default: object
    section: str = ""
    help: str = ""
    minimum: int | Decimal | None = None  # int and money: the range the value must be in
    maximum: int | Decimal | None = None
    choices: tuple[tuple[str, str], ...] = ()  # kind "choice": (value, label), in the order offered

    @property
    def rule(self) -> str:
        """What the field takes, in words (its hint on the admin page)."""
        if self.kind == "money":
            return (f"An amount of money in dollars and cents, from {self.minimum or 0:.2f} "
                    f"to {self.maximum or 9999:,.2f}.")
        if self.kind == "int":
            return f"A whole number from {self.minimum:,} to {self.maximum:,}."
        if self.kind == "weekday":
            return "A day of the week."
        if self.kind == "choice":
            return "One of: " + "; ".join(label for _, label in self.choices) + "."
        if self.kind == "time":
            return "A time of day: 18:00, 6 pm or 6:30 pm (kept as 18:00, 18:30)."
        if self.kind == "dates":
            return "Dates as YYYY-MM-DD, one per line."
        if self.kind == "server":
            return "A host name, then :port if not 25 (mail.example.org:587); empty for none."
        if self.kind == "timezone":
            return "A time zone's IANA name, like America/New_York."
        if self.kind == "email":
            return "An email address (clerk@example.org); empty for none."
        if self.kind == "url":
            return "An address starting https:// or http://; empty for the server's own."
        if self.kind == "text":
            return f"Up to {TEXT_MAX} characters."
        if self.kind == "initials":
            return "One to four capital letters (SC)."
        return ""

    @property
    def hint(self) -> str:
        return " ".join(part for part in (self.help, self.rule) if part)


SETTINGS = [
    SettingSpec("town_name", "The town's name (\"Town of …\" on its papers, tags and pages)", "text",
                "Sandy Creek", "The town"),
    SettingSpec("town_county", "The town's county", "text", "Oswego", "The town"),
    SettingSpec("town_state", "The town's state, as its two-letter code", "text", "NY", "The town"),
    SettingSpec("town_zip", "The town's ZIP code (a new owner's address starts with it)", "text", "13145",
                "The town"),
    # Each town its law (fieldapp/law/laws/): the reading page shows the law chosen here.
    SettingSpec("town_law", "The town's dog law", "choice", DEFAULT_LAW,
                "The town", "The law \"How this app reads ...\" shows; a town with no local dog law chooses "
                "the state law alone (Agriculture and Markets Law, Article 7).",
                choices=tuple((key, law.name) for key, law in LAWS.items())),
    SettingSpec("state_law_prosecution", "Under the state law alone: how the town prosecutes a violation", "choice",
                "civil_penalty", "AML §118(2)", "\"Any municipality may elect either to prosecute such action as a "
                "violation under the penal law or to commence an action to recover a civil penalty.\" The default "
                "protects the owner: no imprisonment, no conviction under the penal law.",
                choices=(("civil_penalty", "An action to recover a civil penalty (no imprisonment)"),
                         ("penal_law", "A violation under the penal law (a fine, up to 15 days, or both)"))),
    SettingSpec("state_law_surcharge_altered", "Under the state law alone: population control surcharge, "
                "spayed or neutered dog", "money", "1.00", "AML §110(3)", "\"an additional surcharge of at least "
                "one dollar for altered dogs\": the town may assess more by resolution, never less. The default, "
                "the least, protects the owner. (The local law's §5(D) fixes its own $1.00.)"),
    SettingSpec("state_law_surcharge_unaltered", "Under the state law alone: population control surcharge, "
                "unaltered dog", "money", "3.00", "AML §110(3)", "\"at least three dollars for unaltered dogs\": "
                "the town may assess more by resolution, never less. (The local law's §5(D) fixes its own $3.00.)"),
    SettingSpec("fee_altered", "Town license fee, spayed or neutered dog (per year)", "money",
                "10.00", "§5(D)", "Set by resolution of the Town Board."),
    SettingSpec("fee_unaltered", "Town license fee, unaltered dog (per year)", "money",
                "15.00", "§5(D)", "With the $3 and $1 population control fees added, the total for an unaltered "
                "dog must be at least $5.00 more than for a spayed or neutered dog (e.g. $10.00 and $13.00)."),
    SettingSpec("vet_statement_surcharge_as_altered",
                "Dog with a vet's statement against spaying/neutering pays the $1 altered population "
                "control fee (off: the $3 unaltered fee, as the dog is)", "bool", False, "§5(D)",
                "§5(C) gives such a dog the altered license fee; §5(D)'s fee follows the dog as it is."),
    SettingSpec("fee_replacement_tag", "Replacement tag fee (every tag after a dog's first, for any "
                "reason; the clerk may waive it with a reason)", "money", "3.00", "§5(G)(2)"),
    SettingSpec("fee_purebred_up_to_10", "Purebred license, annual fee, no more than 10 purebreds on "
                "the premises", "money", "25.00", "§5(H)", "The local law's §5(H)(1) amount."),
    SettingSpec("fee_purebred_up_to_25", "Purebred license, annual fee, no more than 25 purebreds on "
                "the premises", "money", "50.00", "§5(H)", "The local law's §5(H)(2) amount."),
    SettingSpec("fee_purebred_over_25", "Purebred license, annual fee, more than 25 purebreds on "
                "the premises", "money", "100.00", "§5(H)", "The local law's §5(H)(3) amount."),
    SettingSpec("license_term_state_rule", "License may run to the end of the 11th month after the "
                "rabies certificate expires (state rule, AML §109(1)(a)); off: never past the end of "
                "the month the vaccination ends (§5(A)(4))", "bool", False, "§5(A)(4)"),
    SettingSpec("short_certificate_one_year_license",
                "A current rabies certificate with less than a year left still gets the one-year "
                "license, within AML §109(1)(a)'s limit (the last day of the eleventh month after it "
                "expires); off: the dog is revaccinated first", "bool", True, "§5(A)(4)",
                "§5(A)(4) \"not for longer than the duration of the rabies vaccination\": read as the "
                "vaccination's length (on, protects the owner: a one-year license is not longer than a "
                "one- or three-year vaccination) or as the time it has left (off: revaccinate first)."),
    SettingSpec("fee_impoundment_first", "Impoundment fee, the dog's first impoundment in twelve months",
                "money", "20.00", "§8(C)(1)", "Set by resolution of the Town Board."),
    SettingSpec("fee_impoundment_second", "Impoundment fee, the dog's second impoundment in twelve months",
                "money", "40.00", "§8(C)(1)"),
    SettingSpec("fee_impoundment_third", "Impoundment fee, the dog's third and each later impoundment in "
                "twelve months", "money", "60.00", "§8(C)(1)"),
    SettingSpec("fee_boarding_daily", "Boarding fee for each day a seized dog is held", "money",
                "5.00", "§8(C)(1)", "Counted from the day impounded, at least one day; a dangerous dog "
                "also pays $30 for each further 24 hours (§8(C)(2))."),
    SettingSpec("fee_adoption", "Adoption fee for an unredeemed dog adopted out after its holding period",
                "money", "25.00", "§8(E)", "Set by resolution of the Town Board."),
    SettingSpec("fee_per_year", "Town fee is charged per year of the license term", "bool", True,
                "§5(D)"),
    SettingSpec("town_time_zone", "The town's time zone", "timezone", Config.TIMEZONE, "The town",
                "The town's days and deadlines are counted, and its times shown, in this zone; a new "
                "town starts from the deployment's (TIMEZONE in config.py)."),
    SettingSpec("kennel_name", "The town's kennel or shelter where seized dogs are held", "text",
                "Sandy Creek Town Kennel", "§8(B)", "Filled in as \"Held at\" on the seizure form."),
    SettingSpec("clerk_phone", "Town Clerk's telephone (printed on tags)", "text", "(315) 387-3404",
                "§4(H)"),
    SettingSpec("clerk_address", "Town Clerk's mailing address (renewal letters, applications by mail)",
                "text", "1992 Harwood Drive, Sandy Creek, NY 13145", "§5(A)(3)"),
    SettingSpec("clerk_hours", "Town Clerk's office hours", "text", "", "§5(A)(3)",
                "As the office's door says, e.g. Monday to Friday 9 am to 4 pm."),
    SettingSpec("dco_phone", "Dog control officer's telephone (shown to finders)", "text",
                "(315) 387-5555"),
    SettingSpec("contact_email", "Email address shown to finders of a dog (empty: none)", "email", ""),
    SettingSpec("public_base_url", "Public base URL printed in tag QR codes", "url", "",
                "", "Empty: use the server's PUBLIC_BASE_URL."),
    SettingSpec("court_name", "Town Court", "text", "Sandy Creek Town Court", "§9"),
    SettingSpec("court_address", "Town Court address", "text",
                "1992 Harwood Drive, Sandy Creek, NY 13145", "§9"),
    SettingSpec("court_session_weekday", "Court session weekday", "weekday", 2, "§9"),
    SettingSpec("court_session_time", "Court session time", "time", "18:00", "§9"),
    SettingSpec("court_min_days_ahead", "Earliest appearance, days after the ticket", "int", 7, "§9",
                "CPL §150.40(1): never later than the last session within 20 days of issuance; a longer "
                "notice period gives way to it.", minimum=0, maximum=90),
    SettingSpec("court_records_defaults", "The Town Court records a default, with its reason, when the person "
                "charged does not appear (never a conviction)", "bool", False, "§11",
                "§11: penalties only \"upon conviction\". Off (protects the defendant): a non-appearance is "
                "an adjournment, the case stays open. On: a default with its reason is its own outcome of "
                "an offence, on a ticket served personally or an owner summoned, with no sentence."),
    SettingSpec("ticket_due_days", "Days an officer has to issue and serve the appearance ticket for a "
                "violation observed; after them the violation shows on the officers' list \"To issue and "
                "serve\"", "int", 3, "§9",
                "§9: the officer observing a violation \"shall issue and serve an appearance ticket for such "
                "violation\". 0 lists a violation from the day it is recorded.", minimum=0, maximum=90),
    SettingSpec("ticket_number_prefix", "Letters printed before the town's appearance ticket numbers (SC-000123)",
                "initials", "SC", "§9",
                "The numbers come from one counter for every town, so each names one ticket; the letters say "
                "whose. A new town starts with its initials. A change holds for the numbers used from then on."),
    SettingSpec("period_from_received", "The holding period counts from the day the pound received the dog "
                "when that is later than the seizure", "bool", True, "§8(B)",
                "§8(B) \"excluding the day the dog is impounded\": on (the default, the owner gets the full "
                "period), the day the pound received the dog when recorded and later than the seizure; off, "
                "the day the dog was seized."),
    SettingSpec("late_entry_days", "A field entry whose event is older than this many days needs a reason "
                "and the office's confirmation", "int", 3, "§8(B), §9",
                "A violation, seizure, ticket or complaint dated further back (a slipped digit in the "
                "phone's date) waits for a clerk or the DCO to confirm it; until then a seizure's holding "
                "period counts from the day the entry reached the office.", minimum=1, maximum=36500),
    SettingSpec("copy_max_age_hours", "A scanned or typed tag shows the dog's status from the phone's copy at "
                "once, while the office's card loads, only if the copy is younger than this (hours)", "int", 24,
                "", "Older, the phone says its copy is too old to go by and waits for the office's card.",
                minimum=0, maximum=24 * 30),
    SettingSpec("session_idle_minutes", "Sign a user out after this many minutes without use", "int", 480,
                "", "An officer's shift is 8 hours (480). What waits in a phone's outbox is kept; it "
                    "is sent once the same officer signs in again.",
                minimum=5, maximum=60 * 24 * 14),  # the session cookie's own life (config.py)
    SettingSpec("repeat_dog_calls", "Calls about the same dog (or the same address) that make it a repeat, "
                "within the days below", "int", 3, "",
                "A repeat dog's card says so at the roadside; the clerk's charts list repeat dogs and addresses.",
                minimum=2, maximum=100),
    SettingSpec("repeat_call_days", "Days counted back for repeat calls", "int", 30, "", "",
                minimum=1, maximum=366),
    SettingSpec("tell_callers", "When a call is closed, the caller who asked is told its outcome (by email "
                "or a letter, never the owner's name or address)", "bool", True, "",
                "Off: the office tells callers itself, by telephone."),
    SettingSpec("public_call_reports", "Citizens may report a dog problem on the public found-dog page "
                "(marked unverified, rate-limited)", "bool", True, ""),
    SettingSpec("mail_server", "Outbound mail server (host:port); empty = no notifications", "server", ""),
    SettingSpec("mail_from", "Outbound mail sender address", "email", ""),
]
# The settings an amount or a penalty is computed from: each kept with the day it applies from
# (the rest, a phone number or a court time, simply holds from when it is saved). The town's
# election under AML §118(2) is one: an offence is judged by the election in force when it
# happened, never by a harsher one made after.
PRICED = frozenset({s.key for s in SETTINGS if s.kind == "money"}
                   | {"fee_per_year", "vet_statement_surcharge_as_altered", "state_law_prosecution"})
MONEY_MAX = Decimal("9999.99")
# Fees and amounts the Town Board sets: none negative, none past what a fee of a dog law could be.
SETTINGS = [replace(spec, minimum=Decimal("0.00"), maximum=MONEY_MAX) if spec.kind == "money" else spec
            for spec in SETTINGS]
SPECS = {s.key: s for s in SETTINGS}

# The settings that are columns of the town's record (models/town.py), by setting key.
TOWN_FIELDS = {
    "town_name": "name", "town_county": "county", "town_state": "state", "town_zip": "zip_code",
    "town_law": "law", "town_time_zone": "time_zone",
    "clerk_address": "clerk_address", "clerk_phone": "clerk_phone", "clerk_hours": "clerk_hours",
    "court_name": "court_name", "court_address": "court_address",
    "court_session_weekday": "court_session_weekday", "court_session_time": "court_session_time",
    "dco_phone": "contact_phone", "contact_email": "contact_email",
}
# The settings on the admin's settings page; the town's own are on its page "The town".
BOARD_SETTINGS = [s for s in SETTINGS if s.key not in TOWN_FIELDS]
