"""How this app reads each law it ships (fieldapp/law/laws/: `Law.readings`, Local Law No. 2 of 2011's
table in fieldapp/law/readings/ and the state law's in readings/aml7.py): one walk over every reading
of every law, so the page /law/reading can't drift from the law's text, the settings or the tests.

Each reading has a quote and a reading; a quote of the law is in that law's text (whitespace aside;
the local law's for its readings with statute "local", the state law's as read for all of its own);
every test it names exists under tests/; a rule that leaves a choice names a setting of the town's
table; every section and lettered subsection of sections 4-11 has a reading; and every test named
for a rule (test_s<section>_..., test_aml<section>_...) is named by a reading of its law."""
import ast
import pathlib
import re

import pytest

from fieldapp.law.laws import LAWS
from fieldapp.law.licensing import LICENSE_EXEMPTIONS
from fieldapp.law.readings import READINGS
from fieldapp.law.restrictions import VIOLATIONS
from fieldapp.settings import SPECS

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAW_FILE = ROOT / "docs" / "law" / "sandy-creek-local-law-2-2011.txt"
LAW_TEXT = LAW_FILE.read_text(encoding="utf-8")
# Every reading of every law, with its law.
PARTS = [pytest.param(law, r, id=f"{key}-{i}-{r.section}")
         for key, law in LAWS.items() for i, r in enumerate(law.readings)]
LAW_TEXTS = {key: (ROOT / law.text_file).read_text(encoding="utf-8") for key, law in LAWS.items()}
# The prefix of the tests named for a rule of each law: test_s5A1_... (the local law), test_aml117_...
RULE_TEST_PREFIX = {"local": r"test_s\d", "AML": r"test_aml\d"}


def _plain(text: str) -> str:
    return " ".join(text.split())


def _test_names() -> dict[str, list[str]]:
    """Every test function under tests/ by name: the files that define it."""
    names: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                names.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    return names


TEST_NAMES = _test_names()


def _sections_of_the_law() -> list[str]:
    """Sections 4-11 and their lettered subsections, read from the text: "§4(A)", ..., "§7", ...
    A letter counts when it opens a subsection ("A. ", after the previous letter, in order)."""
    found = []
    for n in range(4, 12):
        body = re.search(rf"SECTION {n}\b(.*?)(?=SECTION {n + 1}\b)", LAW_TEXT, re.S).group(1)
        letters, at = [], 0
        for letter in map(chr, range(ord("A"), ord("Z") + 1)):
            m = re.compile(rf"(?:^|[\s:.]){letter}\. [A-Z]").search(body, at)
            if not m:
                break
            letters.append(letter)
            at = m.end()
        found += [f"§{n}({x})" for x in letters] or [f"§{n}"]
    return found


SECTIONS = _sections_of_the_law()


def test_the_law_text_has_the_subsections_the_readings_walk():
    """The parse above finds the law's own lettering: §4 A-O, §5 A-K, §6 A-C, §8 A-F, §10 and
    §11 A-B; §7 and §9 have none."""
    assert SECTIONS[:15] == [f"§4({x})" for x in "ABCDEFGHIJKLMNO"]
    assert "§5(K)" in SECTIONS and "§5(L)" not in SECTIONS
    assert {"§7", "§9", "§8(F)", "§10(B)", "§11(B)", "§6(C)"} <= set(SECTIONS)
    assert len(SECTIONS) == 15 + 11 + 3 + 1 + 6 + 1 + 2 + 2


@pytest.mark.parametrize("law, reading", PARTS)
def test_every_reading_quotes_the_law_says_its_reading_and_names_its_tests(law, reading):
    assert reading.section.strip() and reading.section.startswith(("§", "AML", "CPL", "GCL"))
    assert reading.quote.strip(), "no quote"
    assert reading.reading.strip(), "no reading"
    assert reading.statute in ("local", "AML", "CPL")
    if reading.statute == law.quoted_statute:
        assert _plain(reading.quote) in _plain(LAW_TEXTS[law.key]), f"the quote is not the text of {law.name}"
    if not law.local:  # the state law alone: every reading is the statute's, cited as such
        assert reading.statute == "AML" and law.cites_its_own(reading.section)
    assert reading.tests, "no test checks it"
    missing = [t for t in reading.tests if t not in TEST_NAMES]
    assert not missing, f"no such test under tests/: {missing}"


@pytest.mark.parametrize("law, reading", PARTS)
def test_every_choice_names_its_setting_and_every_setting_is_the_towns(law, reading):
    if reading.choice:
        assert reading.setting is not None, "a reading that leaves a choice names its setting"
    if reading.setting is not None:
        assert reading.setting.key in SPECS
        if reading.choice:
            assert reading.setting.protects.strip() and reading.setting.other_reading.strip()
    assert all(key in SPECS for key in reading.values)


@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_and_subsection_of_sections_4_to_11_has_a_reading(section):
    local = [r.section for r in READINGS if r.statute == "local"]
    assert any(s == section or s.startswith(section + "(") or s.startswith(section.rstrip(")") + ")(")
               for s in local), f"{section} has no reading"


# Tests named for a rule (test_s<section>_...) that no reading names yet, and why. A new rule's
# test is named by its reading; this list only shrinks.
NOT_NAMED_BY_A_READING = {
}


@pytest.mark.parametrize("law", [pytest.param(law, id=key) for key, law in LAWS.items()])
def test_every_rule_test_is_named_by_a_reading_or_listed_with_a_reason(law):
    named = {t for r in law.readings for t in r.tests}
    rule_tests = {n for n in TEST_NAMES if re.match(RULE_TEST_PREFIX[law.quoted_statute], n)}
    unnamed = sorted(rule_tests - named - set(NOT_NAMED_BY_A_READING))
    assert unnamed == []
    assert not set(NOT_NAMED_BY_A_READING) & named, "named by a reading now: take it off the list"


@pytest.mark.parametrize("law", [pytest.param(law, id=key) for key, law in LAWS.items()])
def test_every_offence_of_a_law_has_its_reading(law):
    """Each offence of a law's value is the quote of a reading of its section in that law's table."""
    for code, r in law.offences.items():
        assert any(x.section == r.section and x.quote == r.text for x in law.readings), code


# A word of a test's name that cites a section: "s5A1", "s10B4", "s11" (the house shape), or the
# shapes it replaced: "5A1", "8A" (no "s"), or a bare section number first ("test_9_...").
CITATION = re.compile(r"^(?:s\d+[A-Z0-9]*|\d+[A-Z][A-Z0-9]*)$")
# The local law's test_s<section>_ or the state law's test_aml<section>_ (RULE_TEST_PREFIX above).
RULE_PREFIX = re.compile(r"^test_(?:s(?:[1-9]|1[0-4])(?:[A-Z][0-9]*)*|aml\d+)_")


def _breaks_the_prefix(name: str) -> bool:
    words = name.removeprefix("test_").split("_")
    cites = [w for i, w in enumerate(words)
             if CITATION.match(w) or (i == 0 and w.isdigit() and 1 <= int(w) <= 14)]  # the law's 14 sections
    return bool(cites) and (not RULE_PREFIX.match(name) or any(c[0] != "s" for c in cites))


def test_every_test_citing_a_section_starts_with_test_s_and_its_section():
    """One prefix for rule tests: a test whose name cites a section starts test_s<section>_ (e.g.
    test_s5A1_..., test_s10B4_...), and any other section it names is written the same way (s6B,
    never 6B), so `pytest -k s5A1` and the readings' walk find every one; a test of the state law's
    rule starts test_aml<section>_ (test_aml117_...)."""
    assert sorted(n for n in TEST_NAMES if _breaks_the_prefix(n)) == []


def test_the_rule_prefix_check_tells_the_shapes_apart():
    ok = ["test_s5A1_puppy", "test_s10B4_violating_an_order", "test_s9_s4I_served", "test_s4O_iii_needs_notice",
          "test_s8A_seizure_needs_the_s6B_exception", "test_a_form_at_360_px", "test_dl18_csv", "test_429_page",
          "test_aml117_a_dog_not_identified_is_held_five_days", "test_aml118_as_the_s8A_seizure"]
    wrong = ["test_5A1_puppy", "test_9_ticket", "test_8A_needs_the_s6B_exception", "test_s8A_needs_6B",
             "test_cash_report_s5D", "test_search_follows_a_5J_transfer",
             "test_aml117_and_5A1"]
    assert [n for n in ok if _breaks_the_prefix(n)] == []
    assert [n for n in wrong if not _breaks_the_prefix(n)] == []


@pytest.mark.parametrize("code", list(VIOLATIONS))
def test_every_offence_of_the_law_core_has_its_reading(code):
    """The offences of law/restrictions.py's VIOLATIONS (§5, §6(A), §10(B)(4)): each one's words
    are the quote of a reading of its section, so a new offence gets a line on the page."""
    r = VIOLATIONS[code]
    assert any(x.section == r.section and x.quote == r.text for x in READINGS)


@pytest.mark.parametrize("key", list(LICENSE_EXEMPTIONS))
def test_every_license_exemption_has_its_reading(key):
    """§5(I) 'Each copy of any license for such dogs shall be conspicuously marked ...': each
    marking of LICENSE_EXEMPTIONS is a reading."""
    assert any(x.section == "§5(I)" and x.quote == f'"{LICENSE_EXEMPTIONS[key].marking}"' for x in READINGS)
