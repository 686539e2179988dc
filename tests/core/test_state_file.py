"""The .gatelab state envelope: round trip, and every hostile or foreign input refused by name."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from gatelab.core.fileio import FileReadError
from gatelab.core.state_file import (
    MAX_STATE_BYTES,
    StateDoc,
    StateError,
    dump_state,
    parse_state,
    read_state_file,
    write_state_file,
)

DOC = StateDoc("gate-plane", {"gate-plane": {"g": 1.5, "u": -2.0, "variant": "swiglu"},
                              "inside": {"layer": 2, "neuron": 17, "text": "Paris → 東京"}})


def test_round_trip_file_and_one_line(tmp_path: Path) -> None:
    path = write_state_file(tmp_path / "s.gatelab", DOC)
    assert read_state_file(path) == DOC
    line = dump_state(DOC, compact=True)
    assert "\n" not in line and parse_state(line) == DOC
    assert json.loads(line)["format"] == "gatelab-state"
    assert not [p for p in tmp_path.iterdir() if p.name != "s.gatelab"]  # no temp file left


@pytest.mark.parametrize("text, words", [
    ('{"format": "something-else", "version": 1}', "format"),
    ("[1, 2, 3]", "format"),
    ("not json at all", "not valid JSON"),
    ('{"format": "gatelab-state", "version": 99, "tabs": {}}', "newer gatelab"),
    ('{"format": "gatelab-state", "version": "1", "tabs": {}}', "version"),
    ('{"format": "gatelab-state", "version": ' + "9" * 400 + ', "tabs": {}}',
     r'^not a gatelab state: "version" must be a whole number from 1 to 1,000$'),
    ('{"format": "gatelab-state", "version": 1, "tabs": {"budget": [1]}}', "tabs"),
    ('{"format": "gatelab-state", "version": 1, "tabs": {"budget": {"d": NaN}}}', "finite"),
    ('{"format": "gatelab-state", "version": 1, "tabs": {"budget": {"d": 1e999}}}', "finite"),
    ('{"format": "gatelab-state", "version": 1, "tabs": {"b": {"d": ' + "9" * 5000 + "}}}",
     "not valid JSON"),
    ('{"format": "gatelab-state", "version": 1, "current_tab": 3, "tabs": {}}', "current_tab"),
])
def test_bad_documents_are_named(text: str, words: str) -> None:
    with pytest.raises(StateError, match=words):
        parse_state(text)


def test_deep_nesting_and_size_are_capped() -> None:
    with pytest.raises(StateError, match="nested too deeply"):
        parse_state("[" * 100_000 + "]" * 100_000)
    nested = '{"format": "gatelab-state", "version": 1, "tabs": {"a": ' + '{"x": ' * 20 + "1" + "}" * 20 + "}}"
    with pytest.raises(StateError, match="nested too deeply"):
        parse_state(nested)
    with pytest.raises(StateError, match="at most"):
        parse_state(" " * (MAX_STATE_BYTES + 1))


def test_hostile_files_are_refused_without_blocking(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match="folder"):
        read_state_file(tmp_path)
    fifo = tmp_path / "pipe.gatelab"
    os.mkfifo(fifo)
    result: list[BaseException] = []
    reader = threading.Thread(target=lambda: _capture(result, fifo), daemon=True)
    reader.start()
    reader.join(5)
    assert not reader.is_alive(), "reading a FIFO blocked"
    assert isinstance(result[0], FileReadError)
    with pytest.raises(FileReadError):
        read_state_file("/dev/zero")
    with pytest.raises(FileReadError):
        write_state_file(fifo, DOC)  # writing to a FIFO would block until a reader came
    big = tmp_path / "big.gatelab"
    big.write_bytes(b" " * (MAX_STATE_BYTES + 10))
    with pytest.raises(FileReadError):
        read_state_file(big)


def _capture(out: list[BaseException], path: Path) -> None:
    try:
        read_state_file(path)
    except BaseException as exc:  # noqa: BLE001 (the test inspects it)
        out.append(exc)


def test_a_byte_order_mark_is_not_an_error(tmp_path: Path) -> None:
    """A UTF-8 file with a BOM (some Windows editors write one) was "not valid JSON (line 1,
    column 1)", while the budget's config reader accepted it."""
    path = tmp_path / "bom.gatelab"
    path.write_bytes(b"\xef\xbb\xbf" + dump_state(DOC).encode("utf-8"))
    assert read_state_file(path) == DOC
    assert parse_state("\ufeff" + dump_state(DOC, compact=True)) == DOC
    with pytest.raises(StateError, match="empty"):
        parse_state("\ufeff  ")
