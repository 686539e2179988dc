"""Three command-line defects a new-user walkthrough found, each pinned here:

* ``gatelab-inspect … --json -`` wrote a file named "-" and printed nothing; it now puts the JSON
  on stdout, and a file run says on stderr what it wrote;
* ``gatelab-train`` on a finished run suggested ``--resume`` alone, which the resume then refused
  ("already completed N steps"); the suggested command must run;
* ``gatelab-train --help`` showed no defaults; each now comes from TrainConfig's field defaults.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
import torch

from gatelab import cli_args
from gatelab.cli import experiment_main, train_main
from gatelab.core.runs import load_run
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
TEXT = "I flew from Paris to Tokyo"
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "4", "--eval-interval", "2", "--threads", "1", "--no-stats", "--quiet"]


# --- gatelab-inspect --json - ------------------------------------------------------------------

@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("transformers")
    from tests.core.inside_helpers import save_hf_model
    return save_hf_model(tmp_path_factory.mktemp("walk4") / "llama", "llama")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import train_tiny_run
    folder = tmp_path_factory.mktemp("walk4run") / "run"
    train_tiny_run(folder, steps=4)
    return folder


@pytest.mark.parametrize("kind", ["hf", "run"])
def test_json_dash_is_stdout_with_the_same_keys_as_a_file(
        kind: str, request: pytest.FixtureRequest, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import main
    source = request.getfixturevalue("llama" if kind == "hf" else "run")
    monkeypatch.chdir(tmp_path)
    argv = [str(source), "--text", TEXT, "--device", "cpu"]
    out_file = tmp_path / "o.json"
    assert main([*argv, "--json", str(out_file)]) == 0
    from_file = json.loads(out_file.read_text(encoding="utf-8"))
    capsys.readouterr()

    assert main([*argv, "--json", "-"]) == 0
    out, err = capsys.readouterr()
    from_stdout = json.loads(out)  # nothing but the JSON on stdout
    assert set(from_stdout) == set(from_file) and {"tokens", "token", "dtype", "layers",
                                                   "notes"} <= set(from_stdout)
    assert from_stdout == from_file  # the same numbers, not only the same keys
    assert not (tmp_path / "-").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["o.json"]
    assert "wrote" not in err and "error" not in err


def test_a_file_run_says_what_it_wrote_on_stderr(llama: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import main
    out_file = tmp_path / "o.json"
    assert main([str(llama), "--text", TEXT, "--device", "cpu", "--json", str(out_file)]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out_file.read_text(encoding="utf-8"))
    n, layers = len(result["tokens"]), len(result["layers"])
    assert n > 1 and layers == 2
    assert f"gatelab-inspect: wrote {out_file} ({n} tokens, {layers} layers)" in err.splitlines()
    assert out == ""


def test_json_dash_errors_keep_exit_2_and_stdout_empty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import main
    monkeypatch.chdir(tmp_path)
    assert main([str(tmp_path / "nothing"), "--text", "x", "--json", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no such folder" in err
    assert not (tmp_path / "-").exists()


def test_inspect_help_documents_the_dash(capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import _parser
    assert "'-' writes it to standard output" in " ".join(_parser().format_help().split())


# --- gatelab-train: the hint for a finished run ---------------------------------------------------

def _suggested(err: str) -> list[str]:
    """The argv of the command in backquotes in ``err`` (without the program name)."""
    found = re.findall(r"`(gatelab-train [^`]*)`", err)
    assert len(found) == 1, err
    argv = shlex.split(found[0])
    assert argv[0] == "gatelab-train"
    return argv[1:]


def test_the_hint_for_a_finished_run_is_a_command_that_works(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = tmp_path / "a run"  # a space: the hint must quote it
    assert train_main([*TINY, "--steps", "3", "--run-dir", str(d)]) == 0
    capsys.readouterr()

    # what the walkthrough did: point a new training at the finished folder
    assert train_main([*TINY, "--steps", "3", "--run-dir", str(d)]) == 2
    err = capsys.readouterr().err
    assert "already holds a run (finished)" in err and "--steps 6" in err
    assert train_main([*_suggested(err), "--quiet"]) == 0
    assert "finished: step 6/6" in capsys.readouterr().out
    assert [r["step"] for r in load_run(d).metrics] == list(range(1, 7))

    # --resume alone on the (now 6-step) finished run: refused, with a command that works
    assert train_main(["--run-dir", str(d), "--resume", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already completed 6 steps" in err and "--steps 12" in err
    assert train_main([*_suggested(err), "--quiet"]) == 0
    assert load_run(d).metrics[-1]["step"] == 12


def test_a_stopped_run_keeps_the_plain_resume_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.core import engine
    real = engine.train_steps

    def stop_after_2(config, stop, **kw):  # type: ignore[no-untyped-def]
        for snap in real(config, stop, **kw):
            yield snap
            if snap.step == 2:
                stop.set()

    monkeypatch.setattr(engine, "train_steps", stop_after_2)
    d = tmp_path / "run"
    assert train_main([*TINY, "--steps", "6", "--run-dir", str(d)]) == 130
    capsys.readouterr()
    monkeypatch.setattr(engine, "train_steps", real)
    assert train_main([*TINY, "--steps", "6", "--run-dir", str(d)]) == 2
    argv = _suggested(capsys.readouterr().err)
    assert "--steps" not in argv and argv[-1] == "--resume"
    assert train_main([*argv, "--quiet"]) == 0
    assert load_run(d).metrics[-1]["step"] == 6


# --- gatelab-train --help: the defaults ---------------------------------------------------------

def _option_help(text: str) -> dict[str, str]:
    """Each option's help, whitespace-normalised, keyed by the option (after "options:"): argparse
    starts each option on a line of its own, indented by two spaces; the rest are continuations."""
    found: dict[str, str] = {}
    name = ""
    for line in text.split("options:", 1)[1].splitlines():
        if line.startswith("  -") and not line.startswith("   "):
            name = line.split()[0].rstrip(",")
            found[name] = ""
        if name:
            found[name] = " ".join((found[name] + " " + line).split())
    return found


def _defaults() -> dict[str, object]:
    return {f.name: f.default for f in dataclasses.fields(TrainConfig)}


@pytest.mark.parametrize("main", [train_main, experiment_main])
def test_help_shows_each_default_from_trainconfig(main: Callable[[list[str]], int],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    helps = _option_help(capsys.readouterr().out)
    defaults = _defaults()
    shown = 0
    for flag, field in cli_args.FLAG_FIELDS.items():
        option = "--" + flag.replace("_", "-")
        if option not in helps:  # --variant is gatelab-train's only
            assert main is experiment_main and flag == "variant"
            continue
        if defaults[field] is None:  # derived (kv heads, intermediate, threads): said in words
            assert "default:" in helps[option], (option, helps[option])
            continue
        assert f"(default: {defaults[field]})" in helps[option], (option, helps[option])
        shown += 1
    assert shown >= 18
    for option, value in (("--steps", 2000), ("--width", 128), ("--layers", 4), ("--batch", 12)):
        assert defaults[{"--steps": "steps", "--width": "n_embd", "--layers": "n_layer",
                         "--batch": "batch_size"}[option]] == value  # the walkthrough's examples
        assert f"(default: {value})" in helps[option]


def test_help_defaults_follow_trainconfig_not_literals(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclasses.dataclass(frozen=True)
    class Other(TrainConfig):
        steps: int = 777
        lr: float = 0.0042

    monkeypatch.setattr(cli_args, "TrainConfig", Other)
    helps = _option_help(cli_args.train_parser().format_help())
    assert "(default: 777)" in helps["--steps"] and "(default: 0.0042)" in helps["--lr"]
