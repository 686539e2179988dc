"""What a user can read in a widget tree, and which of it is still English after a switch.

Two tools for the live language switch (issue 11):
- ``fake_translator()`` answers every lookup with «source», so after ``retranslate()`` any
  visible string that is not inside «…» was never passed through tr() again: the check needs
  no Chinese translation to exist yet.
- ``english_leftovers(widget)`` lists visible strings with English words outside «…» and outside
  the terms kept on purpose (names such as SwiGLU, config keys, units, numbers, file paths).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pyqtgraph as pg
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGraphicsTextItem,
    QGraphicsView,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)
from PySide6.QtCore import Qt

# Names and notation kept in every language (lower-cased); CamelCase names, acronyms and
# identifiers with digits or underscores are kept by rule (see _is_kept).
KEPT = {
    "silu", "relu", "gelu", "swish", "mish", "tanh", "softplus", "sigmoid", "identity", "exp",
    "log", "max", "min", "act", "std", "tok", "ms", "fps", "llama", "qwen", "mixtral", "mistral",
    "gemma", "phi", "falcon", "olmo", "smollm", "minimind", "deepseek", "glm", "gpt", "oss",
    "gpt-oss", "bert", "python", "shakespeare", "tiny", "nanogpt", "pytorch", "torch",
    "transformers", "safetensors", "hugging", "face", "gatelab", "token", "tokens", "paris",
    "tokyo", "bf", "cpu", "gpu", "cuda", "mps", "png", "svg", "csv", "html", "json", "adamw",
    "rope", "rmsnorm", "softmax", "top", "vs", "id", "ok", "nan", "inf", "pid", "sha",
    # keys, formula functions and terms that Chinese ML texts keep in Latin letters
    "enter", "tab", "shift", "ctrl", "esc", "alt", "logit", "logits", "transformer", "markdown",
    "vocab", "int", "ceil", "round", "dm", "cap", "sink", "embd", "dtype", "float", "auto",
    "return", "dropout", "py", "swiglu", "geglu", "reglu", "glu", "bilinear",
}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-']*")
_TAG = re.compile(r"<[^>]+>")
_ENTITY = re.compile(r"&[a-zA-Z]+;|&#\d+;")
_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[/\\][^\s/\\]+)+[/\\]?")
_REPO = re.compile(r"[\w.\-]+/[\w.\-]+")  # Hugging Face repo ids: meta-llama/Llama-2-7b-hf
_WRAPPED = re.compile(r"«[^«»]*»")


class FakeTranslator(QTranslator):
    """Every message becomes «source»; placeholders survive, so formatting still works."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,  # noqa: D102
                  n: int = -1) -> str:
        return f"«{source}»" if source else source

    def isEmpty(self) -> bool:  # noqa: N802 (Qt override)
        return False


def fake_translator() -> FakeTranslator:
    return FakeTranslator()


def _is_kept(word: str, extra: set[str]) -> bool:
    core = word.strip(".-'_")
    if len(core) < 2 or core.lower() in KEPT or core.lower() in extra:
        return True
    if any(c.isdigit() or c in "_." for c in core):
        return True  # identifiers, sizes, files: gate_proj, Qwen3.5-0.8B, bf16, config.json
    if core.isupper() and len(core) <= 6:
        return True  # acronyms: MLP, FFN, MoE-style names, HF
    if any(c.isupper() for c in core[1:]):
        return True  # CamelCase names: SwiGLU, GeGLU, AdamW, DeepSeek
    return False


def english_words(text: str, extra_allowed: Iterable[str] = ()) -> list[str]:
    """English words of ``text`` outside «…», markup, paths and the kept terms."""
    extra = {e.lower() for e in extra_allowed}
    before = None
    while text != before:  # innermost first: a translated sentence may hold translated parts
        before, text = text, _WRAPPED.sub(" ", text)
    text = _ENTITY.sub(" ", _TAG.sub(" ", text))
    text = _PATH.sub(" ", _REPO.sub(" ", text))
    return [w for w in _WORD.findall(text) if not _is_kept(w, extra)]


def _graphics_strings(view: QGraphicsView) -> Iterator[str]:
    scene = view.scene()
    if scene is None:
        return
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, pg.LabelItem):
            yield item.text or ""
        elif isinstance(item, pg.AxisItem):
            if item.label.isVisible():
                yield item.labelText or ""
        elif isinstance(item, pg.TextItem):
            yield item.textItem.toPlainText()
        elif isinstance(item, QGraphicsTextItem):
            yield item.toPlainText()


def visible_strings(root: QWidget) -> list[str]:
    """Texts a user can read (or hover) in ``root``'s visible widgets; typed content excluded."""
    out: list[str] = []
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        if w is not root and not w.isVisibleTo(root):
            continue
        if w.toolTip():
            out.append(w.toolTip())
        if isinstance(w, QLabel):
            out.append(w.text())
        elif isinstance(w, QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QComboBox):
            out.extend(w.itemText(i) for i in range(w.count()))
        elif isinstance(w, QTabWidget):
            for i in range(w.count()):
                out += [w.tabText(i), w.tabToolTip(i)]
        elif isinstance(w, (QLineEdit,)):
            out.append(w.placeholderText())
        elif isinstance(w, (QPlainTextEdit, QTextEdit)):
            out.append(w.placeholderText())
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            model = w.model()
            for orient, count in ((Qt.Orientation.Horizontal, model.columnCount()),
                                  (Qt.Orientation.Vertical, 0)):
                for i in range(count):
                    value = model.headerData(i, orient, Qt.ItemDataRole.DisplayRole)
                    if value is not None:
                        out.append(str(value))
        if isinstance(w, QGraphicsView):
            out.extend(_graphics_strings(w))
        painted = getattr(w, "visible_texts", None)
        if callable(painted):  # widgets that paint their own text (the forward-pass map)
            out.extend(painted())
    return [s for s in out if s]


def english_leftovers(root: QWidget, extra_allowed: Iterable[str] = ()) -> list[str]:
    """Visible strings that still show English words (each with the words found)."""
    allowed = list(extra_allowed)
    out = []
    for text in visible_strings(root):
        words = english_words(text, allowed)
        if words:
            out.append(f"{text[:80]!r}: {' '.join(words[:6])}")
    return out


def unwrapped_strings(root: QWidget, extra_allowed: Iterable[str] = ()) -> list[str]:
    """Under ``fake_translator()``: visible strings with English outside «…» (not retranslated)."""
    return english_leftovers(root, extra_allowed)
