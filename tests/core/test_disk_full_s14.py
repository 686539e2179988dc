"""A disk that fills while metrics.jsonl is written (probe s14 F1): the error names the file, as
the writer's append says, and the writer's close does not replace it with a bare "[Errno 28]"
(closing flushed the failed row again). Uses /dev/full, which fails every write with ENOSPC."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from gatelab.core import run_writer
from gatelab.core.engine import train_steps
from gatelab.core.safe_write import RunWriteError
from gatelab.core.trainconfig import TrainConfig

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """metrics.jsonl is opened on /dev/full; once a write failed, run.json cannot be written
    either (the same full disk)."""
    real_open, real_json = open, run_writer.atomic_write_json
    full = threading.Event()

    def metrics_open(path, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        if Path(path).name == run_writer.METRICS and "a" in mode:
            f = real_open("/dev/full", mode, *args, **kwargs)
            write = f.write

            def flagged(text: str) -> int:
                full.set()
                return write(text)
            f.write = flagged  # type: ignore[method-assign]
            return f
        return real_open(path, mode, *args, **kwargs)

    def summary(path, data):  # type: ignore[no-untyped-def]
        if full.is_set():
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_json(path, data)

    monkeypatch.setattr(run_writer, "open", metrics_open, raising=False)
    monkeypatch.setattr(run_writer, "atomic_write_json", summary)


def test_the_error_names_metrics_jsonl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _full_disk(monkeypatch)
    cfg = TrainConfig(n_layer=1, n_head=2, n_embd=16, block_size=16, batch_size=2, steps=5,
                      eval_interval=100, threads=1, stats=False, sample_chars=0, device="cpu")
    with pytest.raises(RunWriteError) as caught:
        for _snap in train_steps(cfg, run_dir=tmp_path / "run"):
            pass
    text = str(caught.value)
    assert "metrics.jsonl" in text and "no space" in text.lower(), text
    assert run_writer.open_writer(tmp_path / "run") is None  # the folder is free again


def test_close_after_a_failed_flush_does_not_raise(tmp_path: Path) -> None:
    class Writer:  # just the part of RunWriter that close() touches
        path = tmp_path
        _metrics = open("/dev/full", "a", encoding="utf-8")

        def _release(self) -> None:
            pass

        class _lock:  # noqa: N801
            @staticmethod
            def release() -> None:
                pass

    w = Writer()
    w._metrics.write("{\"step\": 1}\n")  # buffered: the failing flush comes at close
    run_writer.RunWriter.close(w)  # type: ignore[arg-type]
    assert w._metrics.closed
