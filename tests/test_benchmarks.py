"""Every benchmark under benchmarks/ still runs against today's code: it loads (its imports name
what exists) and answers --help. A renamed function would otherwise break a benchmark unseen
until someone next measures with it; the measuring itself is too slow for the suite."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = sorted((ROOT / "benchmarks").glob("bench_*.py"))


def test_there_are_benchmarks():
    assert len(BENCHMARKS) >= 10


@pytest.mark.parametrize("path", BENCHMARKS, ids=[p.name for p in BENCHMARKS])
def test_a_benchmark_loads_and_says_how_to_run_it(path):
    done = subprocess.run([sys.executable, str(path), "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
