"""A Resume refused because another process trains the run left "Could not resume: … is still
being trained by process N" on the line after that process had ended (s15 noticed); the runs
list's next refresh now says the run is free."""

from __future__ import annotations

import json
import subprocess
import sys

from gatelab.core.run_liveness import host_name, process_start
from tests.ui.test_trainer_s10 import _line, _refused, _replay, _train, panel  # noqa: F401


def test_the_busy_notice_goes_when_the_other_process_ends(qtbot, panel) -> None:  # noqa: ANN001,F811
    run = _train(qtbot, panel, steps=4, eval_interval=2)
    _replay(qtbot, panel, run)
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        summary_path = f"{run}/run.json"
        with open(summary_path, encoding="utf-8") as f:
            summary = json.load(f)
        summary.update(status="running", pid=other.pid, host=host_name(), steps=2,
                       pid_start=process_start(other.pid))
        with open(summary_path, "w", encoding="utf-8") as f:
            json.dump(summary, f)
        panel.runs.refresh()
        qtbot.waitUntil(lambda: any(str(r.path) == run and r.status == "running"
                                    for r in panel.runs.rows), timeout=20000)
        text = _refused(qtbot, panel, run)
        assert f"still being trained by process {other.pid}" in text
        panel.runs.refresh()  # a refresh that still sees it running keeps the notice
        with qtbot.waitSignal(panel.runs.refreshed, timeout=20000):
            pass
        assert panel.error_text == text
    finally:
        other.kill()
        other.wait()
    panel.runs.refresh()  # (the list's own poll does this within POLL_MS while shown)
    qtbot.waitUntil(lambda: "no longer trained by another process" in panel.error_text,
                    timeout=20000)
    name = run.rstrip("/").split("/")[-1]
    assert panel.error_text == f"{name} is no longer trained by another process: Resume " \
                               "continues it."
    assert _line(panel) == (panel.error_text, True, True)  # a notice, not the error's red
    panel.retranslate()
    assert panel.error_text.startswith(name)
