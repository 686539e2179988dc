"""Run folders: files and their contents, exact resume, listing and deleting robustly."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab import paths
from gatelab.core import runs
from gatelab.core.engine import load_trained, sample_text, train_steps
from gatelab.core.runs import RunError, delete_run, list_runs, load_run, new_run_dir
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=8, steps=16,
                  lr=3e-3, warmup_steps=3, eval_interval=8, eval_iters=3, threads=1,
                  stats_interval=4, checkpoint_interval=8, sample_chars=20)


def test_run_folder_contents(tmp_path: Path) -> None:
    d = tmp_path / "r1"
    snaps = list(train_steps(CFG, run_dir=d))
    assert {p.name for p in d.iterdir()} == {"config.json", "metrics.jsonl", "ckpt.pt",
                                             "stats.npz", "samples.txt", "run.json",
                                             "stats_history"}
    assert TrainConfig.from_dict(json.loads((d / "config.json").read_text())) == CFG
    rows = [json.loads(line) for line in (d / "metrics.jsonl").read_text().splitlines()]
    assert [r["step"] for r in rows] == list(range(1, 17))
    for r in rows:
        assert {"step", "train_loss", "elapsed_s", "tokens_per_s"} <= set(r)
        assert ("val_loss" in r) == (r["step"] in (8, 16))
    assert rows[-1]["status"] == "finished" and rows[-1]["train_loss"] == snaps[-1].train_loss
    summary = json.loads((d / "run.json").read_text())
    assert summary["status"] == "finished" and summary["steps"] == 16
    assert summary["final_val_loss"] == snaps[-1].val_loss
    assert summary["final_train_loss"] == snaps[-1].train_loss
    assert summary["corpus"]["name"] == "generated" and summary["corpus"]["vocab_size"] == 40
    assert summary["tokens_per_s"] > 0 and summary["created"] > 0
    with np.load(d / "stats.npz") as z:
        assert z["gate_pairs"].shape == (2, 96, 2)
        np.testing.assert_array_equal(z["frac_closed"], snaps[-1].stats.frac_closed)
    assert "--- sample at step 16 ---" in (d / "samples.txt").read_text()
    assert not list(d.glob(".*tmp"))  # atomic writes leave no temp files


def test_resume_continues_the_same_loss_curve(tmp_path: Path) -> None:
    straight = [(s.step, s.train_loss, s.val_loss) for s in train_steps(CFG)]
    stop = threading.Event()
    d = tmp_path / "r2"
    first = []
    for s in train_steps(CFG, stop, run_dir=d):
        first.append((s.step, s.train_loss, s.val_loss))
        if s.step == 6:
            stop.set()
    assert first[-1][0] == 7 and load_run(d).summary["status"] == "stopped"
    second = [(s.step, s.train_loss, s.val_loss) for s in train_steps(CFG, run_dir=d, resume=True)]
    assert first + second == straight  # bit-identical, step for step
    rec = load_run(d)
    assert [r["step"] for r in rec.metrics] == list(range(1, 17))
    assert rec.summary["status"] == "finished" and rec.has_checkpoint


def test_resume_after_crash_drops_rows_past_the_checkpoint(tmp_path: Path) -> None:
    d = tmp_path / "r3"
    gen = train_steps(CFG.replace(checkpoint_interval=5), run_dir=d)
    for s in gen:
        if s.step == 7:
            break  # closing the generator checkpoints at step 7 …
    gen.close()
    ckpt = runs.load_checkpoint(d)
    assert ckpt["step"] == 7
    with open(d / "metrics.jsonl", "a") as f:  # … and rows a crash might leave past it
        f.write(json.dumps({"step": 8, "train_loss": 1.0}) + "\n" + '{"step": 9, "tra')
    list(train_steps(CFG, run_dir=d, resume=True))
    assert [r["step"] for r in load_run(d).metrics] == list(range(1, 17))


def test_resume_refuses_other_architecture_or_finished_run(tmp_path: Path) -> None:
    d = tmp_path / "r4"
    list(train_steps(CFG.replace(steps=4), run_dir=d))
    with pytest.raises(ValueError, match="n_embd=32"):
        list(train_steps(CFG.replace(n_embd=64), run_dir=d, resume=True))
    with pytest.raises(ValueError, match="already completed 4 steps"):
        list(train_steps(CFG.replace(steps=4), run_dir=d, resume=True))
    with pytest.raises(RunError, match="no checkpoint"):
        list(train_steps(CFG, run_dir=tmp_path / "empty", resume=True))
    more = list(train_steps(CFG.replace(steps=6), run_dir=d, resume=True))
    assert [s.step for s in more] == [5, 6]


def test_list_load_delete_and_broken_folders(tmp_path: Path) -> None:
    good = new_run_dir(tmp_path)
    list(train_steps(CFG.replace(steps=3), run_dir=good))
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{not json")
    half = tmp_path / "half"
    half.mkdir()
    (half / "config.json").write_text(json.dumps(CFG.to_dict()))
    (tmp_path / "stray").mkdir()
    (tmp_path / "file.txt").write_text("x")
    infos = {i.name: i for i in list_runs(tmp_path)}
    assert set(infos) == {good.name, "broken", "half"}
    assert infos[good.name].status == "finished" and infos[good.name].steps == 3
    assert infos[good.name].final_val_loss is not None and infos[good.name].variant == "swiglu"
    assert infos["broken"].status == "broken" and "config.json" in infos["broken"].error
    assert infos["half"].status == "broken"
    with pytest.raises(RunError, match="config.json"):
        load_run(broken)
    with pytest.raises(RunError, match="not a gatelab run"):
        delete_run(tmp_path / "stray")
    delete_run(good)
    assert not good.exists()
    assert list_runs(tmp_path / "missing") == []


def test_new_run_dir_defaults_to_runs_dir() -> None:
    a, b = new_run_dir(), new_run_dir()
    assert a.parent == paths.runs_dir() and a != b and a.is_dir()


def test_reopen_model_and_stats(tmp_path: Path) -> None:
    d = tmp_path / "r5"
    snaps = list(train_steps(CFG.replace(steps=4), run_dir=d))
    model, vocab, cfg = load_trained(d)
    assert cfg == CFG.replace(steps=4) and len(vocab) == 40
    assert len(sample_text(model, vocab, 10, seed=1)) == 11
    st = runs.stats_from_npz(load_run(d).stats)
    assert st is not None
    np.testing.assert_array_equal(st.gate_pairs, snaps[-1].stats.gate_pairs)
