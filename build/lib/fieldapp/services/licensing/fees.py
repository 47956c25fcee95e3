"""The license fee at the counter (§5(C), (D), (G)(2), (H), (I), (K)): the Town Board's schedule
from the settings and the itemized lines of one application.

The lines keep one shape from the law to the ledger: the law core's `FeeLine` (label, amount,
section, kind, waived reason), quoted on the clerk's screen, kept on the license
(`FeeLine.stored`) and taken in as `Payment` lines (`payment_lines`)."""
from datetime import date
from decimal import Decimal

from ...law import FeeLine, enumeration_surcharge_due, license_fee, purebred_license_fee
from ...law.laws.cites import section_in
from ...settings import setting_on
from ...timeutil import local_today
from ...town import current_law
from ..enumeration import surcharge_owed as enumeration_surcharge
from ..money import PaymentLine
from .application import ONE_DOG, PROOF_OF_ALTERING, Application, Lookups, say_date

# Payment ledger kinds of the license fee lines.
FEE_KIND_LABELS = {
    "license_fee": "Town license fee",
    "population_surcharge": "Animal population control fee",
    "purebred_fee": "Purebred license fee",
    "enumeration_surcharge": "Enumeration surcharge",
    "replacement_tag": "Replacement tag",
}


def fee_schedule(on: date | None = None) -> dict:
    """The Town Board's fee schedule from the settings (never constants), as in force on `on`
    (today): a fee set by resolution applies from its date, never back."""
    on = on or local_today()
    return {"altered_fee": setting_on("fee_altered", on), "unaltered_fee": setting_on("fee_unaltered", on),
            "fee_per_year": setting_on("fee_per_year", on),
            "replacement_tag": setting_on("fee_replacement_tag", on),
            "purebred_fees": tuple(setting_on(k, on) for k in (
                "fee_purebred_up_to_10", "fee_purebred_up_to_25", "fee_purebred_over_25")),
            "vet_statement_surcharge_as_altered": setting_on("vet_statement_surcharge_as_altered", on),
            "surcharges": (setting_on("state_law_surcharge_altered", on),
                           setting_on("state_law_surcharge_unaltered", on))}


def fee_lines(app: Application, term_years: int, on: date | None = None,
              lookups: Lookups = ONE_DOG) -> list[FeeLine]:
    """The itemized fee, each line the law core's `FeeLine` (typed by its ``kind``).

    - §5(D) town fee + population control surcharge, via the law core's license_fee;
    - §5(C) a vet's statement that altering would endanger the dog: the altered fee, and the
      §5(D) surcharge of the dog as it is (unaltered) unless the town's setting says otherwise;
    - §5(I) exempt dogs: no licensing fees (one $0 line saying so);
    - §5(H) a purebred license: the annual purebred fee by the number of purebred dogs on the
      premises, for each year of the term, takes the place of the town's individual fee; the
      §5(D) surcharge is still collected ("in addition to the fee charged by the Town");
    - §5(K) the enumeration surcharge only on a dog identified as unlicensed during an
      enumeration declared by Town Board resolution: marked earlier (``enumeration_identification``,
      the surcharge it owes, law/enumeration.py), or at the counter while one is open on ``on``
      (default today); the resolution's surcharge;
    - §5(G)(2) a replacement tag (``app.replaces_tag``): the Town Board's fee, or a $0.00 line
      with the clerk's reason when waived.
    """
    on = on or local_today()
    law = current_law()  # the town's law: its surcharges, exemptions, sections; purebred only if it has one
    s = fee_schedule(app.fees_on or on)
    if app.enumeration_identification is not None:  # identified earlier: the surcharge it owes
        enumeration = enumeration_surcharge(app.enumeration_identification)
    else:  # identified now, at the counter: only while an enumeration is open
        enum = lookups.open_enumeration(on)
        enumeration = enumeration_surcharge_due(
            enum.surcharge if enum else Decimal("0"), on, enum.opens_on if enum else None,
            enum.closes_on if enum else None, app.identified_unlicensed_in_enumeration)
    breakdown = license_fee(app.altered_proof in PROOF_OF_ALTERING, s["altered_fee"], s["unaltered_fee"],
                            term_years, exemption=app.exemption, enumeration_surcharge=enumeration,
                            fee_per_year=s["fee_per_year"],
                            vet_statement_against_altering=app.altered_proof == "vet_statement",
                            vet_statement_surcharge_as_altered=s["vet_statement_surcharge_as_altered"],
                            law=law, surcharges=s["surcharges"])
    lines = list(breakdown.lines)
    if app.exemption is None and app.purebred_license is not None:
        pl = app.purebred_license
        lines = [FeeLine(f"Covered by purebred license {pl.number} for the premises "
                         f"(paid; through {say_date(pl.expires_on)})", Decimal("0.00"), "§5(H)", "purebred_fee")
                 ] + [ln for ln in lines if ln.kind != "license_fee"]
    elif app.exemption is None and app.purebred_dogs_on_premises and law.fees.purebred_fees:
        purebred = purebred_license_fee(app.purebred_dogs_on_premises, term_years, *s["purebred_fees"])
        lines = list(purebred.lines) + [ln for ln in lines if ln.kind != "license_fee"]
    if app.replaces_tag:
        lines.append(replacement_tag_line(s["replacement_tag"], app.waive_tag_fee_reason))
    return lines


def replacement_tag_line(fee: Decimal, waive_reason: str = "") -> FeeLine:
    """§5(G)(2): "Any person wishing to replace a tag previously issued shall pay a fee": every
    tag after the dog's first, whatever the reason; waived only with the clerk's reason."""
    reason = (waive_reason or "").strip()
    section = section_in(current_law(), "§5(G)(2)")  # the town's fee; the state law has no section for it
    if reason:
        return FeeLine(f"Replacement tag fee waived: {reason}", Decimal("0.00"), section, "replacement_tag",
                       waived_reason=reason)
    return FeeLine("Replacement tag (the dog's tag is not its first)", fee, section, "replacement_tag")


def fee_total(lines: list[FeeLine]) -> Decimal:
    return sum((ln.amount for ln in lines), Decimal("0.00"))


def payment_lines(lines: list[FeeLine], memo: str, **ids) -> list[PaymentLine]:
    """The ledger lines of a fee: each line with an amount (or waived, with its reason) a
    `Payment` of its kind; ``ids``: dog_id, license_id."""
    return [PaymentLine(kind=ln.kind, amount=ln.amount, memo=f"{memo}: {ln.label}"[:200],
                        waived_reason=ln.waived_reason, **ids)
            for ln in lines if ln.amount > 0 or ln.waived_reason]
