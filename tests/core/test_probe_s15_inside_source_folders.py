"""Probe s15 F2/F3: a folder opened as the wrong kind of Inside source is named as what it is,
and a symbolic-link loop in place of the folder is named as a loop, in the same words by the
core loaders (the Inside tab's) and by gatelab-inspect."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
import torch

from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.hf_check import check_hf_folder
from gatelab.core.inside.hf_source import HfModel
from gatelab.core.inside.run_source import RunModel
from gatelab.inspect_cli import main
from tests.core.inside_helpers import save_hf_model, train_tiny_run

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("s15src") / "llama", "llama")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("s15src") / "run"
    train_tiny_run(path, steps=4)
    return path


def _refusal(load: object) -> InsideError:
    with pytest.raises(InsideError) as e:
        load()  # type: ignore[operator]
    return e.value


def test_model_folder_opened_as_a_saved_run_is_named_a_model_folder(hf: Path) -> None:
    err = _refusal(lambda: RunModel(hf))
    assert err.msg.key == "inside.run_is_hf"
    assert str(err) == (f"{hf}: this is a Hugging Face model folder (config.json and weights, no "
                        f"ckpt.pt), not a gatelab run; choose Source: Hugging Face model folder")
    assert "no checkpoint (ckpt.pt) yet" not in str(err)  # never a wait for one that won't come


def test_model_folder_without_model_type_but_with_weights_is_still_a_model(
        hf: Path, tmp_path: Path) -> None:
    folder = Path(shutil.copytree(hf, tmp_path / "m"))
    cfg = json.loads((folder / "config.json").read_text())
    del cfg["model_type"]
    (folder / "config.json").write_text(json.dumps(cfg))
    assert _refusal(lambda: RunModel(folder)).msg.key == "inside.run_is_hf"


def test_run_without_a_checkpoint_yet_is_still_a_run(run: Path, tmp_path: Path) -> None:
    """A run before its first checkpoint has gatelab's config.json (and run.json): it must
    not be taken for a model folder."""
    for files in (("config.json", "run.json"), ("config.json",)):
        folder = tmp_path / "-".join(files)
        folder.mkdir()
        for name in files:
            shutil.copy(run / name, folder / name)
        err = _refusal(lambda folder=folder: RunModel(folder))
        assert err.msg.key == "inside.no_checkpoint", str(err)
        assert "this run has no checkpoint (ckpt.pt) yet" in str(err)


def test_run_folder_opened_as_a_model_folder_is_named_a_run(run: Path, tmp_path: Path) -> None:
    err = _refusal(lambda: HfModel(run, device="cpu"))
    assert err.msg.key == "inside.hf_is_run"
    assert str(err) == (f"{run}: this is a gatelab run folder (it holds ckpt.pt, run.json), not a "
                        f"Hugging Face model folder; choose Source: Saved run")
    young = tmp_path / "young"  # before its first checkpoint: run.json alone says "run"
    young.mkdir()
    shutil.copy(run / "config.json", young)
    shutil.copy(run / "run.json", young)
    err = _refusal(lambda: check_hf_folder(young, device="cpu"))
    assert err.msg.key == "inside.hf_is_run" and "(it holds run.json)" in str(err)


@pytest.fixture
def loop(tmp_path: Path) -> Path:
    a, b = tmp_path / "dirloop_a", tmp_path / "dirloop_b"
    os.symlink(b, a)
    os.symlink(a, b)
    return a


def test_folder_link_loop_is_named_a_loop_by_both_loaders(loop: Path) -> None:
    expected = f"{loop}: a symbolic link that loops back on itself"
    for load in (lambda: RunModel(loop), lambda: HfModel(loop, device="cpu"),
                 lambda: check_hf_folder(loop, device="cpu")):
        err = _refusal(load)
        assert str(err) == expected
        # keyed, so the tab translates it: the same reason as a looping config.json
        assert err.msg.key == "path_reason" and err.msg.values["reason"].key == "os.link_loop"


def test_cli_names_the_folder_loop_as_the_tab_does(loop: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(loop), "--text", "x", "--json", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    tab = str(_refusal(lambda: HfModel(loop, device="cpu")))
    assert err == f"gatelab-inspect: error: {tab}\n"
    assert "no such folder" not in err and not (tmp_path / "o.json").exists()


def test_cli_missing_folder_and_a_file_in_the_path(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nowhere"), "--text", "x", "--json", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.endswith("nowhere: no such folder\n")
    f = tmp_path / "file"
    f.write_text("x")
    assert main([str(f / "sub"), "--text", "x", "--json", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.endswith(f"{f / 'sub'}: a part of the path is not a folder\n")
