"""Switching the language back and forth keeps two translators alive, not two per switch
(soak s24).

Before: ``set_language`` removed the old translators from the application but left them alive,
parented to it, each with its loaded catalogue (gatelab's and Qt's): 20 switches left 22
translators. (The catalogues are mapped files, so this was not what made the process grow by
~0.2 MB a switch; that growth remains, from elsewhere, and is in the soak s24 report.)
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QApplication

from gatelab.ui.language import set_language, translator


def _translators(app: QCoreApplication) -> list[QTranslator]:
    return app.findChildren(QTranslator)


def test_switching_back_and_forth_keeps_one_set_of_translators(qtbot, qapp: QApplication) -> None:  # noqa: ANN001
    try:
        set_language("zh_CN")
        qtbot.wait(1)
        installed = len(_translators(qapp))
        assert installed >= 1 and translator() is not None  # gatelab's own catalogue at least
        # four switches (each retranslates every widget alive: 20 took 12 s in a full run);
        # before the fix they left three sets
        for i in range(4):
            set_language("en" if i % 2 == 0 else "zh_CN")
            qtbot.wait(1)  # deferred deletes run here
        assert len(_translators(qapp)) == installed  # zh_CN again: the same number, not 3×
        assert translator() is not None and translator() in _translators(qapp)
        assert QCoreApplication.translate("TrainerPlots", "Loss") != "Loss"  # still translates
    finally:
        set_language("en")
        qtbot.wait(1)
    assert _translators(qapp) == []  # English needs none: none left behind
