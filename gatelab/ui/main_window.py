"""The main window: one lazily-built tab per panel, menus, shortcuts and remembered state.

Panels implement ``ui.tabs.Panel`` (settings, shutdown, retranslate, state, lesson), so the
window needs to know nothing else about them. Each tab shows its panel beside a collapsible
"Try this" card built from ``panel.lesson()``. View → Language switches the translators; Qt's
LanguageChange then reaches ``changeEvent`` and every built panel retranslates in place, so a
running training run or a loaded model is never rebuilt or lost.
"""

from __future__ import annotations

import importlib
import traceback
from functools import partial

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMainWindow, QTabWidget, QToolButton, QWidget

from gatelab import __version__
from gatelab.ui import text_dialog
from gatelab.ui.enter_keys import install_enter_keys
from gatelab.ui.focus_follow import follow_focus
from gatelab.ui.language import LANGUAGES, current_language, refit_combos, set_language
from gatelab.ui.lesson_card import LessonCard
from gatelab.ui.lesson_room import CardRoom
from gatelab.ui.main_state import StateActions
from gatelab.ui.page_focus import focus_into_page
from gatelab.ui.qt_cycles import weak_call
from gatelab.ui.inner_tabs import step_inner_tabs
from gatelab.ui.settings_changes import changed_only, note_start
from gatelab.ui.shortcuts_help import (MENU_KEY, NEXT_INNER_TAB, NEXT_TAB, PREVIOUS_INNER_TAB,
                                       PREVIOUS_TAB, action_rows, panel_rows, shortcuts_html, window_rows)
from gatelab.ui.splitter_memory import remember_splitters
from gatelab.ui.status_bar import StatusBar
from gatelab.ui.tabs import (TAB_SPECS, GatePairsSink, GatePairsSource, Panel, PanelBuilderUser,
                             SettingsSaver, StateLineOwner, TabLinker, TabSpec, missing_members)
from gatelab.ui.wheel_guard import guard_wheel
from gatelab.ui.window_place import PREFERRED_SIZE, WindowPlacement, watch_growth  # noqa: F401


#: A tab page's least size before its panel is built: the largest built page's, in English (the
#: trainer's width; the forward pass's height, since the trainer's plots and experiment scroll).
#: Why: the window shrinks only as far as the pages built so far allow: a fresh window on the
#: curves went down to 578x204, its plot, title and readout drawn over each other, and after a
#: visit to the trainer it stopped at 810x491. Each page keeps its own least size once built (a
#: larger one wins).
UNBUILT_PAGE_LEAST = QSize(806, 398)


class MainWindow(StateActions, WindowPlacement, QMainWindow):
    def __init__(self, settings: QSettings | None = None, initial_tab: str | None = None) -> None:
        super().__init__()
        self._settings = settings if settings is not None else QSettings()
        self._panels: dict[str, QWidget] = {}
        self._containers: dict[str, QWidget] = {}
        self._cards: dict[str, LessonCard] = {}
        self._rooms: dict[str, CardRoom] = {}  # shows a card only where it can be read
        self._saved: dict[str, object] = {}  # what each panel key last was here (settings_changes)
        self._retranslate_pending = False
        self._fitted: QSize | None = None  # the size chosen to fit the screen (window_place)
        # tooltips (the whole text of every cut label) also over an inactive window: a folder
        # dialog left it inactive where no window manager gave it back, and the cut gate-plane
        # message then showed nothing on hover (walkthrough s21 #17)
        self.setAttribute(Qt.WidgetAttribute.WA_AlwaysShowToolTips)

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        for spec in TAB_SPECS:
            container = QWidget()
            container.setObjectName(f"tab-{spec.name}")
            container.setMinimumSize(UNBUILT_PAGE_LEAST)  # until its panel is built
            QHBoxLayout(container).setContentsMargins(0, 0, 0, 0)
            self._containers[spec.name] = container
            self.tabs.addTab(container, "")
        self.lessons_button = QToolButton(self.tabs)
        self.lessons_button.setObjectName("lessons-toggle")
        self.lessons_button.setCheckable(True)
        self.lessons_button.setChecked(self._settings.value("window/lessons", True, type=bool))
        self.lessons_button.toggled.connect(self.set_lessons_visible)
        self.tabs.setCornerWidget(self.lessons_button, Qt.Corner.TopRightCorner)
        self.setCentralWidget(self.tabs)
        self._build_menus()
        self._build_tab_keys()
        install_enter_keys()  # Return/Enter press the focused button, app-wide (ui/enter_keys)
        follow_focus()  # and the keyboard's focus is scrolled into view (ui/focus_follow)
        self._retranslate_window()
        self.status = StatusBar(self)  # a long message ends at a word, whole in the tooltip
        self.setStatusBar(self.status)
        self._ready = self.tr("Ready")  # said again in a new language while it shows
        self.status.showMessage(self._ready, 3000)

        self._place_on_screen()
        start = initial_tab or str(self._settings.value("window/last_tab", TAB_SPECS[0].name))
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.show_tab(start if start in self._containers else TAB_SPECS[0].name)
        self._on_tab_changed(self.tabs.currentIndex())
        self.start_autosave()

    # -- tabs ---------------------------------------------------------------------------------
    def show_tab(self, name: str) -> QWidget | None:
        """Switch to tab ``name`` (building its panel if needed) and return the panel."""
        if name not in self._containers:
            raise ValueError(f"unknown tab {name!r}; valid: {', '.join(self._containers)}")
        self.tabs.setCurrentWidget(self._containers[name])
        return self.panel(name)

    def panel(self, name: str) -> QWidget | None:
        """The panel of tab ``name``, built on first use; None if it failed to load."""
        if name not in self._panels:
            self._build_panel(next(s for s in TAB_SPECS if s.name == name))
        return self._panels.get(name)

    def current_tab_name(self) -> str:
        widget = self.tabs.currentWidget()
        return next(n for n, c in self._containers.items() if c is widget)

    def _build_panel(self, spec: TabSpec) -> None:
        container = self._containers[spec.name]
        container.setMinimumSize(0, 0)  # its panel's own least size from now on
        try:
            module = importlib.import_module(spec.module)
            panel = getattr(module, spec.class_name)(parent=container)
        except Exception:  # a broken panel must not take the whole app down
            self._show_broken(spec, traceback.format_exc(limit=3))
            return
        missing = missing_members(panel)
        if missing:  # a programming error, shown instead of a half-working tab
            panel.deleteLater()
            self._show_broken(spec, f"{spec.class_name} lacks {', '.join(missing)}")
            return
        container.layout().addWidget(panel, 1)
        self._panels[spec.name] = panel
        self._settings.beginGroup(f"panels/{spec.name}")
        try:
            panel.restore_settings(self._settings)
        except Exception as exc:  # a remembered value no panel foresaw: defaults, said once
            self.status.show_from(panel, self.tr("The remembered settings of this tab could "
                                                 "not be read ({0}); it starts with its "
                                                 "defaults").format(type(exc).__name__), 8000)
        finally:
            self._settings.endGroup()
        note_start(panel, self._settings, f"panels/{spec.name}", self._saved)
        remember_splitters(container, self._settings, spec.name)
        panel.status_changed.connect(lambda text, p=panel: self.status.show_from(p, text, 8000))
        # e.g. the inside tab reads the live run; the window held weakly: self._panels.get,
        # kept by every panel, made all of them one reference cycle (ui/qt_cycles)
        panel.set_panel_lookup(weak_call(self, lambda window, name: window._panels.get(name)))
        if isinstance(panel, GatePairsSource):  # a trained model's (g, u) go onto the gate plane
            panel.gate_pairs_changed.connect(self._on_gate_pairs)
        if isinstance(panel, PanelBuilderUser):  # Refresh reads the trainer's remembered form
            panel.set_panel_builder(weak_call(self, lambda window, name: window.panel(name)))
        if isinstance(panel, TabLinker):  # the forward-pass map's boxes open the tab explaining them
            panel.tab_requested.connect(self.show_tab)
        if isinstance(panel, SettingsSaver):  # a run started or ended: written now
            panel.settings_save_requested.connect(self.save_settings)
        card = LessonCard(spec.name, panel.lesson, self._settings, container)
        container.layout().addWidget(card)
        self._cards[spec.name] = card
        self._rooms[spec.name] = CardRoom(card, self.lessons_button.isChecked())
        guard_wheel(container)  # the wheel scrolls pages; it changes only a field with focus

    def _show_broken(self, spec: TabSpec, detail: str) -> None:
        label = QLabel(self.tr("This panel could not be loaded:\n\n{0}").format(detail))
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._containers[spec.name].layout().addWidget(label)
        self._panels[spec.name] = label

    def lesson_card(self, name: str) -> LessonCard | None:
        """The "Try this" card of tab ``name`` (built with its panel)."""
        self.panel(name)
        return self._cards.get(name)

    def set_lessons_visible(self, visible: bool) -> None:
        """Show or hide every tab's "Try this" card (remembered between launches)."""
        if self.lessons_button.isChecked() != visible:
            self.lessons_button.setChecked(visible)  # comes back here through toggled
            return
        for room in self._rooms.values():  # each shown where its tab leaves it room
            room.set_wanted(visible)
        self._settings.setValue("window/lessons", visible)
        room = self._rooms.get(self.current_tab_name())
        if visible and room is not None and (short := room.lacks()):  # F2 showed nothing (s19)
            self.status.showMessage(self.tr("No room for the “Try this” card beside this tab: "
                                            "widen the window by {0} px.").format(short), 8000)

    def _on_gate_pairs(self, pairs: object, label: object, variant: str = "",
                       layer: int = -1) -> None:
        plane = self.panel("gate-plane")
        if isinstance(plane, GatePairsSink):  # not the "could not be loaded" label
            plane.set_neuron_points(pairs, label, variant, layer)

    def _state_problem(self, text: str) -> None:
        """A state not opened, pasted or saved: a tab's "State restored." from an earlier one
        goes too (beside this failure it read as its outcome; a rolled-back tab said it too)."""
        super()._state_problem(text)
        for panel in self._panels.values():
            if isinstance(panel, StateLineOwner):
                panel.forget_state_line()

    def _on_tab_changed(self, index: int) -> None:
        if index < 0:
            return
        watch_growth(self, self.size())  # a tab shown again may grow the window past the screen
        name = TAB_SPECS[index].name
        self.panel(name)
        remember_splitters(self._containers[name], self._settings, name)  # one built since
        # once a new panel's children show: a shortcut left the focus on the bare page (s23 D1)
        QTimer.singleShot(0, self, partial(focus_into_page, self._containers[name]))

    def step_tab(self, step: int) -> None:
        """Show the main tab ``step`` places on (wrapping round), as Ctrl+Tab does."""
        count = self.tabs.count()
        if count:
            self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % count)

    def _build_tab_keys(self) -> None:
        """Ctrl+Tab / Ctrl+Shift+Tab step the main tabs whatever has focus (left to QTabWidget,
        a focused inner tab bar or table took them), Ctrl+PgDown / Ctrl+PgUp the tabs inside
        the current one (ui/inner_tabs), F10 opens the menu bar."""
        for key, act in ((NEXT_TAB, lambda w: w.step_tab(1)), (PREVIOUS_TAB, lambda w: w.step_tab(-1)),
                         (NEXT_INNER_TAB, lambda w: step_inner_tabs(w.tabs.currentWidget(), 1)),
                         (PREVIOUS_INNER_TAB, lambda w: step_inner_tabs(w.tabs.currentWidget(), -1)),
                         (MENU_KEY, lambda w: w.menuBar().setActiveAction(w._file_menu.menuAction()))):
            shortcut = QShortcut(key, self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(weak_call(self, act))

    # -- menus and shortcuts ------------------------------------------------------------------
    def _build_menus(self) -> None:
        """Create the menus and actions once; ``_retranslate_window`` sets their text."""
        self._file_menu = self.menuBar().addMenu("")
        self._actions: dict[str, QAction] = {}
        for key, shortcut, slot in (
            ("open", QKeySequence.StandardKey.Open, self.open_state_dialog),
            ("save", QKeySequence.StandardKey.Save, self.save_state_dialog),
            ("copy", QKeySequence("Ctrl+Shift+C"), self.copy_state),
            ("paste", QKeySequence("Ctrl+Shift+V"), lambda: self.paste_state()),
            ("quit", QKeySequence.StandardKey.Quit, self.close),
        ):
            action = QAction(self)
            action.setShortcut(shortcut)
            action.triggered.connect(lambda _=False, f=slot: f())
            self._actions[key] = action
            if key == "quit":
                self._file_menu.addSeparator()
            self._file_menu.addAction(action)

        self._view_menu = self.menuBar().addMenu("")
        self._tab_actions: list[QAction] = []
        for i, spec in enumerate(TAB_SPECS):
            action = QAction(self)
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.triggered.connect(lambda _=False, n=spec.name: self.show_tab(n))
            self._view_menu.addAction(action)
            self._tab_actions.append(action)
        self._view_menu.addSeparator()
        lessons = QAction(self)
        lessons.setCheckable(True)
        lessons.setShortcut(QKeySequence("F2"))
        lessons.setChecked(self.lessons_button.isChecked())
        lessons.toggled.connect(self.set_lessons_visible)
        self.lessons_button.toggled.connect(lessons.setChecked)
        self._actions["lessons"] = lessons
        self._view_menu.addAction(lessons)
        self._language_menu = self._view_menu.addMenu("")
        group = QActionGroup(self)
        self._language_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():
            action = QAction(name, self)  # each language in its own script, never translated
            action.setCheckable(True)
            action.setChecked(code == current_language())
            action.triggered.connect(lambda _=False, c=code: self.switch_language(c))
            group.addAction(action)
            self._language_menu.addAction(action)
            self._language_actions[code] = action

        self._help_menu = self.menuBar().addMenu("")
        about = QAction(self)
        about.setShortcut(QKeySequence.StandardKey.HelpContents)
        about.triggered.connect(self.show_about)
        self._actions["about"] = about
        keys = QAction(self)
        keys.setShortcut(QKeySequence("Ctrl+/"))
        keys.triggered.connect(self.show_shortcuts)
        self._actions["shortcuts"] = keys
        self._help_menu.addAction(keys)
        self._help_menu.addAction(about)

    def _retranslate_window(self) -> None:
        """Every string the window itself shows, in the current language."""
        self.setWindowTitle(self.tr("gatelab — the gated MLP, made visible"))
        for i, spec in enumerate(TAB_SPECS):
            title = QCoreApplication.translate("tabs", spec.title)
            tip = QCoreApplication.translate("tabs", spec.tooltip)
            self.tabs.setTabText(i, title)
            self.tabs.setTabToolTip(i, tip)
            # "&1 Activation curves": Alt+V then a digit, in any language (none had a mnemonic)
            self._tab_actions[i].setText(f"&{i + 1} {title.replace('&', '&&')}")
            self._tab_actions[i].setToolTip(tip)
        self._file_menu.setTitle(self.tr("&File"))
        self._view_menu.setTitle(self.tr("&View"))
        self._help_menu.setTitle(self.tr("&Help"))
        self._language_menu.setTitle(self.tr("&Language"))
        texts = {
            "open": self.tr("&Open state…"), "save": self.tr("&Save state…"),
            "copy": self.tr("&Copy state"), "paste": self.tr("&Paste state"),
            "quit": self.tr("&Quit"), "lessons": self.tr("&Try this cards"),
            "about": self.tr("&About gatelab"), "shortcuts": self.tr("&Keyboard shortcuts…"),
        }
        for key, text in texts.items():
            self._actions[key].setText(text)
        self._actions["copy"].setToolTip(self.tr("Every tab's settings as one line, to paste elsewhere"))
        self.lessons_button.setText(self.tr("Try this"))
        self.lessons_button.setToolTip(self.tr("Show or hide the guided steps and questions (F2)"))
        for code, action in self._language_actions.items():
            action.setChecked(code == current_language())

    def switch_language(self, code: str) -> None:
        """View → Language: swap the translators now; changeEvent then retranslates."""
        set_language(code, self._settings)
        self.retranslate()  # at once, not only when the queued LanguageChange arrives

    def retranslate(self) -> None:
        """Re-set every visible string: the window, each built panel, and the lesson cards."""
        self._retranslate_pending = False
        self._retranslate_window()
        ready, self._ready = self._ready, self.tr("Ready")
        self.status.replace_message(ready, self._ready)
        for name, panel in self._panels.items():
            if isinstance(panel, Panel):
                try:
                    panel.retranslate()
                except Exception as exc:  # one panel's bug must not stop the others
                    self.statusBar().showMessage(f"{name}: {exc}", 8000)
        for card in self._cards.values():
            card.rebuild()
        refit_combos(self)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange and not self._retranslate_pending:
            self._retranslate_pending = True  # one removal + one install: retranslate once
            QTimer.singleShot(0, self, self.retranslate)  # dropped if the window goes first
        super().changeEvent(event)

    def about_text(self) -> str:
        """What gatelab is, then the same shortcut table as Help → Keyboard shortcuts."""
        return self.tr(
            "<h3>gatelab {0}</h3>"
            "<p>See and feel how the gated MLP (SwiGLU and its relatives) inside every modern "
            "transformer works: activation curves, the (g, u) gate plane, the exact parameter "
            "budget, a live trainer, a look inside trained models and the whole forward pass; "
            "each tab has guided steps and questions.</p>"
        ).format(__version__) + "<p><b>{0}</b></p>{1}".format(
            self.tr("Keyboard shortcuts"), self.shortcuts_text())

    def show_about(self) -> None:
        text_dialog.show_text(self, self.tr("About gatelab"), self.about_text())

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """Every shortcut: the menus' (read from their actions), the window's own keys
        (Ctrl+Tab, Enter on a button), then the keys panels handle. The one table both F1 and
        Ctrl+/ show, so the two lists cannot drift apart again (F1 lacked Ctrl+/, Ctrl+Return,
        Ctrl+Tab)."""
        menus = (self._file_menu, self._view_menu, self._help_menu)
        actions = [a for menu in menus for a in menu.actions()]
        return action_rows(actions) + window_rows() + panel_rows()

    def shortcuts_text(self) -> str:
        return shortcuts_html(self.shortcut_rows())

    def show_shortcuts(self) -> None:
        text_dialog.show_text(self, self.tr("Keyboard shortcuts"), self.shortcuts_text())

    # -- state --------------------------------------------------------------------------------
    def save_settings(self) -> None:
        self.save_placement()
        self._settings.setValue("window/last_tab", self.current_tab_name())
        for name, panel in self._panels.items():
            if isinstance(panel, Panel):
                self._settings.beginGroup(f"panels/{name}")
                try:
                    panel.save_settings(changed_only(self._settings, self._saved))
                finally:
                    self._settings.endGroup()
        self.sync_settings()

    def shutdown(self) -> None:
        """Stop every panel's background work; safe to call twice."""
        if self._state_calls is not None:
            self._state_calls.join()
        for panel in self._panels.values():
            if isinstance(panel, Panel):
                panel.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        self.save_settings()
        self.shutdown()
        super().closeEvent(event)

