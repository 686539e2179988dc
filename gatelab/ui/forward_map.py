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
from gatelab.ui.forward_map_sources import SOURCES, ForwardSources
from gatelab.ui.forward_map_sources import preset_sizes as _preset_sizes
from gatelab.ui.forward_map_text import MapTexts, tab_title
from gatelab.ui.forward_map_view import ForwardMapView
from gatelab.ui.messages import after_label, message_text
from gatelab.ui.field_errors import reserve_lines

LESSON_PRESET = "qwen3.5-0.8b"  # the lessons' model: 1024 → 3584 → 1024 × 24 layers
READOUT_LINES = 2  # the readout's reserved height, in lines: most descriptions fit in two


class ForwardMapPanel(ForwardSources, QWidget):
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
