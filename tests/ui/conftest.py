"""UI fixtures: a throw-away QSettings file per test and a main window that is shut down cleanly."""

from __future__ import annotations

import contextlib
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTranslator
from PySide6.QtWidgets import QMessageBox

from gatelab.ui import export_dialog, file_dialogs


def show_panel(qtbot, panel, size: tuple[int, int] = (1400, 900)):  # noqa: ANN001, ANN201
    """``panel`` owned by qtbot, at ``size``, shown and exposed: the start of every panel fixture."""
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


@contextlib.contextmanager
def refreshed(qtbot, view, timeout_ms: int = 20000) -> Iterator[None]:  # noqa: ANN001
    """``qtbot.waitSignal(view.refreshed)``, whose timeout says why: every thread's stack and
    the view's refresh state. Why: a Runs-table test timed out twice in full CI runs and never
    alone; a bare "Signal not emitted" left nothing to go on."""
    import faulthandler
    import tempfile

    from pytestqt.exceptions import TimeoutError as QtTimeout

    try:
        with qtbot.waitSignal(view.refreshed, timeout=timeout_ms):
            yield
    except QtTimeout as exc:
        with tempfile.TemporaryFile("w+") as f:
            faulthandler.dump_traceback(f, all_threads=True)
            f.seek(0)
            stacks = f.read()
        state = "generation={0} polling={1} threads={2}".format(
            view._generation, view._polling, view._calls._threads)
        raise AssertionError(f"no refresh in {timeout_ms} ms; {state}\n{stacks}") from exc


def extract_ts(tmp_path: Path, files: list[Path]) -> Path:
    """What pyside6-lupdate extracts from ``files``, as a .ts file (the test skips without the
    tool). Why: a string behind a wrapper such as _tr(text) is invisible to lupdate and can
    never be translated, so lessons and messages are held to what it finds."""
    import shutil
    import subprocess
    import sys

    tool = shutil.which("pyside6-lupdate") or str(Path(sys.executable).parent / "pyside6-lupdate")
    if not Path(tool).exists():
        pytest.skip("pyside6-lupdate is not installed")
    ts = tmp_path / "extracted.ts"
    subprocess.run([tool, *map(str, files), "-ts", str(ts)], check=True, capture_output=True,
                   timeout=120)
    return ts


def ts_sources(ts: Path, context: str | None = None) -> set[str]:
    """The source texts of a .ts file (of one context, if given), entities decoded."""
    import xml.etree.ElementTree as ET
    return {m.findtext("source") or "" for c in ET.parse(ts).getroot().iter("context")
            if context is None or c.findtext("name") == context for m in c.iter("message")}


def settle(rounds: int = 20) -> None:
    """Let queued layout and paint events run (a few rounds: one layout can queue another)."""
    from PySide6.QtWidgets import QApplication

    for _ in range(rounds):
        QApplication.processEvents()


def show_tab_at(qtbot, window, name: str, size: tuple[int, int] = (1280, 800)):  # noqa: ANN001, ANN201
    """The main window at ``size`` (the walkthroughs' screen), on tab ``name``, exposed and
    laid out; returns the tab's panel."""
    window.resize(*size)
    panel = window.show_tab(name)
    qtbot.waitExposed(window)
    settle()
    return panel


class WrappingTranslator(QTranslator):
    """Every source string comes back as «source» (the %n plural substitution still works): a
    string that shows no «» after a language switch was never retranslated."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return "«" + source + "»"

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


def corpus_lines(box) -> list[str]:  # noqa: ANN001
    """The trainer corpus box's message as the user reads it (its HTML rendered to plain text)."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(box.info.text())
    return doc.toPlainText().splitlines()


TINY_TRAIN = dict(corpus="generated", variant="swiglu", n_layer=1, n_embd=32, n_head=2,
                  block_size=16, batch_size=4, steps=5, eval_interval=5, warmup_steps=1, seed=7,
                  device="cpu")


def tiny_trainer(qtbot, size: tuple[int, int] | None = None, settle: bool = False):  # noqa: ANN001, ANN201
    """A TrainerPanel owned by qtbot with the TINY_TRAIN form, shown (at ``size``) and active;
    ``settle`` waits until the corpus box has read its corpus. The caller shuts it down."""
    from gatelab.core.trainconfig import TrainConfig
    from gatelab.ui.trainer_panel import TrainerPanel

    widget = TrainerPanel()
    qtbot.addWidget(widget)
    if size is not None:
        widget.resize(*size)
    widget.show()
    widget.activate()
    widget.controls.set_config(TrainConfig(**TINY_TRAIN))
    if settle:
        box = widget.controls.corpus
        qtbot.waitUntil(lambda: box.summary is not None, timeout=20000)
    return widget


def trainer_with(qtbot, cfg):  # noqa: ANN001, ANN201
    """A TrainerPanel owned by qtbot, its form set to ``cfg`` (not shown): yield it from a
    fixture and call ``shutdown()`` after."""
    from gatelab.ui.trainer_panel import TrainerPanel

    widget = TrainerPanel()
    qtbot.addWidget(widget)
    widget.controls.set_config(cfg)
    return widget


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def main_window(qtbot, settings: QSettings) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    yield window
    window.shutdown()


class FakeSaveDialog:
    """Stands in for the save and open file dialogs: answers (path, chosen filter), records
    where each opened (``opened``: ("save" or "open", start folder))."""

    def __init__(self) -> None:
        self.answer: tuple[str, str] = ("", "")
        self.opened: list[tuple[str, str]] = []
        self.warnings: list[str] = []

    @property
    def opened_at(self) -> list[str]:
        """Where the save dialog opened, in order."""
        return [start for kind, start in self.opened if kind == "save"]

    def get(self, _parent, _title: str, start: str, _filters: str = "") -> tuple[str, str]:  # noqa: ANN001
        self.opened.append(("save", start))
        return self.answer

    def open(self, _parent, _title: str, start: str, _filters: str = "") -> tuple[str, str]:  # noqa: ANN001
        self.opened.append(("open", start))
        return self.answer

    def warn(self, _parent, _title: str, text: str) -> None:  # noqa: ANN001
        from gatelab.ui.message_box import plain

        self.warnings.append(plain(text))  # what the box says, without its break points


@pytest.fixture
def dialog(monkeypatch: pytest.MonkeyPatch) -> FakeSaveDialog:
    fake = FakeSaveDialog()
    monkeypatch.setattr(file_dialogs, "save_file_name", fake.get)
    monkeypatch.setattr(file_dialogs, "open_file_name", fake.open)
    monkeypatch.setattr(QMessageBox, "warning", fake.warn)
    monkeypatch.setattr(export_dialog, "_FOLDER", {"last": ""})
    return fake


@pytest.fixture(params=["en", "zh_CN"])
def window_language(request, main_window) -> Iterator[str]:  # noqa: ANN001
    """Each test that asks for it runs twice: with ``main_window`` in English and in Chinese
    (switched back to English afterwards)."""
    main_window.switch_language(request.param)
    settle()
    try:
        yield request.param
    finally:
        main_window.switch_language("en")


@pytest.fixture
def budget_panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    """A shown BudgetPanel whose file reader thread and error box are closed at teardown."""
    from gatelab.ui.budget_panel import BudgetPanel

    panel = show_panel(qtbot, BudgetPanel())
    yield panel
    panel.shutdown()
    if panel._error_box is not None:
        panel._error_box.close()


def load_budget_file(panel, qtbot, kind: str, path: Path) -> bool:  # noqa: ANN001
    """Start a budget panel's background read ("config" or "safetensors") and wait until its
    result is on screen; True when it worked."""
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=30000) as blocker:
        getattr(panel, f"load_{kind}")(path)
    return bool(blocker.args[2])
