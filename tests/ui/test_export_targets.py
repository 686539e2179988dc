"""Exports refuse a target that is not a regular file instead of blocking the GUI (probe, issue 8).

Writing to an existing FIFO blocked the GUI thread forever (open() waits for a reader); a
device such as /dev/full would be overwritten. Each export checks its target first.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from gatelab.core.fileio import FileReadError, check_write_target
from gatelab.ui.inside_export import write_csv
from gatelab.ui.plot_card import PlotCard


def _finishes_fast(fn) -> BaseException | None:  # noqa: ANN001
    box: list[BaseException | None] = [None]

    def go() -> None:
        try:
            fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box[0] = exc

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(3)
    assert not t.is_alive(), "the export blocked on a FIFO"
    # without its traceback: its frames hold ``box``, which holds it, and the caller's card (a
    # cycle the collector freed later, maybe in a worker thread: gatelab/ui/qt_cycles.py)
    exc, box[0] = box[0], None
    return exc.with_traceback(None) if exc is not None else None


@pytest.fixture()
def fifo(tmp_path: Path) -> Path:
    p = tmp_path / "out.csv"
    os.mkfifo(p)
    return p


def test_write_csv_refuses_a_fifo(fifo: Path) -> None:
    exc = _finishes_fast(lambda: write_csv(fifo, ["a"], [[1.5]]))
    assert isinstance(exc, FileReadError) and "not a regular file" in str(exc)


def test_plot_card_export_refuses_a_fifo_and_a_folder(qtbot, fifo: Path, tmp_path: Path) -> None:  # noqa: ANN001
    card = PlotCard("t")
    qtbot.addWidget(card)
    card.plot.plot([0, 1], [2, 3])
    exc = _finishes_fast(lambda: card.export(fifo))
    assert isinstance(exc, FileReadError) and "not a regular file" in str(exc)
    folder = tmp_path / "d.png"
    folder.mkdir()
    with pytest.raises(FileReadError, match="is a folder"):
        card.export(folder)
    good = card.export(tmp_path / "ok.csv")
    assert [float(v) for v in good.read_text().splitlines()[1].split(",")[:2]] == [0.0, 2.0]


def test_check_write_target_allows_new_and_regular_files(tmp_path: Path) -> None:
    assert check_write_target(tmp_path / "new.csv") == tmp_path / "new.csv"
    (tmp_path / "old.csv").write_text("x")
    assert check_write_target(tmp_path / "old.csv") == tmp_path / "old.csv"
    with pytest.raises(FileReadError, match="not a regular file"):
        check_write_target("/dev/null")
