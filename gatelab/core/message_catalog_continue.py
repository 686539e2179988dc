"""English templates of the messages of continuing an interrupted experiment
(core/experiment_status.py, experiment_continue.py; see ``message_catalog``).

A separate module only to keep files short; ``gatelab.core.message_catalog.MESSAGES`` holds these
too. Marked for pyside6-lupdate in context "core" like every core message.
"""

from __future__ import annotations

from gatelab.core.message_catalog_budget import QT_TRANSLATE_NOOP

CONTINUE_MESSAGES: dict[str, str] = {
    "experiment.no_plan": QT_TRANSLATE_NOOP(
        "core", "experiment.json does not say which variants, seeds and settings to train"),
    "experiment.busy": QT_TRANSLATE_NOOP(
        "core", "{path}: the experiment is still being trained by a running process"),
    "experiment.run_in_use": QT_TRANSLATE_NOOP(
        "core", "{path} belongs to the experiment {experiment}, which is still being trained; "
                "stop the experiment first (its verdict counts this run)"),
    "experiment.complete": QT_TRANSLATE_NOOP(
        "core", "{path}: every run of the experiment has finished; nothing to continue"),
    "experiment.run_steps": QT_TRANSLATE_NOOP(
        "core", "run {run} finished at step {done}, not at the experiment's {steps} steps: "
                "delete it in Runs to train it again"),
    "experiment.run_no_final": QT_TRANSLATE_NOOP(
        "core", "run {run} finished without a usable final validation loss (run.json says "
                "{value}), so the experiment cannot compare it: delete it in Runs to train it "
                "again"),
    "experiment.run_done_unsaid": QT_TRANSLATE_NOOP(
        "core", "run {run} trained all {steps} steps, but its run.json cannot be used ({reason}): "
                "delete run {run} in Runs to train it again"),
    "experiment.run_other": QT_TRANSLATE_NOOP(
        "core", "run {run} is not this experiment's: its config.json says variant {variant}, "
                "seed {seed}; delete it in Runs to train it again"),
    "experiment.summary_unsaid": QT_TRANSLATE_NOOP("core", "it does not say that the run finished"),
    "experiment.run_summary_kind": QT_TRANSLATE_NOOP(
        "core", "{path} is not a file (a folder or a pipe is in its place): move it away, or "
                "delete run {run} in Runs to train it again"),
    "experiment.corpus": QT_TRANSLATE_NOOP(
        "core", "{path}: the experiment's corpus (base_config.corpus) cannot be used: {reason}"),
}
