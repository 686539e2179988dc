"""A model folder that ships Python code (an ``auto_map`` naming a .py file in the folder) is
refused at once with one line: gatelab never runs it, and never leaves transformers asking
"Do you wish to run the custom code? [y/N]" on the terminal (where a "y" would run it)."""

from __future__ import annotations

import io
import json
import shutil
import time
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import save_hf_model  # noqa: E402

CODE = """open({marker!r}, "w").write("the folder's code ran")
from transformers import PreTrainedTokenizerFast, LlamaConfig, LlamaForCausalLM
class Tok(PreTrainedTokenizerFast):
    pass
class Config(LlamaConfig):
    model_type = "evil_llama"
class Model(LlamaForCausalLM):
    config_class = Config
"""


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("code_hf") / "llama", "llama")


def _folder_with_code(llama: Path, tmp_path: Path, file: str, **changes: object) -> Path:
    folder = tmp_path / "m"
    shutil.copytree(llama, folder)
    (folder / "evil.py").write_text(CODE.format(marker=str(tmp_path / "RAN")))
    data = json.loads((folder / file).read_text())
    data.update(changes)
    (folder / file).write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize("file, changes", [
    ("tokenizer_config.json", {"tokenizer_class": "EvilTokenizer",
                               "auto_map": {"AutoTokenizer": ["evil.Tok", None]}}),
    ("config.json", {"model_type": "evil_llama", "auto_map": {
        "AutoConfig": "evil.Config", "AutoModelForCausalLM": "evil.Model"}}),
])
def test_a_folder_with_its_own_code_is_refused_without_a_prompt(
        llama: Path, tmp_path: Path, file: str, changes: dict[str, object],
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder_with_code(llama, tmp_path, file, **changes)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))  # a user who would say yes
    start = time.monotonic()
    assert main([str(folder), "--text", "hello", "--device", "cpu",
                 "--json", str(tmp_path / "o.json")]) == 2
    assert time.monotonic() - start < 10  # transformers' prompt waits 15 s
    out, err = capsys.readouterr()
    assert "Do you wish" not in out + err
    assert err.count("\n") == 1 and "gatelab never runs a model folder's code" in err, err
    assert not (tmp_path / "RAN").exists()
    assert not (tmp_path / "o.json").exists()
    with pytest.raises(InsideError, match="auto_map"):
        HfModel(folder, device="cpu")
    assert not (tmp_path / "RAN").exists()


def test_an_auto_map_beside_a_known_model_type_loads_the_builtin_code(
        llama: Path, tmp_path: Path) -> None:
    """Real checkpoints often carry an auto_map next to a type transformers knows: they load
    with transformers' own classes, and the folder's code stays unrun."""
    folder = _folder_with_code(llama, tmp_path, "config.json", auto_map={
        "AutoConfig": "evil.Config", "AutoModelForCausalLM": "evil.Model"})
    model = HfModel(folder, device="cpu")
    assert type(model.model).__name__ == "LlamaForCausalLM"
    assert model.trace("hello there").tokens
    assert not (tmp_path / "RAN").exists()
