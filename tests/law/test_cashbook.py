"""The clerk's cash book (fieldapp/law/cashbook.py): cash reports that reconcile to the cent,
and the §5(D) population-control remittance of a period."""
from datetime import date
from decimal import Decimal

import pytest

from fieldapp.law.cashbook import (
    CashLine,
    cash_report,
    fee_type_label,
    month_bounds,
    population_control_remittance,
)

D = Decimal


def line(n, on, kind, amount, method="cash", reference="", altered=None, waived=False):
    return CashLine(payment_id=n, received_on=on, kind=kind, amount=D(amount), method=method,
                    reference=reference, receipt=f"R-2026-{n:05d}", license_altered=altered, waived=waived)


MARCH = [
    line(1, date(2026, 3, 2), "license_fee", "10.00", altered=True),
    line(2, date(2026, 3, 2), "population_surcharge", "1.00"),
    line(3, date(2026, 3, 2), "license_fee", "20.00", "check", "1041", altered=False),
    line(4, date(2026, 3, 2), "population_surcharge", "3.00", "check", "1041"),
    line(5, date(2026, 3, 9), "replacement_tag", "5.00", "money_order", "MO-77"),
    line(6, date(2026, 3, 9), "replacement_tag", "0.00", waived=True),
    line(7, date(2026, 3, 20), "fine", "75.00", "check", "2210"),
    line(8, date(2026, 3, 20), "impound", "25.00"),
    line(9, date(2026, 3, 20), "boarding", "30.00"),
    line(10, date(2026, 3, 21), "dangerous_dog", "30.00"),
    line(11, date(2026, 3, 21), "adoption", "15.00"),
    line(12, date(2026, 3, 21), "microchip", "12.50"),  # a kind the table does not know
    line(13, date(2026, 3, 31), "population_surcharge", "3.00"),
    line(14, date(2026, 3, 31), "license_fee", "15.00", altered=False),
    line(15, date(2026, 4, 1), "population_surcharge", "1.00"),  # next month
    line(16, date(2026, 2, 28), "population_surcharge", "3.00"),  # last month
]


def test_cash_report_of_a_month_reconciles_to_the_cent_with_its_lines():
    start, end = month_bounds(2026, 3)
    report = cash_report(MARCH, start, end)
    assert [ln.payment_id for ln in report.lines] == list(range(1, 15))
    assert report.total == D("244.50") == sum(ln.amount for ln in report.lines)
    assert sum(t.amount for t in report.by_fee_type) == report.total
    assert sum(t.amount for t in report.by_method) == report.total
    assert report.reconciles


def test_s5D_cash_report_splits_license_fees_altered_and_unaltered():
    report = cash_report(MARCH, *month_bounds(2026, 3))
    by = {t.key: (t.count, t.amount) for t in report.by_fee_type}
    assert by["license_altered"] == (1, D("10.00"))
    assert by["license_unaltered"] == (2, D("35.00"))
    assert by["population_surcharge"] == (3, D("7.00"))
    assert by["replacement_tag"] == (2, D("5.00"))  # the waived $0.00 line is listed and counted
    assert by["fine"] == (1, D("75.00"))
    assert [t.key for t in report.by_fee_type][:3] == ["license_altered", "license_unaltered",
                                                       "population_surcharge"]
    assert fee_type_label("microchip") == "Microchip"  # unknown kinds: by their name
    assert {"impound", "boarding", "dangerous_dog", "adoption", "microchip"} <= set(by)


def test_cash_report_by_payment_method_and_the_checks_for_the_deposit():
    report = cash_report(MARCH, *month_bounds(2026, 3))
    by = {t.key: t.amount for t in report.by_method}
    assert by == {"cash": D("141.50"), "check": D("98.00"), "money_order": D("5.00")}
    assert [(c.reference, c.amount) for c in report.checks] == [
        ("1041", D("20.00")), ("1041", D("3.00")), ("MO-77", D("5.00")), ("2210", D("75.00"))]


def test_daily_cash_report_holds_only_that_day():
    report = cash_report(MARCH, date(2026, 3, 2), date(2026, 3, 2))
    assert [ln.payment_id for ln in report.lines] == [1, 2, 3, 4]
    assert report.total == D("34.00") and report.reconciles


def test_s5D_population_control_remittance_for_a_month():
    rem = population_control_remittance(MARCH, *month_bounds(2026, 3))
    assert (rem.altered_count, rem.unaltered_count) == (1, 2)
    assert rem.altered_amount == D("1.00") and rem.unaltered_amount == D("6.00")
    assert rem.total == D("7.00")  # February's and April's lines are not in March's remittance
    assert cash_report(MARCH, *month_bounds(2026, 3)).remittance == rem


def test_s5D_remittance_for_any_period_chosen():
    rem = population_control_remittance(MARCH, date(2026, 2, 1), date(2026, 4, 30))
    assert (rem.altered_count, rem.unaltered_count, rem.total) == (2, 3, D("11.00"))


def test_cash_report_refuses_a_period_that_ends_before_it_starts():
    with pytest.raises(ValueError):
        cash_report(MARCH, date(2026, 3, 2), date(2026, 3, 1))


def test_month_bounds_december_and_february():
    assert month_bounds(2026, 12) == (date(2026, 12, 1), date(2026, 12, 31))
    assert month_bounds(2028, 2) == (date(2028, 2, 1), date(2028, 2, 29))
