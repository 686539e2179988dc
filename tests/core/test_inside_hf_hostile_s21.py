"""Hostile model folders whose one-line refusal was a library's internals (probe s21):

- tokenizer.json holding [1, 2, 3]: "'str' object cannot be interpreted as an integer";
- tokenizer.json naming a model type the tokenizers library lacks: "data did not match any
  variant of untagged enum ModelUntagged at line 1 column 5607";
- config.json's "text_config": "x": "'str' object has no attribute 'to_dict'" (the budget reader
  says "config key 'text_config' must be an object");
- config.json (or a tokenizer file) starting with a UTF-8 byte-order mark: transformers' "is not
  a valid JSON file" / "Unexpected UTF-8 BOM (decode using utf-8-sig)".

Each must now say in its first clause what is wrong with which file. Folders are a tiny random
Llama saved here, then damaged; nothing is downloaded.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.core.messages import Msg  # noqa: E402
from tests.core.inside_helpers import copy_with_config, save_hf_model  # noqa: E402

BOM = b"\xef\xbb\xbf"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("hostile_s21") / "llama", "llama")


def _copy(base: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(base, tmp_path / "m"))


def _refused(folder: Path) -> Msg:
    with pytest.raises(InsideError) as info:
        HfModel(folder, device="cpu")
    return info.value.msg


def test_a_tokenizer_json_that_is_not_an_object(base: Path, tmp_path: Path) -> None:
    folder = _copy(base, tmp_path)
    (folder / "tokenizer.json").write_text("[1,2,3]", encoding="utf-8")
    msg = _refused(folder)
    assert msg.key == "inside.tokenizer_not_object"
    assert str(msg).endswith(": the tokenizer cannot be loaded: tokenizer.json must hold a JSON "
                             "object, got a list (3 items)")
    assert "'str' object" not in msg


def test_a_tokenizer_model_type_the_library_lacks(base: Path, tmp_path: Path) -> None:
    folder = _copy(base, tmp_path)
    data = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
    data["model"]["type"] = "Banana"
    (folder / "tokenizer.json").write_text(json.dumps(data), encoding="utf-8")
    msg = _refused(folder)
    assert msg.key == "inside.tokenizer_model_type"
    assert ("the tokenizer cannot be loaded: tokenizer.json's model type is 'Banana', which the "
            "tokenizers library does not know (it knows BPE, Unigram, WordLevel, WordPiece)") in msg
    assert "untagged enum" not in msg


def test_a_tokenizer_json_the_library_cannot_read_says_so_first(base: Path,
                                                                tmp_path: Path) -> None:
    folder = _copy(base, tmp_path)
    data = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
    data["model"]["vocab"] = ["not", "a", "mapping"]  # a known type, a broken body
    (folder / "tokenizer.json").write_text(json.dumps(data), encoding="utf-8")
    msg = _refused(folder)
    assert msg.key == "inside.tokenizer_library"
    assert ("the tokenizer cannot be loaded: tokenizer.json is not a tokenizer the tokenizers "
            "library can read (") in msg


def test_a_tokenizer_json_without_a_model(base: Path, tmp_path: Path) -> None:
    folder = _copy(base, tmp_path)
    (folder / "tokenizer.json").write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    msg = _refused(folder)
    assert msg.key == "inside.tokenizer_no_model"
    assert "expected `,`" not in msg  # the library's words for valid JSON


def test_a_text_config_that_is_no_object_is_refused_as_the_budget_refuses_it(
        base: Path, tmp_path: Path) -> None:
    folder = copy_with_config(base, tmp_path / "m", text_config="x")
    msg = _refused(folder)
    assert msg.key == "inside.config_invalid"
    assert str(msg).endswith("config.json is not a valid model configuration: config key "
                             "'text_config' must be an object")
    assert "to_dict" not in msg


@pytest.mark.parametrize("name", ["config.json", "tokenizer.json", "tokenizer_config.json"])
def test_a_byte_order_mark_is_named(base: Path, tmp_path: Path, name: str) -> None:
    folder = _copy(base, tmp_path)
    path = folder / name
    path.write_bytes(BOM + path.read_bytes())
    msg = _refused(folder)
    assert msg.key == "inside.json_bom" and msg.values["name"] == name
    assert str(msg).endswith(f": {name} starts with a UTF-8 byte-order mark (BOM), which "
                             f"transformers cannot read; save it as UTF-8 without one")
