"""The trainer's line above Start / Pause / Stop: why something failed, or a plain notice.

Why apart (a mixin of ``TrainerPanel``): what the line says is rendered by a function of the
panel, so a language switch says it again, and each kind of message goes at its own moment: a
"Not started" once the form is usable again, a notice (a request refused before anything
started: a Resume of a finished run, of a run another process trains) at the next action, a
failed run's error at the next run, replay or experiment. Strings keep their translations
through PySide's ``tr``, which looks the context up along the panel's MRO.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gatelab.ui.messages import message_text


class ErrorLine:
    """``_show_error`` and when its message goes, for ``TrainerPanel``."""

    # provided by TrainerPanel
    bar: Any
    controls: Any
    runs: Any
    status_changed: Any
    error_text: str
    _start_error: str
    _error_fn: Callable[[Any], str]
    _notice: bool
    _notice_form: object = None  # the form's values when the notice was shown
    _form_reason = ""  # the form's validation message last said (Start's tooltip, status bar)
    _busy_path = ""  # the run a shown "trained by another process" notice is about

    def _explain_form(self) -> None:
        """Why the form keeps Start off, where a learner looks: Start's tooltip and, once per
        new reason, the status bar. The form's own line sits at the bottom of a scrolled form,
        below the fold at 1280×800 (walkthrough s12): a greyed Start said nothing."""
        reason = self.controls.validation_error()
        self.bar.set_start_reason(reason)
        if reason and reason != self._form_reason:
            self.status_changed.emit(reason)
        self._form_reason = reason

    def _clear_start_error(self) -> None:
        """A "Not started" message goes once the form and the corpus are usable again."""
        if (self._start_error and self.error_text == self._start_error
                and not self.controls.validation_error() and not self.controls.corpus.error):
            self._start_error = ""
            self._show_error(lambda self: "")

    def _show_error(self, render: Callable[[Any], str], notice: bool = False) -> None:
        """Show (and send to the status bar) the error ``render()`` gives; "" clears it. With
        ``notice`` it is a plain notice (a request refused, nothing failed), cleared by the next
        action. A function, so a language switch renders it again in the new language."""
        self._error_fn, self._notice = render, notice
        self._busy_path = ""  # a new line: no longer about a busy run (_resume_notice sets it)
        self._notice_form = self._form_now() if notice else None
        self.error_text = render(self)
        self.bar.set_error(self.error_text, notice=notice)
        if self.error_text:
            self.status_changed.emit(self.error_text)

    def _clear_notice(self) -> None:
        """A notice is about the request it refused: a form change is the next action (and
        the form's own validation message must not sit under a stale one). Only a change of
        the form's values counts: the corpus read at activation says config_changed too."""
        if self._notice and self.error_text and self._form_now() != self._notice_form:
            self._show_error(lambda self: "")

    def _form_now(self) -> object:
        """The form's values now (None when a field cannot be read as a value)."""
        try:
            return self.controls.raw_config()
        except (ValueError, TypeError):
            return None

    def _resume_notice(self, why: object) -> None:
        """"Could not resume: …" as a notice (nothing started, nothing failed) that the next
        action clears; ``why`` a core Msg or text, said again in a new language."""
        self._show_error(lambda self: self.tr("Could not resume: {0}").format(message_text(why)),
                         notice=True)
        values = getattr(why, "values", {})
        if getattr(why, "key", "") in ("run.busy", "run.locked") and values.get("path"):
            self._busy_path = str(values["path"])

    def _recheck_busy_notice(self) -> None:
        """After each refresh of the runs list: a "trained by another process" notice stayed
        up after that process had ended (s15), until some other action. Once the list no
        longer shows the run as running, the notice says it is free. A list that could not
        be read says nothing either way."""
        if not (self._busy_path and self._notice and self.error_text) or self.runs.list_error():
            return
        row = next((r for r in self.runs.rows if str(r.path) == self._busy_path), None)
        if row is not None and row.status == "running":
            return
        name = Path(self._busy_path).name
        self._show_error(lambda self: self.tr("{0} is no longer trained by another process: "
                                              "Resume continues it.").format(name), notice=True)
