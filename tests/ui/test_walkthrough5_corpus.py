"""Walkthrough 5 at 1280×800: a refused corpus is named once, in the line the user reads.

The trainer said "Cannot use this corpus: corpus file looks binary (it contains NUL bytes), not
text: /x/bad.txt": the corpus twice and the file last. It now says "Cannot use /x/bad.txt: it
looks binary (it contains NUL bytes), not text"; a corpus too short for the block size says
"Cannot use /x/short.txt: it is too short (…)". Checked on the label's rendered text.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


from tests.ui.conftest import corpus_lines, tiny_trainer


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = tiny_trainer(qtbot, (1280, 800), settle=True)
    yield widget
    widget.shutdown()


def _pick(qtbot, monkeypatch, box, path: Path) -> str:  # noqa: ANN001
    from gatelab.ui import file_dialogs

    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(path), ""))
    box.open_button.click()
    qtbot.waitUntil(lambda: any(line.startswith("Cannot use") for line in corpus_lines(box)),
                    timeout=20000)
    qtbot.waitUntil(lambda: box.summary is not None, timeout=20000)  # back on the last corpus
    line = next(line for line in corpus_lines(box) if line.startswith("Cannot use"))
    assert box.info.isVisible()
    info = box.info  # wrapped in full once the form is laid out again: nothing cut
    qtbot.waitUntil(lambda: info.heightForWidth(info.width()) <= info.height() + 1, timeout=3000)
    return line


@pytest.mark.parametrize("kind, reason", [
    ("empty", "the file is empty"),
    ("blank", "it holds only whitespace, no text"),
    ("binary", "it looks binary (it contains NUL bytes), not text"),
    ("latin1", "it is not valid UTF-8 text (bad byte at offset 3)"),
    ("folder", "it is a folder, not a text file"),
])
def test_a_refused_file_is_named_once(qtbot, monkeypatch, panel, tmp_path: Path,  # noqa: ANN001
                                      kind: str, reason: str) -> None:
    path = tmp_path / "bad.txt"
    if kind == "empty":
        path.write_text("")
    elif kind == "blank":
        path.write_text("\n \t\n" * 5000)
    elif kind == "binary":
        path.write_bytes(b"abc\x00\x01" * 100)
    elif kind == "latin1":
        path.write_bytes(b"caf\xe9 au lait\n" * 20)
    else:
        path.mkdir()
    line = _pick(qtbot, monkeypatch, panel.controls.corpus, path)
    assert line == f"Cannot use {path}: {reason}"
    assert "corpus" not in line.lower() and line.count(str(path)) == 1


def test_a_too_short_corpus_says_corpus_once(qtbot, monkeypatch, panel, tmp_path: Path  # noqa: ANN001
                                             ) -> None:
    box = panel.controls.corpus
    short = tmp_path / "short.txt"
    short.write_text("hello world\n" * 2)  # 24 characters; block size 16 needs 34
    from gatelab.ui import file_dialogs

    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(short), ""))
    box.open_button.click()
    qtbot.waitUntil(lambda: box.summary is not None and box.corpus() == str(short), timeout=20000)
    lines = [line for line in corpus_lines(box) if line.startswith("Cannot use")]
    assert lines == [f"Cannot use {short}: it is too short (24 characters); block size 16 "
                     "needs at least 34 (one block + 1 for training and one for validation)"]
    assert "this corpus" not in lines[0]  # the file is named instead
    assert "too short: 24 characters" in box.error  # core's own text, as the CLI prints it
