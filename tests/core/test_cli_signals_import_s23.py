"""A stop signal while a command imports torch (or transformers) waits for the import to end.

Why: a full CI run saw ``gatelab-experiment`` end with SIGABRT instead of one line and 130:
"terminate called after throwing an instance of 'pybind11::error_already_set' what():
Interrupted: 2", raised by ``cli_signals._raise`` at torch/autograd/__init__.py. ``starting()``
raises ``Interrupted`` from the signal handler, and inside ``import torch`` the handler can run
in Python code that C++ called (pybind11), which cannot hand an exception back: the process
aborted. Now those imports run under ``cli_signals.deferred()``: the signal is held until the
import ends, then raised where Python can unwind it. Made deterministic here: a finder sends the
signal as the import of torch begins; the command must still import all of torch, then exit
with its one line and 130.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gatelab.cli_signals import Interrupted, deferred, import_deferred
from tests.core.test_cli_signals_s13 import MAIN, ROOT, TINY

HOOK = """
import os, signal, sys
class Kick:
    sent = False
    def find_spec(self, name, path=None, target=None):
        if name == {module!r} and not Kick.sent:
            Kick.sent = True
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Kick())
sys.argv[0] = {prog!r}
{main}
try:
    rc = main()
finally:
    sys.stderr.write("imported whole: %s\\n" % ({module!r} in sys.modules
                     and hasattr(sys.modules[{module!r}], {attr!r})))
sys.exit(rc)
"""


@pytest.mark.parametrize(("prog", "args"), [
    ("gatelab-train", [*TINY, "--steps", "5", "--quiet"]),
    ("gatelab-experiment", [*TINY, "--steps", "5", "--seeds", "1", "--quiet"]),
])
def test_ctrl_c_as_torch_is_imported_waits_for_it_then_is_one_line(
        prog: str, args: list[str], tmp_path: Path) -> None:
    code = HOOK.format(module="torch", attr="nn", prog=prog, main=MAIN[prog])
    out_flag = "--run-dir" if prog == "gatelab-train" else "--out"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GATELAB_HOME": str(tmp_path / "home")}
    proc = subprocess.run([sys.executable, "-c", code, *args, out_flag, str(tmp_path / "out")],
                          env=env, capture_output=True, text=True, timeout=240,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.returncode == 130, proc.stderr
    assert "Traceback" not in proc.stderr and "terminate called" not in proc.stderr
    assert "imported whole: True" in proc.stderr  # the import was never cut
    said = [line for line in proc.stderr.splitlines() if line and not line.startswith("imported")]
    assert len(said) == 1 and said[0].startswith(f"{prog}: interrupted "), proc.stderr
    assert said[0].endswith("; nothing was saved"), proc.stderr
    assert not (tmp_path / "out").exists()


def test_deferred_holds_the_signal_until_the_block_ends() -> None:
    reached = []
    with pytest.raises(Interrupted) as info:
        with deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            reached.append("after the signal")  # not cut here
    assert reached == ["after the signal"] and info.value.signum == signal.SIGTERM
    del info  # (holds a frame)


def test_import_deferred_imports_and_a_quiet_block_raises_nothing() -> None:
    import_deferred("json", "math")
    assert "json" in sys.modules
    before = signal.getsignal(signal.SIGINT)
    with deferred():
        pass
    assert signal.getsignal(signal.SIGINT) is before
