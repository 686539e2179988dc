"""One reader of experiment.json (session 11): the Experiment view reopens a saved experiment
through ``core.experiment.load_experiment``, as ``gatelab-experiment --continue`` does.

Why: the view had its own reader beside core's, with another cap (64 MB against 256 MB) and an
English-only "not a readable experiment (KeyError: 'intermediate')" that the Chinese UI could
not translate. Now every refusal is a keyed error naming the file once and saying why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.core import experiment
from gatelab.core.messages import GatelabError
from gatelab.ui.experiment_data import load_experiment_summary, read_experiment_json
from gatelab.ui.experiment_jobs import load_saved_experiment

VARIANT = {"variant": "swiglu", "intermediate": 64, "total_params": 1000, "final_val": [2.5],
           "mean": 2.5, "std": None}


def _folder(tmp_path: Path, data: object) -> Path:
    folder = tmp_path / "exp-20260101-000000-abcd"
    folder.mkdir()
    (folder / "experiment.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


def _refusal(folder: Path) -> GatelabError:
    with pytest.raises(GatelabError) as info:
        load_experiment_summary(folder)
    assert str(info.value).count(str(folder / "experiment.json")) == 1
    return info.value


def test_the_view_reads_through_cores_reader_and_its_cap(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _folder(tmp_path, {"variants": [VARIANT], "curves": {}, "padding": "x" * 200})
    assert [v.name for v in load_experiment_summary(folder).variants] == ["swiglu"]
    assert read_experiment_json(folder / "experiment.json")[0] == folder  # the file, or its folder
    monkeypatch.setattr(experiment, "EXPERIMENT_CAP", 100)  # the one cap, core's
    err = _refusal(folder)
    assert err.msg.key == "experiment.unreadable"
    assert err.msg.values["reason"].key == "file.reason_too_large"
    assert str(err) == f"cannot read {folder / 'experiment.json'}: larger than the 100 bytes limit"


def test_bad_json_is_cores_keyed_message(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {})
    (folder / "experiment.json").write_text("{,}", encoding="utf-8")
    err = _refusal(folder)
    assert err.msg.key == "experiment.unreadable" and err.msg.values["reason"].key == "json.reason_at"
    assert str(err) == f"cannot read {folder / 'experiment.json'}: line 1, column 2"
    with pytest.raises(GatelabError) as info:  # the job that reopens it says the same
        load_saved_experiment(folder)
    assert str(info.value) == str(err)


def test_a_missing_entry_is_named_in_a_keyed_message(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"variants": [VARIANT, {"variant": "gelu"}]})
    err = _refusal(folder)
    assert err.msg.key == "experiment.malformed"
    assert err.msg.values["reason"].key == "error.missing_entry"
    assert str(err) == (f"{folder / 'experiment.json'}: not a readable experiment (the entry "
                        "'variants[1].intermediate' is missing)")


@pytest.mark.parametrize("data, entry", [
    ({"variants": [dict(VARIANT, intermediate=1e999)]}, "variants[0]"),  # int(inf): OverflowError
    ({"variants": 3}, "variants"),
    ({"variants": [VARIANT], "curves": {"swiglu/0": [{"step": "x", "val_loss": 2.0}]}}, "curves"),
    ({"variants": [VARIANT], "difference": [1]}, "difference"),
])
def test_a_value_of_the_wrong_kind_is_named_in_a_keyed_message(tmp_path: Path, data: object,
                                                               entry: str) -> None:
    err = _refusal(_folder(tmp_path, data))
    assert err.msg.key == "experiment.malformed"
    assert err.msg.values["reason"].key == "experiment.reason_wrong_kind"
    assert err.msg.values["reason"].values == {"key": repr(entry)}


def test_a_file_that_is_no_json_object_says_what_it_found(tmp_path: Path) -> None:
    folder = _folder(tmp_path, [1, 2])
    err = _refusal(folder)
    assert err.msg.key == "json.not_object"
    assert str(err) == (f"{folder / 'experiment.json'}: expected a JSON object, found a list "
                        "(2 items)")
