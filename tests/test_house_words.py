"""The code and docs say what a thing is, never which issue brought it: no "#16" standing in for
"the county-scale work" (an issue number means nothing to the next reader)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ISSUE_NUMBER = re.compile(r"(?<![\w&/#-])#\d{1,2}\b")
PLACES = ["fieldapp", "tests", "docs", "benchmarks", "scripts", "service_worker", "README.md", "SECURITY.md"]


def test_no_bare_issue_numbers_in_code_or_docs():
    found = []
    for place in PLACES:
        root = ROOT / place
        files = [root] if root.is_file() else [p for p in root.rglob("*") if p.suffix in {".py", ".md", ".js", ".html"}]
        for path in files:
            if "vendor" in path.parts or "node_modules" in path.parts or path == Path(__file__):
                continue
            for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if ISSUE_NUMBER.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:90]}")
    assert not found, "say what it stands for:\n" + "\n".join(found)
