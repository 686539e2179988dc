"""Errors that said too little (hostile-input probe): a checkpoint without an entry said only
"'sampler'", a tokenizer.json of {} only "'added_tokens'", 0 attention heads "integer modulo
by zero", and a wrong-shaped tensor stopped at "Error(s) in loading state_dict for GPT:". Each
is now one line that says what is wrong."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core.messages import first_line, reason

torch.set_num_threads(1)
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--lr", "3e-3", "--eval-interval", "10", "--threads", "1", "--quiet"]


def test_first_line_and_reason_say_what_a_bare_key_error_means() -> None:
    assert first_line(KeyError("sampler")) == "the entry 'sampler' is missing"
    assert reason(KeyError(3)) == "the entry 3 is missing"
    assert first_line(KeyError("a", "b")) == "('a', 'b')"  # not a bare key: as it was
    announced = RuntimeError("Error(s) in loading state_dict for GPT:\n\tsize mismatch for w: "
                             "copying a param with shape [2] ...\n\tmore")
    assert first_line(announced) == ("Error(s) in loading state_dict for GPT: size mismatch for "
                                     "w: copying a param with shape [2] ...")
    assert first_line(ValueError("\n  real reason\nrest")) == "real reason"
    assert first_line(ValueError("")) == "ValueError"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("probe_run") / "run"
    assert train_main(TINY + ["--steps", "6", "--checkpoint-interval", "3", "--run-dir", str(d)]) == 0
    return d


def _resume_error(run: Path, tmp_path: Path, change, capsys: pytest.CaptureFixture[str]) -> str:  # noqa: ANN001
    d = tmp_path / "run"
    shutil.copytree(run, d)
    ckpt = torch.load(d / "ckpt.pt", weights_only=True)
    change(ckpt)
    torch.save(ckpt, d / "ckpt.pt")
    assert train_main(TINY + ["--steps", "12", "--run-dir", str(d), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_checkpoint_without_its_sampler_state_names_the_entry(
        run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _resume_error(run, tmp_path, lambda c: c["rng"].pop("sampler"), capsys)
    assert err.endswith("cannot be restored: the entry 'sampler' is missing\n"), err


def test_a_wrong_shaped_tensor_names_the_tensor(run: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    def shrink(ckpt: dict) -> None:  # type: ignore[type-arg]
        name = next(k for k in ckpt["model"] if k.endswith("gate_proj.weight"))
        ckpt["model"][name] = ckpt["model"][name][:-1]
    err = _resume_error(run, tmp_path, shrink, capsys)
    assert "Error(s) in loading state_dict" not in err  # gatelab's words (probe s17 #5)
    assert "gate_proj.weight is 95×32, where the model it describes has 96×32" in err, err


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("transformers")
    from tests.core.inside_helpers import save_hf_model
    return save_hf_model(tmp_path_factory.mktemp("probe_hf") / "llama", "llama")


@pytest.mark.parametrize("field, value, words", [
    ("num_attention_heads", 0, "config.json's num_attention_heads is 0; it must be a whole "
                               "number above 0"),
    ("hidden_size", 32.5, "config.json's hidden_size is 32.5; it must be a whole number above 0"),
    ("num_key_value_heads", "2", "config.json's num_key_value_heads is '2'; it must be a whole "
                                 "number above 0"),
])
def test_a_size_that_is_no_count_is_named(llama: Path, tmp_path: Path, field: str,
                                          value: object, words: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import main
    folder = tmp_path / "m"
    shutil.copytree(llama, folder)
    cfg = json.loads((folder / "config.json").read_text())
    cfg[field] = value
    (folder / "config.json").write_text(json.dumps(cfg))
    assert main([str(folder), "--text", "hi", "--device", "cpu", "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err == f"gatelab-inspect: error: {folder}: {words}\n"


def test_a_tokenizer_file_of_an_empty_object_names_the_missing_entry(
        llama: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import main
    folder = tmp_path / "m"
    shutil.copytree(llama, folder)
    (folder / "tokenizer.json").write_text("{}")
    assert main([str(folder), "--text", "hi", "--device", "cpu", "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the tokenizer cannot be loaded" in err, err
    assert 'tokenizer.json has no "model" object' in err, err  # the entry the library needs


def test_a_tokenizer_regex_the_library_refuses_is_named_as_such(
        llama: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The library's words alone were "Oniguruma error: premature end of char-class at line 1
    column N": neither the file nor that a regular expression was meant."""
    from gatelab.inspect_cli import main
    folder = tmp_path / "m"
    shutil.copytree(llama, folder)
    tokenizer = json.loads((folder / "tokenizer.json").read_text())
    tokenizer["pre_tokenizer"] = {"type": "Split", "pattern": {"Regex": "[abc"},
                                  "behavior": "Isolated", "invert": False}
    (folder / "tokenizer.json").write_text(json.dumps(tokenizer))
    assert main([str(folder), "--text", "hi", "--device", "cpu", "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gatelab-inspect: error: {folder}: the tokenizer cannot be loaded: "
                          "tokenizer.json holds a pattern that is not a valid regular expression "
                          "(premature end of char-class, at line 1 column "), err
    assert err.count("\n") == 1 and "Oniguruma" not in err
