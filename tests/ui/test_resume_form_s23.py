"""A Resume that ends before its first step gives the trainer's form back as the user left it.

Why (multi-instance probe s23 D6): Resume puts the run's settings into the form (the form shows
what trains), then the engine may refuse the run (its checkpoint belongs to another model, it
completed its steps) or fail before a step (its folder is read-only). The page went back to what
it showed, but the form kept the run's settings, and the next autosave stored them: the user's
own form was gone although nothing resumed.
"""

from __future__ import annotations

from gatelab.ui.trainer_worker import Outcome
from tests.ui.test_trainer_panel import _tiny, panel  # noqa: F401 (fixture)
from tests.ui.test_trainer_s10 import _line, _mismatched_run, _refused


def test_a_refused_resume_gives_the_form_back(qtbot, panel) -> None:  # noqa: ANN001
    run = _mismatched_run(qtbot, panel)  # n_embd 48 and 8 steps in its config.json
    panel.controls.set_config(_tiny(steps=37, lr=0.0025, n_layer=3))
    before = panel.controls.state()
    text = _refused(qtbot, panel, run)
    assert text.startswith("Could not resume: cannot resume: the run was trained with n_embd=32")
    assert panel.controls.state() == before
    assert (panel.controls.steps.value(), panel.controls.width.value()) == (37, 32)


def test_a_form_whose_lr_is_no_number_gets_its_text_back(qtbot, panel) -> None:  # noqa: ANN001
    run = _mismatched_run(qtbot, panel)
    panel.controls.lr.setText("3e-")  # being typed: Resume needs no form value but Steps
    _refused(qtbot, panel, run)
    assert panel.controls.lr.text() == "3e-"
    assert panel.controls.state()["lr"] == "3e-"


def test_a_resume_that_fails_before_its_first_step_gives_the_form_back(panel) -> None:  # noqa: ANN001
    """E.g. a read-only home: "cannot write …/config.json" before the engine trains a step."""
    from gatelab.ui.trainer_hold import hold_view

    panel.controls.set_config(_tiny(steps=41, n_head=4, n_embd=48))
    before = panel.controls.state()
    panel._resuming, panel._held = True, hold_view(panel)
    panel.controls.set_config(_tiny(steps=9))  # what Resume put in the form
    panel.run_dir = "/nowhere/run-x"
    panel._on_done(Outcome("error", "cannot write /nowhere/run-x/config.json: the file system "
                           "is read-only", "", refused=False))
    assert _line(panel)[0].startswith("Could not resume: cannot write")
    assert panel.controls.state() == before


def test_a_resume_that_trained_keeps_the_runs_form(qtbot, panel) -> None:  # noqa: ANN001
    """Once a step trained, the form shows the run that trained (as before)."""
    from tests.ui.test_trainer_s10 import _train

    run = _train(qtbot, panel, steps=4, eval_interval=2)
    panel.controls.set_config(_tiny(steps=12, lr=0.004))
    assert panel.resume_run(run)  # the run is read off the GUI thread, then it trains
    qtbot.waitUntil(lambda: list(panel.plots.history.steps)[-1:] == [12]
                    and not panel.controller.is_busy(), timeout=60000)
    assert panel.run_state == "finished", panel.error_text
    assert panel.controls.steps.value() == 12  # a finished run extends to the form's Steps
    assert panel.controls.state()["lr"] == _tiny().lr  # the run's own lr, not the form's
