"""The "Forward pass" tab: a clickable map of one forward pass, each box opening the tab that
explains it, with the real sizes of the model the app knows about.

Sizes come from the tab the "sizes from" box names, or (Automatic, the default) in this order from
the inside tab's traced model (``InsidePanel.model_sizes()``), the Live trainer's form, or the
budget tab's chosen model, read through ``set_panel_lookup`` when the tab is shown and on Refresh;
without any, the map shows the symbols d, m, N, V. A lesson step can pin a preset's sizes;
Refresh returns to the other tabs' model. Which box opens which tab is
``core.forward_map.BOX_TABS`` (documented there).
"""

from __future__ import annotations

import dataclasses
import math
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QEvent, QSettings, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gatelab.core import forward_map as fm
from gatelab.core.forward_map import ForwardSizes
from gatelab.ui.forward_map_lesson import ForwardMapLesson, Lesson, build_lesson
from gatelab.ui.forward_map_text import MapTexts, tab_title
from gatelab.ui.forward_map_view import ForwardMapView
from gatelab.ui.messages import after_label, message_text
from gatelab.ui.field_errors import reserve_lines

LESSON_PRESET = "qwen3.5-0.8b"  # the lessons' model: 1024 → 3584 → 1024 × 24 layers
READOUT_LINES = 2  # the readout's reserved height, in lines: most descriptions fit in two
# where the sizes come from: "auto" is the first of the others that knows a model. Why a choice:
# the trainer's form always knows one, so the budget's preset (GPT-2, a config.json opened
# there) could never be drawn, nor the trainer's form once Inside had traced a text (walk s25 F1)
SOURCES = ("auto", "inside", "trainer", "budget")


_PRESETS: dict[str, ForwardSizes] = {}  # shipped presets by file stem and by name, read once


def _preset_sizes(key: str) -> ForwardSizes | None:
    """A shipped preset's sizes by file stem or display name; None if it is not there."""
    if not _PRESETS:
        from gatelab.core.budget import load_presets  # the small JSON files under resources/

        try:
            for preset in load_presets():
                sizes = fm.sizes_from_hf_config(preset.config, preset.name, "budget")
                _PRESETS[preset.key] = _PRESETS[preset.name] = sizes
        except ValueError:
            _PRESETS.clear()
            return None
    return _PRESETS.get(key)


class ForwardMapPanel(QWidget):
    status_changed = Signal(str)
    tab_requested = Signal(str)  # a tab name of ``gatelab.ui.tabs.TAB_NAMES``
    sizes_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.texts = MapTexts(self)
        self.view = ForwardMapView(self)
        self.caption = QLabel(self)
        self.caption.setObjectName("forward-caption")
        self.caption.setWordWrap(True)
        self.family_note = QLabel(self)  # how this family's layer differs from the drawing
        self.family_note.setObjectName("forward-family-note")
        self.family_note.setWordWrap(True)
        self.family_note.setTextFormat(Qt.TextFormat.PlainText)
        self.family_note.hide()
        self.source_label = QLabel(self)
        self.source_box = QComboBox(self)  # which tab's model: SOURCES, in that order
        self.source_label.setBuddy(self.source_box)
        self.source_box.setObjectName("forward-source")
        self.source_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for key in SOURCES:
            self.source_box.addItem(key, key)
        self.refresh_button = QPushButton(self)
        self.refresh_button.setObjectName("forward-refresh")
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.readout = QLabel(self)
        self.readout.setObjectName("forward-readout")
        self.readout.setWordWrap(True)
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.readout.setTextFormat(Qt.TextFormat.PlainText)  # measured as such (_reserve_readout)
        self.readout.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._lookup: Callable[[str], Any] = lambda _name: None
        self._build: Callable[[str], Any] | None = None  # builds a tab not opened yet
        self._sizes: ForwardSizes | None = None
        self._pinned = False  # a lesson step's preset stays until Refresh
        self._corpus_box: weakref.ref[Any] | None = None  # the trainer's, once awaited
        self._budget_panel: weakref.ref[Any] | None = None  # the budget, once listened to
        self._lesson = ForwardMapLesson(self)

        top = QHBoxLayout()
        top.addWidget(self.caption, 1)
        pick = QWidget(self)  # the label centred on the box's line, both at the row's top
        pick_row = QHBoxLayout(pick)
        pick_row.setContentsMargins(0, 0, 0, 0)
        pick_row.addWidget(self.source_label)
        pick_row.addWidget(self.source_box)
        top.addWidget(pick, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.refresh_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(top)
        layout.addWidget(self.family_note)
        layout.addWidget(self.hint)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.readout)

        self.refresh_button.clicked.connect(self.refresh)
        self.source_box.activated.connect(self._on_source_chosen)
        self.view.box_activated.connect(self.activate_box)
        self.view.selection_changed.connect(lambda _key: self._show_readout())
        self.retranslate()

    # -- protocol --------------------------------------------------------------------------------
    def set_panel_lookup(self, lookup: Callable[[str], QWidget | None]) -> None:
        self._lookup = lookup
        self._pinned = False
        self._set_sizes(self._sizes_from_panels(build=False))  # opening a tab builds no other

    def set_panel_builder(self, build: Callable[[str], QWidget | None]) -> None:
        """Refresh and the trainer step then read the Live trainer's form (restored from the last
        launch) and the budget's model even when their tabs were not opened yet."""
        self._build = build

    def retranslate(self) -> None:
        self.refresh_button.setText(self.tr("Refresh"))
        self.refresh_button.setToolTip(self.tr("Read the sizes again from Inside the model, the "
                                               "Live trainer or Parameter budget"))
        names = {"auto": self.tr("Automatic"), "inside": self.tr("Inside the model"),
                 "trainer": self.tr("Live trainer"), "budget": self.tr("Parameter budget")}
        for i, key in enumerate(SOURCES):
            self.source_box.setItemText(i, names[key])
        self.source_box.setToolTip(self.tr("Whose model the map shows. Automatic: the model "
                                           "analysed in Inside the model, else the Live "
                                           "trainer's form, else the model picked in Parameter "
                                           "budget"))
        self.source_label.setText(self.tr("Sizes from"))
        self.hint.setText(self.tr("One forward pass, top to bottom. Click a box (or move to it "
                                  "with Tab or the arrow keys and press Enter) to open the tab "
                                  "that explains it."))
        self.view.setAccessibleName(self.tr("Forward-pass map"))
        self._reserve_readout()
        self._render()

    def restore_settings(self, settings: QSettings) -> None:
        value = settings.value("selected", "")
        if isinstance(value, str) and value in self.view.keys():
            self.view.select(value)
        source = settings.value("source", "auto")
        if isinstance(source, str) and source in SOURCES:  # read when the tab is shown
            self.source_box.setCurrentIndex(SOURCES.index(source))

    def save_settings(self, settings: QSettings) -> None:
        settings.setValue("selected", self.view.selected())
        settings.setValue("source", self.source())

    def shutdown(self) -> None:
        """Nothing runs in the background here."""

    def state(self) -> dict[str, Any]:
        return {"selected": self.view.selected(), "sizes": None if self._sizes is None
                or not self._pinned else self._sizes.to_dict()}

    def apply_state(self, state: Mapping[str, Any]) -> None:
        """Validate everything, then select the box (and pin the sizes, where given)."""
        if not isinstance(state, Mapping):
            raise ValueError(self.tr("The forward-pass state must be an object."))
        selected = state.get("selected", self.view.selected())
        if not isinstance(selected, str) or selected not in fm.BOX_KEYS:
            raise ValueError(self.tr("Unknown box {0!r} in the forward-pass state.").format(
                str(selected)[:40]))
        sizes = self._sizes  # what the map will show once the state is applied
        if "sizes" in state:
            sizes = self._sizes_from_panels() if state["sizes"] is None else \
                self._checked_sizes(state["sizes"])
        hidden = fm.POST_NORMS if sizes is None else sizes.hidden_boxes()
        if "selected" in state and selected in hidden:
            raise ValueError((self.tr("A classic MLP has no {0} box.")
                              if selected in fm.GATED_ONLY else
                              self.tr("This model has no {0} box.")).format(selected))
        if "sizes" in state:
            if state["sizes"] is None:
                self.refresh()
            else:
                self.show_sizes(sizes)
        if selected in self.view.keys():  # else (no "selected" given) the box fell away
            self.view.select(selected)

    def _checked_sizes(self, raw: Any) -> ForwardSizes:
        """Pinned sizes from a state: a small object of finite numbers, names and flags."""
        if not isinstance(raw, Mapping) or len(raw) > 20 or not all(
                v is None or isinstance(v, (str, bool)) or (
                    isinstance(v, (int, float)) and math.isfinite(v)) for v in raw.values()):
            raise ValueError(self.tr("The forward-pass sizes must be an object of numbers and "
                                     "names."))
        try:
            return ForwardSizes.from_dict(raw)
        except (ValueError, TypeError) as exc:
            raise ValueError(self.tr("Bad forward-pass sizes: {0}").format(message_text(exc))) from None

    def lesson(self) -> Lesson:
        return build_lesson(self._lesson)

    # -- sizes -----------------------------------------------------------------------------------
    def sizes(self) -> ForwardSizes | None:
        return self._sizes

    def show_sizes(self, sizes: ForwardSizes | None) -> None:
        """Show these sizes (pinned: showing the tab does not replace them; Refresh does)."""
        self._pinned = sizes is not None
        self._set_sizes(sizes)

    def show_preset(self, key: str) -> bool:
        """Pin a shipped preset's sizes (``qwen3.5-0.8b`` or its name); False if it is missing."""
        sizes = _preset_sizes(key)
        if sizes is None:
            return False
        self.show_sizes(dataclasses.replace(sizes, origin="lesson"))
        return True

    def source(self) -> str:
        """The chosen source, one of SOURCES."""
        return str(self.source_box.currentData())

    def set_source(self, key: str) -> None:
        """Choose where the sizes come from (one of SOURCES) and read them from there."""
        self.source_box.setCurrentIndex(SOURCES.index(key))
        self.refresh()

    def _on_source_chosen(self, _index: int) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Read the sizes again from the chosen tab (Automatic: inside, else trainer, else
        budget)."""
        self._pinned = False
        self._set_sizes(self._sizes_from_panels())

    def show_trainer(self) -> str:
        """Show the Live trainer form's sizes (unpinned), whatever Inside the model holds: "" when
        shown, else why not ("no trainer": no Live trainer panel; "bad form": a value it cannot
        use), with nothing changed."""
        if self._panel("trainer", build=True) is None:
            return "no trainer"
        sizes = self._sizes_from("trainer", build=True)
        if sizes is None:
            return "bad form"
        self.source_box.setCurrentIndex(SOURCES.index("trainer"))  # it stays on showing the tab
        self._pinned = False
        self._set_sizes(sizes)
        return ""

    def _panel(self, name: str, build: bool) -> Any:
        """Tab ``name``'s panel; with ``build``, the trainer's and the budget's are built if
        needed (an Inside-the-model panel built now would hold no model anyway)."""
        panel = self._lookup(name)
        if panel is None and build and name != "inside" and self._build is not None:
            panel = self._build(name)
        return panel

    def _sizes_from_panels(self, build: bool = True) -> ForwardSizes | None:
        """The chosen source's sizes; Automatic: the first source that knows sizes (inside,
        else trainer, else budget)."""
        if self.source() != "auto":
            return self._sizes_from(self.source(), build)
        for name in SOURCES[1:]:
            sizes = self._sizes_from(name, build)
            if sizes is not None:
                return sizes
        return None

    def _sizes_from(self, name: str, build: bool) -> ForwardSizes | None:
        """Tab ``name``'s sizes, or None (no panel, or an unusable source: a half-typed form)."""
        reader = {"inside": self._from_inside, "trainer": self._from_trainer,
                  "budget": self._from_budget}[name]
        try:
            panel = self._panel(name, build)
            return reader(panel) if panel is not None else None
        except (ValueError, TypeError, AttributeError, KeyError, IndexError):
            return None

    @staticmethod
    def _from_inside(panel: Any) -> ForwardSizes | None:
        raw = panel.model_sizes()
        if raw is None:
            return None
        return ForwardSizes.from_dict({**raw, "origin": "inside"})

    def _from_trainer(self, panel: Any) -> ForwardSizes | None:
        controls = panel.controls
        summary = getattr(controls.corpus, "summary", None)
        if summary is None:
            self._await_corpus(controls.corpus)
        vocab = getattr(summary, "vocab_size", None) if summary is not None else None
        cfg = controls.config()
        name = "{0}, d = {1}".format(fm.VARIANT_NAME.get(cfg.variant, cfg.variant), cfg.n_embd)
        return fm.sizes_from_train_config(cfg, vocab if isinstance(vocab, int) else None, name)

    def _await_corpus(self, box: Any) -> None:
        """Have the trainer's corpus box read its text (it waits for its tab to be shown) and
        show its vocabulary once read. Why: the map's "tokens" box said just "V" until the
        Live trainer tab had been opened, though the trainer's form had named the corpus."""
        changed, start = getattr(box, "corpus_changed", None), getattr(box, "activate", None)
        if changed is None or start is None:
            return  # (a stand-in form without a corpus box: nothing to wait for)
        if self._corpus_box is None or self._corpus_box() is not box:
            self._corpus_box = weakref.ref(box)
            changed.connect(self._on_trainer_corpus)
        start()  # a no-op once it has started reading

    def _on_trainer_corpus(self) -> None:
        """The trainer's corpus was read (or changed): its vocabulary joins the map, where the
        map shows the trainer's sizes and no lesson has pinned others."""
        if self._pinned or self._sizes is None or self._sizes.origin != "trainer":
            return
        sizes = self._sizes_from("trainer", build=False)
        if sizes is not None and sizes != self._sizes:
            self._set_sizes(sizes)

    def _from_budget(self, panel: Any) -> ForwardSizes | None:
        self._await_budget(panel)
        name = panel.compare_name()
        if not name:
            return None
        config = getattr(panel, "configs", {}).get(name)
        if config is not None:  # a config.json opened there names the activation (and family)
            return fm.sizes_from_hf_config(config, name, "config")  # (walk s25 F3: GPT-2 SiLU)
        sizes = _preset_sizes(name)  # a preset: its config names the activation too
        if sizes is None:
            count = panel.models.get(name)
            # a config.json or checkpoint opened there, no shipped preset: "config" (walk s25 F2)
            sizes = None if count is None else fm.sizes_from_spec(count.spec, source=name,
                                                                  origin="config")
        return sizes

    def _await_budget(self, panel: Any) -> None:
        """Read the budget's model again whenever a file it reads in the background lands. Why:
        after a relaunch the budget opens the remembered config.json off the GUI thread, and the
        map, shown first, kept the budget's default preset until Refresh (walkthrough s25)."""
        loader = getattr(panel, "file_loader", None)
        if loader is None or (self._budget_panel is not None and self._budget_panel() is panel):
            return  # (a stand-in budget without files, or already listened to)
        self._budget_panel = weakref.ref(panel)
        loader().result_applied.connect(self._on_budget_read)

    def _on_budget_read(self, _kind: str, _path: str, ok: bool) -> None:
        """A config.json or checkpoint is on the budget's screen: redraw it where the map shows
        the budget's model (or would: Automatic without another model), unless a lesson pinned
        sizes or the learner chose another tab's model."""
        shown = self._sizes.origin if self._sizes is not None else ""
        if not ok or self._pinned or shown not in ("", "budget", "config"):
            return
        if self.source() not in ("auto", "budget"):
            return
        sizes = self._sizes_from_panels(build=False)
        if sizes is not None and sizes != self._sizes:
            self._set_sizes(sizes)

    def _set_sizes(self, sizes: ForwardSizes | None) -> None:
        self._sizes = sizes
        self._render()
        self.sizes_changed.emit()

    # -- view ------------------------------------------------------------------------------------
    def _render(self) -> None:
        sizes = self._sizes
        self.view.set_content(self.texts.box_texts(sizes), self.texts.frame_label(sizes),
                              self.texts.notes(sizes),
                              fm.POST_NORMS if sizes is None else sizes.hidden_boxes())
        self.caption.setText(self.texts.caption(sizes))
        note = self.texts.family_note(sizes)
        self.family_note.setText(note)
        self.family_note.setVisible(bool(note))
        self._show_readout()

    def _reserve_readout(self) -> None:
        """Keep READOUT_LINES lines' room under the map, whatever the readout holds. Why: the
        map is centred in what the readout leaves, so the whole diagram jumped ~7 px up each
        time a box's description wrapped to a second line, and back down for a short one. A
        longer text (a narrow window, Chinese) still grows the label: a floor, not a cap."""
        reserve_lines(self.readout, READOUT_LINES)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._reserve_readout()

    def _show_readout(self) -> None:
        self.readout.setText(self.texts.description(self.view.selected(), self._sizes))

    def select_box(self, key: str) -> None:
        """Highlight a box and describe it below the map, without leaving the tab."""
        self.view.select(key)

    def activate_box(self, key: str) -> None:
        """Open the tab that explains ``key`` (the window listens to ``tab_requested``)."""
        tab = fm.BOX_TABS[key]
        self.status_changed.emit(after_label(self.tr("Opening:"), tab_title(tab)))
        self.tab_requested.emit(tab)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if not self._pinned:
            self.refresh()
