"""gatelab-inspect: the JSON numbers equal the analysis of the same trace; bad input → one line
on stderr and exit 2."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from gatelab.core.inside.analysis import SUMMARY_KEYS, layer_summary
from gatelab.core.inside.run_source import trace_run
from gatelab.inspect_cli import main
from tests.core.inside_helpers import train_tiny_run

torch.set_num_threads(1)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "run"
    train_tiny_run(path, steps=4)
    return path


def test_run_source_json(run: Path, tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    assert main([str(run), "--text", "def up(x):", "--token", "3", "--eps", "0.05",
                 "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["tokens"] == list("def up(x):") and data["token"] == 3
    expected = layer_summary(trace_run(run, "def up(x):"), 3, eps=0.05)
    assert [set(r) for r in data["layers"]] == [set(SUMMARY_KEYS)] * 2
    for got, want in zip(data["layers"], expected):
        for key in SUMMARY_KEYS:
            assert got[key] == pytest.approx(want[key], rel=1e-6)
    assert main([str(run), "--text", "def up(x):", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["token"] == 9  # the last by default


def test_hf_source_json_with_null_sinks(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    from tests.core.inside_helpers import save_hf_model
    model = save_hf_model(tmp_path / "m", "qwen3_5")
    out = tmp_path / "o.json"
    assert main([str(model), "--text", "The food was not bad", "--device", "cpu",
                 "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert "".join(data["tokens"]) == "The food was not bad"
    assert [row["attn_sink"] is None for row in data["layers"]] == [True, False, True, False]
    assert all(0.0 <= row["frac_neg"] <= 1.0 for row in data["layers"])


@pytest.mark.parametrize("args, message", [
    (["{nowhere}", "--text", "x"], "no such folder"),
    (["{empty}", "--text", "x"], "neither a gatelab run folder"),
    (["{run}", "--text", ""], "the text to analyse is empty"),
    (["{run}", "--text", "abc", "--token", "7"], "token 7 is out of range"),
    (["{run}", "--text", "abc", "--eps", "-1"], "--eps must be a finite number > 0"),
    (["{run}", "--text", "abc", "--device", "tpu"], "unknown device"),
    (["{run}", "--text", "abc", "--token", "one"], "invalid int value"),
    (["{run}"], "the following arguments are required: --text"),
])
def test_bad_input_one_line_exit_2(run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                   args: list[str], message: str) -> None:
    (tmp_path / "empty").mkdir()
    subst = {"{nowhere}": str(tmp_path / "nowhere"), "{empty}": str(tmp_path / "empty"),
             "{run}": str(run)}
    argv = [subst.get(a, a) for a in args] + ["--json", str(tmp_path / "o.json")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gatelab-inspect: error:") and message in err
    assert not (tmp_path / "o.json").exists()


def test_unwritable_output_and_subprocess(run: Path, tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "gatelab.inspect_cli", str(run), "--text", "ab",
                           "--json", str(tmp_path / "no" / "such" / "dir" / "o.json")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "cannot write" in proc.stderr


def test_json_target_not_a_regular_file_is_refused(run: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A FIFO (stand-in for /dev/full) must stay a FIFO: no atomic rename over it."""
    import os
    import stat
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    assert main([str(run), "--text", "ab", "--json", str(fifo)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a regular file" in err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    (tmp_path / "d").mkdir()
    assert main([str(run), "--text", "ab", "--json", str(tmp_path / "d")]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_json_to_dev_null_runs_and_leaves_it_a_device(run: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``--json /dev/null`` (check that a model loads, throw the JSON away) was refused as
    "not a regular file"; it runs, and /dev/null stays the character device it was."""
    before = os.stat(os.devnull)
    link = tmp_path / "null"
    link.symlink_to(os.devnull)
    for target in (os.devnull, str(link)):
        assert main([str(run), "--text", "ab", "--json", target]) == 0
        err = capsys.readouterr().err
        assert "error" not in err and "2 tokens" in err
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_source_that_is_a_file_says_so(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "passwd"
    f.write_text("root:x:0:0\n")
    assert main([str(f), "--text", "x", "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a file, not a folder" in err
    assert "no such folder" not in err
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for device in ("/dev/zero", str(fifo)):  # "is a file" too, before (probe s16)
        assert main([device, "--text", "x", "--json", str(tmp_path / "o.json")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is a pipe, device or socket, not a folder" in err


def test_characters_outside_the_vocabulary_are_flagged(run: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    trace = trace_run(run, "a€d☃")
    assert trace.unknown == (1, 3) and trace.tokens == list("a€d☃")
    assert len(trace.unknown_as) == 1 and trace.unknown_as not in "€☃"
    out = tmp_path / "o.json"
    assert main([str(run), "--text", "a€d☃", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["unknown_tokens"] == [1, 3] and data["unknown_read_as"] == trace.unknown_as
    assert data["unknown_chars"] == ["€", "☃"] and data["unknown_in"] == "run"
    assert "2 piece(s) of the text ('€', '☃') are not in this run's vocabulary" in capsys.readouterr().err
    assert main([str(run), "--text", "ad", "--json", str(out)]) == 0
    assert "unknown_tokens" not in json.loads(out.read_text())
    assert trace_run(run, "ad").unknown == ()


def test_hf_config_that_is_a_device_is_named(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import os
    (tmp_path / "m").mkdir()
    os.symlink("/dev/zero", tmp_path / "m" / "config.json")
    assert main([str(tmp_path / "m"), "--text", "x", "--device", "cpu",
                 "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "config.json: is not a regular file" in err


def test_a_models_unknown_characters_are_named_not_its_unk_token(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A model reads what its vocabulary lacks as <unk>: the file and the note name the typed
    characters ("I", "P", "T"), and say "model"."""
    from tests.core.test_inside_unknown_chars import save_lowercase_llama

    model = save_lowercase_llama(tmp_path / "lowercase")
    out = tmp_path / "o.json"
    assert main([str(model), "--text", "I flew from Paris to Tokyo", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["unknown_read_as"] == "<unk>" and len(data["unknown_tokens"]) == 3
    assert data["unknown_chars"] == ["I", "P", "T"] and data["unknown_in"] == "model"
    assert ("3 piece(s) of the text ('I', 'P', 'T') are not in this model's vocabulary and were "
            "read as '<unk>'") in capsys.readouterr().err


def test_a_checkpoint_that_is_a_folder_reads_as_train_says(run: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """ckpt.pt as a folder: gatelab-inspect said "is not a regular file" where gatelab-train
    says "is a folder, not a file" (probe s16 #7); one wording now."""
    import shutil
    broken = tmp_path / "run"
    shutil.copytree(run, broken)
    (broken / "ckpt.pt").unlink()
    (broken / "ckpt.pt").mkdir()
    assert main([str(broken), "--text", "ab", "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert f"{broken / 'ckpt.pt'}: is a folder, not a file" in err and err.count("\n") == 1
