"""Names of trained neurons on the gate plane, kept so they can be said again in another language.

Why a module of its own: the live trainer sends its neurons with a label already formatted in the
language of that moment ("swiglu, layer L0, step 209"), and the gate plane keeps showing it after
the run. After View → Language the legend read "swiglu, layer L0, step 209：352 个神经元".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

_TRAINER_SOURCE = "{0}, layer L{1}, step {2}"  # TrainerPanel's message, untranslated


def _trainer_template() -> str:
    """The live trainer's label in the current language (its own message, in its context)."""
    return QCoreApplication.translate("TrainerPanel", "{0}, layer L{1}, step {2}")


def retranslatable_label(label: str) -> Callable[[], str]:
    """``label`` as a function that gives it in the current language.

    A label in the trainer's form (in the current language or in English) is taken apart and
    put together again from the current translation on every call; any other label (a run
    folder's name, a caller's own text) is returned as it is.
    """
    for template in dict.fromkeys((_trainer_template(), _TRAINER_SOURCE)):
        pattern = _template_pattern(template)
        found = pattern.fullmatch(label) if pattern is not None else None
        if found is not None:
            args = [found.group(f"a{i}") for i in range(3)]
            return lambda: _trainer_template().format(*args)
    return lambda: label


def _template_pattern(template: str) -> re.Pattern[str] | None:
    """A regex for ``template`` once formatted ({0}: any text; {1}, {2}: whole numbers), or None
    when the template does not hold each of the three placeholders exactly once."""
    parts = re.split(r"\{(\d)\}", template)
    if sorted(parts[1::2]) != ["0", "1", "2"]:
        return None
    out = [re.escape(part) if i % 2 == 0 else
           (r"(?P<a0>.+?)" if part == "0" else rf"(?P<a{part}>\d+)")
           for i, part in enumerate(parts)]
    return re.compile("".join(out), re.DOTALL)
