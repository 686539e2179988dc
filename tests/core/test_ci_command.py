"""CI runs the README's test command: the two must not drift apart (a flag added to one only, such
as the worker count, would make CI measure something a newcomer never runs)."""

from __future__ import annotations

import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pytest_args(line: str) -> list[str]:
    """The arguments after ``python -m pytest`` in a shell line (options CI adds are dropped)."""
    words = shlex.split(line.split("python -m pytest", 1)[1])
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "-p":  # CI's "-p no:cacheprovider" keeps a clean clone free of .pytest_cache
            skip = True
        else:
            out.append(word)
    return out


def _line_with(path: Path, needle: str) -> str:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if needle in ln]
    assert len(lines) == 1, f"{path.name}: expected one line with {needle!r}, found {lines}"
    return lines[0]


def test_ci_runs_the_readme_test_command() -> None:
    readme = _line_with(ROOT / "README.md", 'pip install -e ".[test]" &&')
    ci = _line_with(ROOT / ".ci" / "run", "python -m pytest")
    assert 'pip install -q -e ".[test]"' in ci
    assert _pytest_args(readme) == _pytest_args(ci) == ["-q", "-n", "auto", "--dist", "loadfile"]
