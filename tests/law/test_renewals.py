"""Renewal lists by date (fieldapp/law/renewals.py): §5(A)(4) terms, §5(B) the rabies certificate
a renewal needs."""
from datetime import date

import pytest

from fieldapp.law.renewals import (
    expired_over,
    needs_new_rabies_certificate,
    renewal_window,
    renewals_due,
)

TODAY = date(2026, 3, 14)


@pytest.mark.parametrize("expires_on,window", [
    (date(2026, 3, 13), "expired"), (date(2026, 3, 14), "30"), (date(2026, 4, 13), "30"),
    (date(2026, 4, 14), "60"), (date(2026, 5, 13), "60"), (date(2026, 5, 14), "90"),
    (date(2026, 6, 12), "90"), (date(2026, 6, 13), None)])
def test_s5A4_renewal_window_by_date(expires_on, window):
    assert renewal_window(expires_on, TODAY) == window


def test_s5A4_renewal_lists_30_60_90_and_expired():
    licenses = [(1, date(2026, 3, 31), date(2029, 1, 1), None),   # 17 days
                (2, date(2026, 4, 30), date(2029, 1, 1), None),   # 47 days
                (3, date(2026, 5, 31), date(2029, 1, 1), None),   # 78 days
                (4, date(2026, 7, 31), date(2029, 1, 1), None),   # later
                (5, date(2026, 1, 31), date(2029, 1, 1), None)]   # expired
    assert [r.license_id for r in renewals_due(licenses, TODAY, 30)] == [5, 1]
    assert [r.license_id for r in renewals_due(licenses, TODAY, 60)] == [5, 1, 2]
    assert [r.license_id for r in renewals_due(licenses, TODAY, 90)] == [5, 1, 2, 3]
    assert [r.license_id for r in renewals_due(licenses, TODAY, 90, expired=False)] == [1, 2, 3]
    assert [r.window for r in renewals_due(licenses, TODAY, 90)] == ["expired", "30", "60", "90"]
    with pytest.raises(ValueError):
        renewals_due(licenses, TODAY, 45)


def test_s5A4_renewal_needs_a_new_certificate_by_the_counters_rule():
    """§5(A)(4) "In no event shall a dog license be issued for longer than the duration of the
    rabies vaccination": the renewal list asks for a new certificate only when the counter would
    refuse the renewal on the one on file."""
    # The license ends 31 March 2026; a renewal is issued from 1 April, for a year to 30 April 2027.
    assert needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2026, 3, 31))  # expired by then
    # a certificate good into April 2027 covers the one-year renewal (to the end of its month)
    assert not needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2027, 4, 1), rule="revaccinate")
    assert needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2027, 3, 31), rule="revaccinate")
    # less than a year left: the default offers the one-year license within AML §109(1)(a)
    assert not needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2026, 9, 1))
    assert needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2026, 9, 1), rule="revaccinate")
    assert needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2026, 4, 20))  # past AML's limit
    assert needs_new_rabies_certificate(date(2026, 3, 31), TODAY, None)  # none on file


def test_AML_109_1a_state_rule_lets_a_shorter_certificate_do():
    # State rule: the license may run to the end of the 11th month after the certificate ends.
    assert not needs_new_rabies_certificate(date(2026, 3, 31), TODAY, date(2026, 9, 1), rule="state")


def test_s5B_expired_license_renewed_today_needs_rabies_for_a_year_from_today():
    assert needs_new_rabies_certificate(date(2026, 1, 31), TODAY, date(2026, 9, 1), rule="revaccinate")
    assert not needs_new_rabies_certificate(date(2026, 1, 31), TODAY, date(2027, 3, 1), rule="revaccinate")


def test_s5B2_vet_statement_renewal_needs_a_new_statement():
    assert needs_new_rabies_certificate(date(2026, 3, 31), TODAY, None, vet_statement_on=date(2025, 3, 31))


def test_expired_over_30_days_for_the_follow_up_list():
    assert not expired_over(date(2026, 2, 12), TODAY)
    assert expired_over(date(2026, 2, 11), TODAY)
