"""The main window: one lazily-built tab per panel, menus, shortcuts and remembered state.

Panels follow a small duck-typed protocol so the window needs to know nothing about them:
``restore_settings(QSettings)`` / ``save_settings(QSettings)`` (called inside the panel's own
settings group), optional ``shutdown()`` (stop threads before widgets go away) and an optional
``sig_status`` signal whose text goes to the status bar.
"""

from __future__ import annotations

import importlib
import traceback

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gatelab import __version__
from gatelab.ui.tabs import TAB_SPECS, TabSpec


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, initial_tab: str | None = None) -> None:
        super().__init__()
        self._settings = settings if settings is not None else QSettings()
        self._panels: dict[str, QWidget] = {}
        self._containers: dict[str, QWidget] = {}
        self.setWindowTitle(self.tr("gatelab — the gated MLP, made visible"))
        self.resize(1280, 820)

        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        for spec in TAB_SPECS:
            container = QWidget()
            container.setObjectName(f"tab-{spec.name}")
            QVBoxLayout(container).setContentsMargins(0, 0, 0, 0)
            self._containers[spec.name] = container
            index = self.tabs.addTab(container, QCoreApplication.translate("tabs", spec.title))
            self.tabs.setTabToolTip(index, QCoreApplication.translate("tabs", spec.tooltip))
        self.setCentralWidget(self.tabs)
        self._build_menus()
        self.statusBar().showMessage(self.tr("Ready"), 3000)

        geometry = self._settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        start = initial_tab or str(self._settings.value("window/last_tab", TAB_SPECS[0].name))
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.show_tab(start if start in self._containers else TAB_SPECS[0].name)
        self._on_tab_changed(self.tabs.currentIndex())

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
        try:
            module = importlib.import_module(spec.module)
            panel = getattr(module, spec.class_name)(parent=container)
        except Exception:  # a broken panel must not take the whole app down
            detail = traceback.format_exc(limit=3)
            label = QLabel(self.tr("This panel could not be loaded:\n\n{0}").format(detail))
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            container.layout().addWidget(label)
            self._panels[spec.name] = label
            return
        container.layout().addWidget(panel)
        self._panels[spec.name] = panel
        if hasattr(panel, "restore_settings"):
            self._settings.beginGroup(f"panels/{spec.name}")
            try:
                panel.restore_settings(self._settings)
            finally:
                self._settings.endGroup()
        status = getattr(panel, "status_changed", getattr(panel, "sig_status", None))
        if status is not None:
            status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        lookup = getattr(panel, "set_panel_lookup", None)
        if callable(lookup):  # e.g. the inside tab reads the trainer's live run, if it was built
            lookup(self._panels.get)
        pairs = getattr(panel, "gate_pairs_changed", None)
        if pairs is not None:  # a trained model's real (g, u) go onto the gate plane
            pairs.connect(self._on_gate_pairs)

    def _on_gate_pairs(self, pairs: object, label: str) -> None:
        plane = self.panel("gate-plane")
        if plane is not None and hasattr(plane, "set_neuron_points"):
            plane.set_neuron_points(pairs, label)

    def _on_tab_changed(self, index: int) -> None:
        if index < 0:
            return
        self.panel(TAB_SPECS[index].name)

    # -- menus and shortcuts ------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

        view_menu = self.menuBar().addMenu(self.tr("&View"))
        for i, spec in enumerate(TAB_SPECS):
            action = QAction(QCoreApplication.translate("tabs", spec.title), self)
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.setToolTip(QCoreApplication.translate("tabs", spec.tooltip))
            action.triggered.connect(lambda _=False, n=spec.name: self.show_tab(n))
            view_menu.addAction(action)

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("&About gatelab"), self)
        about.setShortcut(QKeySequence.StandardKey.HelpContents)
        about.triggered.connect(self.show_about)
        help_menu.addAction(about)

    def about_text(self) -> str:
        return self.tr(
            "<h3>gatelab {0}</h3>"
            "<p>See and feel how the gated MLP (SwiGLU and its relatives) inside every modern "
            "transformer works: activation curves, the (g, u) gate plane, the exact parameter "
            "budget and a live trainer.</p>"
            "<p>Shortcuts: Ctrl+1…Ctrl+{1} switch tabs; F1 shows this box.</p>"
        ).format(__version__, len(TAB_SPECS))

    def show_about(self) -> None:
        QMessageBox.about(self, self.tr("About gatelab"), self.about_text())

    # -- state --------------------------------------------------------------------------------
    def save_settings(self) -> None:
        self._settings.setValue("window/geometry", self.saveGeometry())
        self._settings.setValue("window/last_tab", self.current_tab_name())
        for name, panel in self._panels.items():
            if hasattr(panel, "save_settings"):
                self._settings.beginGroup(f"panels/{name}")
                try:
                    panel.save_settings(self._settings)
                finally:
                    self._settings.endGroup()
        self._settings.sync()

    def shutdown(self) -> None:
        """Stop every panel's background work; safe to call twice."""
        for panel in self._panels.values():
            stop = getattr(panel, "shutdown", None)
            if callable(stop):
                stop()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        self.save_settings()
        self.shutdown()
        super().closeEvent(event)
