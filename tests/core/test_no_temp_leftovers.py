"""Tests clean up after themselves: no temp folders outside pytest's own tmp_path.

Why: a module-level ``tempfile.mkdtemp`` in the hypothesis tests left a gatelab-hyp-* folder in
the temp directory on every run. pytest's ``tmp_path`` / ``tmp_path_factory`` folders are managed
(only the last few runs are kept); anything else must be a context manager that removes itself.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
LEAKY = re.compile(r"\bmkdtemp\(|\bmkstemp\(|delete\s*=\s*False")


def test_no_test_creates_temp_files_that_outlive_it() -> None:
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        if path.resolve() == Path(__file__).resolve():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if LEAKY.search(line):
                offenders.append(f"{path.relative_to(TESTS)}:{number}: {line.strip()}")
    assert offenders == [], "use tmp_path / tmp_path_factory instead:\n" + "\n".join(offenders)
