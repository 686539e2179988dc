"""A wrong JSON value is named as the user wrote it ("the text "abc""), never by Python's type
name ("got str", which the Chinese UI showed as 实际为 str)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.core.budget.hfconfig import count_from_hf_config
from gatelab.core.reasons import KIND_TEXT_CHARS, json_kind
from gatelab.core.runs_read import read_json_strict


@pytest.mark.parametrize(("value", "key", "english"), [
    ("abc", "kind.text", 'the text "abc"'),
    (True, "kind.bool", "the value true"),
    (1.5, "kind.number", "the number 1.5"),
    (None, "kind.null", "null (no value)"),
    ([1, 2, 3], "kind.list", "a list (3 items)"),
    ({"a": 1}, "kind.object", "an object {…}"),
])
def test_each_json_kind_reads_as_the_user_wrote_it(value: object, key: str, english: str) -> None:
    msg = json_kind(value)
    assert (msg.key, str(msg)) == (key, english)


def test_long_text_is_cut() -> None:
    msg = json_kind("x" * 500)
    assert str(msg) == 'the text "' + "x" * KIND_TEXT_CHARS + '…"'


def _config(tmp_path: Path, **changes: object) -> Path:
    cfg = {"model_type": "llama", "hidden_size": 64, "intermediate_size": 172,
           "num_hidden_layers": 2, "num_attention_heads": 4, "vocab_size": 100}
    cfg.update(changes)
    path = tmp_path / "config.json"
    path.write_text(json.dumps(cfg))
    return path


def test_a_config_key_holding_text_names_the_text(tmp_path: Path) -> None:
    with pytest.raises(ValueError) as info:
        count_from_hf_config(_config(tmp_path, hidden_size="abc"))
    assert str(info.value) == """config key 'hidden_size' must be a whole number, got the text "abc\""""
    assert "str" not in str(info.value).split()


def test_a_config_key_holding_a_list_says_list(tmp_path: Path) -> None:
    with pytest.raises(ValueError) as info:
        count_from_hf_config(_config(tmp_path, num_hidden_layers=[2]))
    assert str(info.value).endswith("must be a whole number, got a list (1 items)")


def test_run_json_holding_a_list_says_list(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text("[1, 2]")
    with pytest.raises(ValueError) as info:
        read_json_strict(path)
    assert "a list (2 items)" in str(info.value) and "list" in str(info.value)
    assert " got list" not in str(info.value)
