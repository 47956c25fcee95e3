"""The clerk's charts count right (fieldapp/charts/aggregate.py), from plain values."""
from datetime import date
from decimal import Decimal

from fieldapp.charts import aggregate
from fieldapp.charts.svg import bar_chart

TODAY = date(2026, 3, 14)


def test_licenses_issued_by_month_counts_the_last_twelve_months_this_month_last():
    issued = [date(2026, 3, 1), date(2026, 3, 14), date(2026, 2, 28), date(2025, 4, 1),
              date(2025, 3, 31),  # thirteen months back: outside
              date(2026, 3, 20)]  # the future is not "issued" (the query never asks for it)
    s = aggregate.licenses_issued_by_month(issued, TODAY)
    assert [b.key for b in s.bars][0] == "2025-04" and s.bars[-1].key == "2026-03"
    assert len(s.bars) == 12
    values = {b.key: b.value for b in s.bars}
    assert values["2026-03"] == 3 and values["2026-02"] == 1 and values["2025-04"] == 1
    assert s.total == 5 and s.bars[-1].label == "Mar 2026"


def test_s5A4_renewals_due_by_month_are_the_licenses_expiring_in_each_month_ahead():
    # §5(A)(4): licenses end on the last day of a month.
    expiring = [date(2026, 3, 31), date(2026, 3, 31), date(2026, 4, 30), date(2027, 2, 28), date(2027, 3, 31)]
    s = aggregate.renewals_due_by_month(expiring, TODAY)
    assert s.bars[0].key == "2026-03" and s.bars[-1].key == "2027-02"
    values = {b.key: b.value for b in s.bars}
    assert values["2026-03"] == 2 and values["2026-04"] == 1 and values["2027-02"] == 1
    assert "2027-03" not in values and s.total == 4


def test_month_arithmetic_crosses_the_year():
    assert aggregate.add_months(date(2026, 11, 1), 3) == date(2027, 2, 1)
    assert aggregate.add_months(date(2026, 1, 1), -1) == date(2025, 12, 1)
    assert aggregate.month_starts(date(2026, 12, 15), 2) == [date(2026, 12, 1), date(2027, 1, 1)]


def test_seizures_by_reason_count_each_reason_once_per_seizure_largest_first():
    s = aggregate.seizures_by_reason([["6A1"], ["6A1", "5A1"], ["5A1", "5A1"], ["6A4"], []],
                                     {"6A1": "§6(A)(1) At large"})
    assert [(b.key, b.value) for b in s.bars] == [("5A1", 2), ("6A1", 2), ("6A4", 1)]
    assert s.bars[1].label == "§6(A)(1) At large" and s.bars[0].label == "5A1"


def test_money_by_fee_type_adds_the_payment_lines_to_the_cent_and_leaves_out_waived_ones():
    lines = [("license_fee", Decimal("10.00")), ("license_fee", "15.00"), ("population_surcharge", Decimal("1.00")),
             ("population_surcharge", Decimal("3.00")), ("replacement_tag", Decimal("0.00")),
             ("fine", Decimal("50.00"))]
    s = aggregate.money_by_fee_type(lines, {"license_fee": "Town license fee"})
    assert [(b.key, b.value) for b in s.bars] == [("fine", Decimal("50.00")), ("license_fee", Decimal("25.00")),
                                                  ("population_surcharge", Decimal("4.00"))]
    assert s.total == Decimal("79.00") and s.bars[1].label == "Town license fee"
    assert s.bars[2].label == "Population surcharge"


def test_the_svg_names_itself_and_writes_every_value():
    s = aggregate.money_by_fee_type([("license_fee", Decimal("1234.50"))], {})
    svg = str(bar_chart(s, "m"))
    assert svg.startswith("<svg") and 'role="img"' in svg and 'aria-labelledby="m-title m-desc"' in svg
    assert "$1,234.50" in svg and "Total $1,234.50" in svg
    empty = str(bar_chart(aggregate.seizures_by_reason([], {}), "s"))
    assert "Nothing to show yet." in empty
    assert "<script" not in svg and "style=" not in svg


def test_the_svg_escapes_labels():
    s = aggregate.seizures_by_reason([["<x>"]], {})
    assert "&lt;x&gt;" in str(bar_chart(s, "s"))
