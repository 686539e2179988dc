"""Probe s17 #1: a run trained with ``--corpus corp3.txt`` kept "corp3.txt" in config.json, so
``--resume`` from any other folder (and Resume training in the app) said "corpus file not found:
corp3.txt" although run.json named the file's absolute path. Now the CLI keeps the absolute path,
and a run an older gatelab kept a relative path in is resumed through run.json's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.cli import train_main
from gatelab.core.data import generated_text
from gatelab.core.runs import load_run, read_config
from gatelab.core.trainconfig import absolute_corpus, same_corpus

TINY = ["--layers", "1", "--heads", "2", "--width", "32", "--block", "16", "--batch", "8",
        "--eval-interval", "10", "--threads", "1", "--quiet", "--no-stats"]


def _trained_from_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(the corpus file, a 10-step run trained with ``--corpus corp3.txt`` from its folder)."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "corp3.txt").write_text(generated_text(4000), encoding="utf-8")
    monkeypatch.chdir(folder)
    run = tmp_path / "run"
    assert train_main(TINY + ["--corpus", "corp3.txt", "--steps", "10", "--run-dir", str(run)]) == 0
    return folder / "corp3.txt", run


def test_a_relative_corpus_is_kept_absolute_and_resumes_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, run = _trained_from_its_folder(tmp_path, monkeypatch)
    assert json.loads((run / "config.json").read_text())["corpus"] == str(text)
    monkeypatch.chdir(tmp_path)  # another folder, as the app started from / is
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "15", "--quiet"]) == 0
    assert [r["step"] for r in load_run(run).metrics] == list(range(1, 16))


def test_a_run_kept_with_a_relative_corpus_still_resumes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run written before the fix: config.json and the checkpoint say "corp3.txt"."""
    text, run = _trained_from_its_folder(tmp_path, monkeypatch)
    config = json.loads((run / "config.json").read_text())
    (run / "config.json").write_text(json.dumps({**config, "corpus": "corp3.txt"}))
    import torch
    ckpt = torch.load(run / "ckpt.pt", weights_only=True)
    ckpt["config"]["corpus"] = "corp3.txt"
    torch.save(ckpt, run / "ckpt.pt")
    monkeypatch.chdir(tmp_path)
    assert read_config(run).corpus == str(text)  # through run.json's source
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "15", "--quiet"]) == 0
    assert [r["step"] for r in load_run(run).metrics] == list(range(1, 16))
    assert json.loads((run / "config.json").read_text())["corpus"] == str(text)  # healed
    # run.json naming another file, or a file no longer there: the path stays as it was kept
    (run / "config.json").write_text(json.dumps({**config, "corpus": "other.txt"}))
    assert read_config(run).corpus == "other.txt"
    (run / "config.json").write_text(json.dumps({**config, "corpus": "corp3.txt"}))
    text.rename(tmp_path / "data" / "moved.txt")
    assert read_config(run).corpus == "corp3.txt"


def test_the_helpers() -> None:
    assert absolute_corpus("python") == "python" and absolute_corpus("generated") == "generated"
    assert absolute_corpus("/a/b.txt") == "/a/b.txt"
    assert Path(absolute_corpus("b.txt")).is_absolute()
    assert same_corpus("b.txt", "/x/b.txt") and same_corpus("/x/b.txt", "/x/b.txt")
    assert not same_corpus("b.txt", "/x/c.txt") and not same_corpus("/y/b.txt", "/x/b.txt")
    assert not same_corpus("python", "/x/python") and not same_corpus(None, "b.txt")
