"""Hostile files given to the budget's config.json reader: FIFOs, devices, folders, deep nesting.

Regression for issue 8: a FIFO blocked ``load_hf_config`` forever and ``/dev/zero`` was read until
memory ran out (the size cap trusted ``st_size``, which is 0 for a device).
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

import pytest

from gatelab.core.budget import count_from_hf_config, load_hf_config
from gatelab.core.budget.jsonio import read_json_object
from tests.blocking import raised_within


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_config_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    exc = raised_within(lambda: load_hf_config(fifo))
    assert isinstance(exc, ValueError)
    assert str(exc).startswith("cannot read") and "not a regular file" in str(exc)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_without_reading(tmp_path: Path) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    exc = raised_within(lambda: count_from_hf_config("/dev/zero"))
    assert isinstance(exc, ValueError) and "not a regular file" in str(exc)
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert grown_kb < 100_000


def test_folder_nesting_and_cap(tmp_path: Path) -> None:
    folder = tmp_path / "config.json"
    folder.mkdir()
    with pytest.raises(ValueError, match="folder"):
        load_hf_config(folder)
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000)
    with pytest.raises(ValueError, match="nested too deeply|not valid JSON"):
        load_hf_config(deep)
    big = tmp_path / "big.json"
    big.write_bytes(b'{"a": "' + b"x" * 2000 + b'"}')
    with pytest.raises(ValueError, match="cannot read big.json: larger than the 1.0 KB limit"):
        read_json_object(big, 1000)
    assert read_json_object(big, 10_000)["a"] == "x" * 2000


def test_a_number_with_too_many_digits_names_the_file(tmp_path: Path) -> None:
    """Once: "… use sys.set_int_max_str_digits() to increase the limit" (a hint to the user)."""
    path = tmp_path / "config.json"
    path.write_text('{"hidden_size": ' + "9" * 5000 + "}")
    with pytest.raises(ValueError, match="a number in config.json has too many digits") as info:
        read_json_object(path, 1 << 20)
    assert "sys.set_int_max_str_digits" not in str(info.value)
    with pytest.raises(ValueError) as info:
        load_hf_config(path)
    assert "too many digits" in str(info.value) and "set_int_max" not in str(info.value)
