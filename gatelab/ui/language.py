"""Switch the interface language at run time, with no restart.

Installing or removing a QTranslator makes Qt send ``LanguageChange`` to every widget; the main
window answers it by calling ``retranslate()`` on each panel. This module owns the installed
translators (gatelab's own and Qt's, for standard dialog buttons) so that switching back to
English really removes them, and so that the choice is remembered between launches.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)
from PySide6.QtWidgets import QComboBox, QWidget

from gatelab.core.fileio import read_bytes_capped
from gatelab.paths import resources_dir

# code → the language's own name (never translated: a reader must find their language).
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}
SETTINGS_KEY = "ui/language"

_installed: list[QTranslator] = []
_catalogue_bytes: list[bytes] = []  # what gatelab's installed catalogue reads (Qt does not copy)
MAX_CATALOGUE_BYTES = 16 * 1024 * 1024  # the shipped .qm is ~0.3 MB
_ours: QTranslator | None = None
_current = "en"


def current_language() -> str:
    return _current


def translator() -> QTranslator | None:
    """gatelab's own installed catalogue (None for English, or when the .qm is missing)."""
    return _ours


def resolve(code: str | None) -> str:
    """The supported language for ``code`` ("zh", "zh_CN", "zh-Hans-CN" → "zh_CN"), else "en"."""
    if not code:
        code = QLocale.system().name()
    name = QLocale(code).name()  # normalises "zh-CN" and friends
    if name in LANGUAGES:
        return name
    base = name.split("_")[0]
    return next((c for c in LANGUAGES if c.split("_")[0] == base), "en")


def set_language(code: str | None, settings: QSettings | None = None) -> str:
    """Install the translators for ``code`` (None: the system's) and return the code in use.

    English needs no translator: the sources are English. Qt's own catalogue is loaded too, so
    that standard buttons (OK, Cancel) follow. With ``settings``, the choice is remembered.
    """
    global _current, _ours
    app = QCoreApplication.instance()
    lang = resolve(code)
    if app is not None:
        for old in _installed:  # freed, not only removed: parented to the app, each switch
            app.removeTranslator(old)  # left two more alive, catalogues loaded (soak s24)
            old.deleteLater()
        _installed.clear()
        _catalogue_bytes.clear()  # (removed above: Qt reads a catalogue only while installed)
        _ours = None
        if lang != "en":
            qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            for name, folder in ((f"gatelab_{lang}", str(resources_dir() / "i18n")),
                                 (f"qtbase_{lang}", qt_dir)):
                catalogue = QTranslator(app)
                if not _load(catalogue, name, folder):
                    catalogue.deleteLater()
                    continue
                app.installTranslator(catalogue)
                _installed.append(catalogue)
                if name.startswith("gatelab_"):
                    _ours = catalogue
    _current = lang
    if settings is not None:
        settings.setValue(SETTINGS_KEY, lang)
    return lang


def _load(catalogue: QTranslator, name: str, folder: str) -> bool:
    """Load catalogue ``name`` from ``folder``; gatelab's own from a copy in memory. Why: Qt maps
    a .qm file into memory, so a catalogue rewritten while the app runs (regenerated, or an
    upgrade in place) crashed the next translation (a segfault in ``tr``, seen in a test run
    while the translations were regenerated). Qt's own catalogue stays a file: it may name
    others to load beside it."""
    if not name.startswith("gatelab_"):
        return catalogue.load(name, folder)
    try:
        data = bytes(read_bytes_capped(f"{folder}/{name}.qm", MAX_CATALOGUE_BYTES))
    except (OSError, ValueError):
        return False  # missing or unreadable: English, as for a missing .qm before
    if not catalogue.load(data, folder):
        return False
    _catalogue_bytes.append(data)
    return True


def remembered_language(settings: QSettings) -> str | None:
    value = settings.value(SETTINGS_KEY)
    return value if isinstance(value, str) and value in LANGUAGES else None


def refit_combos(root: QWidget) -> None:
    """After a language switch: every combo box under ``root`` measures its items again. A
    combo caches its size hints from its items (Qt renews them on new items, not on new item
    texts), so the gate plane's "show" read "all three sid" after 中文 → English, at the
    Chinese width (s16). A style change is the event on which QComboBox drops both caches."""
    for combo in root.findChildren(QComboBox):
        QCoreApplication.sendEvent(combo, QEvent(QEvent.Type.StyleChange))
        combo.updateGeometry()
