"""The UI side of core's keyed messages: ``message_text`` translates them through Qt.

Asserts the mechanism with a fake translator (the real zh_CN strings arrive when the integrator
regenerates the .ts): the translated template is filled with the same values, nested messages
are translated too, a translation that breaks a placeholder falls back to English, and the
places that show core text (worker errors, progress, budget notes) go through it.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from gatelab.core.messages import MESSAGES, GatelabError, Msg
from gatelab.ui.messages import message_text
from tests.ui.conftest import extract_ts, ts_sources


class FunctionTranslator(QTranslator):
    """Translates context "core" with ``fn(source)``; other contexts are left alone."""

    def __init__(self, fn: Callable[[str], str]) -> None:
        super().__init__()
        self.fn = fn

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return self.fn(source) if context == "core" else ""

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


@pytest.fixture
def use_translator(qapp: QCoreApplication) -> Iterator[Callable[[Callable[[str], str]], None]]:
    installed: list[QTranslator] = []

    def install(fn: Callable[[str], str]) -> None:
        t = FunctionTranslator(fn)
        QCoreApplication.installTranslator(t)
        installed.append(t)

    yield install
    for t in installed:
        QCoreApplication.removeTranslator(t)


def wrap(source: str) -> str:
    return "«" + source + "»"


def test_without_a_translation_the_english_shows(qapp: QCoreApplication) -> None:
    m = Msg("file.missing", {"path": "/x/config.json"})
    assert message_text(m) == "/x/config.json: no such file"


def test_translated_template_is_filled_with_the_values(use_translator) -> None:  # noqa: ANN001
    use_translator(wrap)
    assert message_text(Msg("file.missing", {"path": "/x"})) == "«/x: no such file»"
    assert message_text(Msg("train.oom", {"device": "CPU", "step": 3, "batch": 8, "block": 64,
                                          "params": 1234567})) == (
        "«out of CPU memory at step 3 with batch 8 × block 64 (1,234,567 parameters); lower the "
        "batch size, block size or width»")


def test_a_real_looking_translation(use_translator) -> None:  # noqa: ANN001
    table = {MESSAGES["file.missing"]: "{path}：文件不存在",
             MESSAGES["verdict.better"]: "{best} 更好，差 {diff:.4f}，是噪声的 {ratio:.1f} 倍"}
    use_translator(lambda s: table.get(s, ""))
    assert message_text(Msg("file.missing", {"path": "/m"})) == "/m：文件不存在"
    verdict = Msg("verdict.better", {"best": "swiglu", "diff": 0.0123456, "ratio": 4.04})
    assert verdict == "swiglu better by 0.0123, 4.0× the noise"
    assert message_text(verdict) == "swiglu 更好，差 0.0123，是噪声的 4.0 倍"
    # an untranslated key stays English (Qt returns "" for no translation)
    assert message_text(Msg("resume.vocab")) == MESSAGES["resume.vocab"]


def test_nested_messages_are_translated_at_every_level(use_translator) -> None:  # noqa: ANN001
    use_translator(wrap)
    inner = Msg("file.missing", {"path": "/r/c.json"})
    outer = Msg("run.in_folder", {"folder": "/r", "reason": inner})
    assert message_text(outer) == "«/r: «/r/c.json: no such file»»"
    sink = Msg("sink.lower", {"arm": Msg("sink.arm_on"), "diff": 0.5, "ratio": 2.0})
    assert message_text(sink) == "««gate on» lower by 0.5, 2.0× the noise»"


def test_errors_with_a_msg_and_everything_else(use_translator) -> None:  # noqa: ANN001
    use_translator(wrap)
    assert message_text(GatelabError(Msg("resume.vocab"))) == wrap(MESSAGES["resume.vocab"])
    assert message_text(ValueError("plain")) == "plain"
    assert message_text("a str") == "a str" and message_text(None) == "None"
    assert message_text(GatelabError("free words")) == "free words"  # "text": never translated

    class Broken:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert message_text(Broken()) == "Broken"


@pytest.mark.parametrize("bad", ["{pth}: 没有这个文件", "{path: 没有", "{path:d} 没有", "{0} 没有",
                                 "{path.missing} 没有"])
def test_a_broken_translation_falls_back_to_english(use_translator, bad: str) -> None:  # noqa: ANN001
    use_translator(lambda s: bad if s == MESSAGES["file.missing"] else "")
    assert message_text(Msg("file.missing", {"path": "/x"})) == "/x: no such file"


def test_the_places_that_show_core_text_translate_it(use_translator, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.core import budget as B
    from gatelab.core.inside.errors import InsideError
    from gatelab.ui.budget_panel import BudgetPanel
    from gatelab.ui.inside_worker import fraction_of, inside_error_message
    from gatelab.ui.trainer_worker import describe_error

    use_translator(wrap)
    err = InsideError(Msg("inside.no_config", {"path": tmp_path}))
    assert inside_error_message(err) == f"«{tmp_path}: not a model folder (no config.json)»"
    assert describe_error(GatelabError(Msg("resume.vocab"))).startswith("«cannot resume")
    assert fraction_of((0.2, Msg("progress.weights"))) == (0.2, "«loading the weights»")
    count = B.count_from_hf_config({"model_type": "brandnew", "hidden_size": 64,
                                    "intermediate_size": 128, "num_hidden_layers": 2,
                                    "num_attention_heads": 4, "vocab_size": 100})
    assert BudgetPanel._notes(count) == ("«Unknown model_type 'brandnew': counted as a "
                                         "Llama-style decoder (not verified).»")


def test_lupdate_extracts_every_template_in_context_core(tmp_path: Path) -> None:
    core = Path(__file__).resolve().parents[2] / "gatelab" / "core"
    ts = extract_ts(tmp_path, sorted(core.glob("message_catalog*.py")))
    sources = ts_sources(ts, context="core")
    assert sources == set(MESSAGES.values()) - {"{text}"}


def test_core_text_reaches_the_screen_in_chinese(qapp: QCoreApplication) -> None:
    """The shipped catalogue → QTranslator → message_text, nested messages included."""
    from gatelab.ui.language import set_language, translator

    set_language("zh_CN")
    assert translator() is not None
    try:
        assert message_text(Msg("file.missing", {"path": "/x"})) == "/x：没有这个文件"
        inner = Msg("file.missing", {"path": "/r/c.json"})
        assert message_text(Msg("run.in_folder", {"folder": "/r", "reason": inner})) == \
            "/r：/r/c.json：没有这个文件"
        verdict = Msg("sink.lower", {"arm": Msg("sink.arm_on"), "diff": 0.5, "ratio": 2.0})
        assert message_text(verdict) == "门控开启更低，低 0.5，是噪声的 2.0 倍"
    finally:
        set_language("en")
def test_message_text_loads_no_qt_by_itself() -> None:
    """trainer_jobs (Qt- and torch-free) uses message_text; without Qt it shows the English."""
    code = ("import sys\nfrom gatelab.core.messages import Msg\nfrom gatelab.ui.messages import "
            "message_text\nprint(message_text(Msg('resume.vocab')))\n"
            "print(any(m.startswith('PySide6') for m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=120, cwd=Path(__file__).resolve().parents[2]).stdout.splitlines()
    assert out == [MESSAGES["resume.vocab"], "False"]
