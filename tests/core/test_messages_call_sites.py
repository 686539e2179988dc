"""Core's keyed errors and notes at their real call sites: bad files, run folders, configs,
corpora, Inside, budget, experiments, curves, state files and run rows each raise (or write) a
catalogue key with the English unchanged.

Why apart from test_messages.py: that file checks the catalogue itself (templates, fields, every
call site's values statically, the zh_CN file); this one provokes each error for real.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from gatelab.core.messages import MESSAGES, Msg

# -- real call sites with bad input: key, English unchanged ------------------------------------
def check(exc: BaseException, key: str, english: str | None = None) -> None:
    msg = exc.msg  # type: ignore[attr-defined]
    assert isinstance(msg, Msg) and msg.key == key and key in MESSAGES
    assert not str(exc).startswith(key), f"template not filled: {exc}"
    if english is not None:
        assert str(exc) == english


def test_file_errors(tmp_path: Path) -> None:
    from gatelab.core.fileio import FileReadError, open_regular, read_bytes_capped, read_text_capped

    with pytest.raises(FileReadError) as e:
        open_regular(tmp_path / "nope")
    check(e.value, "file.missing", f"{tmp_path / 'nope'}: no such file")
    with pytest.raises(FileReadError) as e:
        read_bytes_capped(tmp_path, 10)
    check(e.value, "file.is_folder", f"{tmp_path}: is a folder, not a file")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError) as e:
        open_regular(fifo)
    check(e.value, "file.not_regular_kind",
          f"{fifo}: is not a regular file (a pipe, device or socket)")
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 3000)
    with pytest.raises(FileReadError) as e:
        read_bytes_capped(big, 1000)
    check(e.value, "file.too_large", f"{big}: larger than the 1.0 KB limit")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\xff")
    with pytest.raises(FileReadError) as e:
        read_text_capped(bad, 100)
    check(e.value, "file.not_utf8", f"{bad}: not UTF-8 text (byte 2)")


def test_run_folder_errors(tmp_path: Path) -> None:
    from gatelab.core.runs import RunError, load_run, read_json_strict

    (tmp_path / "a.json").write_text("{nope", encoding="utf-8")
    with pytest.raises(RunError) as e:
        read_json_strict(tmp_path / "a.json")
    check(e.value, "json.invalid")
    assert str(e.value).startswith(f"{tmp_path / 'a.json'}: not valid JSON (")
    (tmp_path / "b.json").write_text("[1]", encoding="utf-8")
    with pytest.raises(RunError) as e:
        read_json_strict(tmp_path / "b.json")
    check(e.value, "json.not_object", f"{tmp_path / 'b.json'}: expected a JSON object, found a list (1 items)")
    with pytest.raises(RunError) as e:
        read_json_strict(tmp_path / "c.json")  # missing: the folder, then the file's reason
    check(e.value, "run.in_folder", f"{tmp_path}: {tmp_path / 'c.json'}: no such file")
    assert e.value.msg.values["reason"].key == "file.missing"
    with pytest.raises(RunError) as e:
        load_run(tmp_path / "none")
    check(e.value, "run.not_found", f"run folder not found: {tmp_path / 'none'}")


def test_config_validate_errors() -> None:
    from gatelab.core.trainconfig import FFN_VARIANTS, TrainConfig

    cases = [
        (dict(n_layer=0), "value.whole_min1", "n_layer must be a whole number ≥ 1, got 0"),
        (dict(variant="tanh"), "train.variant",
         f"unknown FFN variant 'tanh'; valid: {', '.join(FFN_VARIANTS)}"),
        (dict(dropout=1.5), "train.dropout", "dropout must lie in [0, 1), got 1.5"),
        (dict(n_embd=100, n_head=3), "train.width_heads", "width 100 must be divisible by heads 3"),
        (dict(lr=math.inf), "value.finite", "lr must be a finite number, got inf"),
        (dict(weight_decay=-1.0), "value.ge0", "weight_decay must be ≥ 0, got -1.0"),
        (dict(seed=-1), "value.whole_range", "seed must be a whole number from 0 to 4,294,967,295, got -1"),
        (dict(intermediate=10**9), "train.intermediate", None),
        (dict(device="tpu"), "value.one_of", None),
    ]
    for changes, key, english in cases:
        with pytest.raises(ValueError) as e:
            TrainConfig(**changes).validate()  # type: ignore[arg-type]
        check(e.value, key, english)


def test_corpus_memory_and_device_errors(tmp_path: Path) -> None:
    from gatelab.core.data import CorpusError, check_length, load_corpus
    from gatelab.core.devices import DeviceUnavailable, resolve_device
    from gatelab.core.memory import MemoryEstimateError, check_fits

    with pytest.raises(CorpusError) as e:
        load_corpus(str(tmp_path / "missing.txt"))
    check(e.value, "corpus.not_found", f"corpus file not found: {tmp_path / 'missing.txt'}")
    with pytest.raises(CorpusError) as e:
        load_corpus(str(tmp_path))
    check(e.value, "corpus.is_folder")
    with pytest.raises(CorpusError) as e:
        check_length(10, 64)
    check(e.value, "corpus.too_short", "corpus is too short: 10 characters, but block size 64 needs "
          "at least 130 (one block + 1 for training and one for validation)")
    with pytest.raises(MemoryEstimateError) as e:
        check_fits(10**18, "cpu", Msg("memory.training"), "x", Msg("memory.training_hint"))
    check(e.value, "memory.hint")
    assert str(e.value).startswith("training this model needs ≈ 1,000,000.0 TB, ")
    assert str(e.value).endswith(" RAM available (x); lower the batch size, block size, width, "
                                 "layers or intermediate size")
    with pytest.raises(DeviceUnavailable) as e:
        resolve_device("tpu")
    check(e.value, "device.unknown", "unknown device 'tpu'; use auto, cpu, cuda or mps")


def test_inside_errors(tmp_path: Path) -> None:
    from gatelab.core.inside.errors import InsideError
    from gatelab.core.inside.hf_check import check_hf_folder

    with pytest.raises(InsideError) as e:
        check_hf_folder(tmp_path / "nope")
    check(e.value, "inside.not_folder", f"{tmp_path / 'nope'}: not a folder")
    with pytest.raises(InsideError) as e:
        check_hf_folder(tmp_path)
    check(e.value, "inside.no_config", f"{tmp_path}: not a model folder (no config.json)")
    (tmp_path / "config.json").write_text("{", encoding="utf-8")
    with pytest.raises(InsideError) as e:
        check_hf_folder(tmp_path)
    check(e.value, "inside.config_unreadable")
    assert e.value.msg.values["reason"].key == "json.invalid_what"


def test_budget_errors_and_notes(tmp_path: Path) -> None:
    from gatelab.core import budget as B
    from gatelab.core.budget.jsonio import parse_json_object
    from gatelab.core.budget.safetensors import read_safetensors_header

    with pytest.raises(ValueError) as e:
        B.ModelSpec(hidden=64, intermediate=128, n_layer=2, n_head=4, n_kv_head=3,
                    vocab=100).validate()
    check(e.value, "budget.kv_heads", "heads (4) must be a multiple of KV heads (3)")
    with pytest.raises(ValueError) as e:
        B.count_from_hf_config({"model_type": "llama", "hidden_size": 64.5})
    check(e.value, "hf.whole", "config key 'hidden_size' must be a whole number, got 64.5")
    with pytest.raises(ValueError) as e:
        parse_json_object(b'{"a": 1, "a": 2}', "config.json", unique_keys=True)
    check(e.value, "json.ambiguous", "config.json is ambiguous: the key 'a' appears twice")
    short = tmp_path / "m.safetensors"
    short.write_bytes(b"abc")
    with pytest.raises(ValueError) as e:
        read_safetensors_header(short)
    check(e.value, "st.too_short", "m.safetensors: too short to be a safetensors file (3 bytes)")

    base = {"hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
            "num_attention_heads": 4, "vocab_size": 100}
    count = B.count_from_hf_config({"model_type": "brandnew", **base})
    assert [n.key for n in count.notes] == ["note.unknown_family"]
    assert count.notes[0] == ("Unknown model_type 'brandnew': counted as a Llama-style decoder "
                              "(not verified).")
    wrapped = B.count_from_hf_config({"model_type": "llava", "vision_config": {},
                                      "text_config": {"model_type": "llama", **base}})
    assert wrapped.notes[0].key == "note.towers_vision"
    assert wrapped.notes[0] == ("Counted the language model of text_config; not counted: the "
                                "vision tower, the multimodal projector.")


def test_experiment_verdicts_are_keyed_and_saved_with_their_key() -> None:
    from gatelab.core.experiment import ExperimentResult, saved_verdict, summarise
    from gatelab.core.sink_experiment import SinkResult, summarise_metric

    keys = [summarise(f)[2].key for f in ({"a": [1.0]}, {"a": [1.0], "b": [2.0]},
                                          {"a": [1.0, 1.1], "b": [2.0, 2.1]},
                                          {"a": [1.0, 1.2], "b": [1.05, 1.25]})]
    assert keys == ["verdict.need_two", "verdict.one_seed", "verdict.better", "verdict.within"]
    _, _, verdict, _, _ = summarise({"a": [1.0], "b": [2.0]})
    assert verdict == "a lower by 1.0000, but one seed gives no noise floor"
    res = ExperimentResult([], [1, 2], 0.1, 0.05, summarise({"a": [1.0, 1.1], "b": [2.0, 2.1]})[2],
                           "a", 2.0, {})
    data = json.loads(json.dumps(res.to_dict()))
    assert data["verdict"] == res.verdict and data["verdict_msg"]["key"] == "verdict.better"
    again = saved_verdict(data)
    assert isinstance(again, Msg) and again == res.verdict
    assert saved_verdict({"verdict": "old text"}) == "old text"  # files from before keep working
    assert saved_verdict({"verdict": "x", "verdict_msg": {"key": "evil"}}) == "x"

    m = summarise_metric("sink_share", {"gate off": [0.8, 0.82], "gate on": [0.1, 0.12]})
    assert m.verdict.key == "sink.lower" and m.verdict.values["arm"].key == "sink.arm_on"
    assert m.verdict.startswith("gate on lower by 0.7, ")
    assert summarise_metric("val_loss", {}).verdict.key == "sink.need_runs"
    out = SinkResult([m]).to_dict()
    assert out["metrics"][0]["verdict"] == m.verdict
    assert Msg.from_json(out["metrics"][0]["verdict_msg"]) == m.verdict


def test_curves_and_gate_plane_errors() -> None:
    from gatelab.core import curves, plane

    with pytest.raises(ValueError) as e:
        curves.validate_range(1.0, 0.0)
    check(e.value, "range.order", "z range: minimum 1.0 must be below maximum 0.0")
    with pytest.raises(ValueError) as e:
        plane.load_gate_pairs("/definitely/not/here")
    check(e.value, "plane.no_stats")


def test_state_file_errors() -> None:
    from gatelab.core.state_file import StateError, parse_state

    cases = [("[1]", "state.format", 'not a gatelab state: the "format" is not "gatelab-state"'),
             ('{"format": "gatelab-state", "version": 99}', "state.newer",
              "this state was saved by a newer gatelab (format 99); this one reads format 1"),
             ("{", "state.json_at", "not a gatelab state: not valid JSON (line 1, column 2)"),
             (" \n", "state.empty", "not a gatelab state: the file is empty"),
             ('{"v": ' + "9" * 5000 + "}", "state.invalid_json", None),
             ("[" * 100_000, "state.too_deep", None)]
    for text_, key, english in cases:
        with pytest.raises(StateError) as e:
            parse_state(text_)
        check(e.value, key, english)


def test_broken_run_rows_say_why_with_keyed_parts(tmp_path: Path) -> None:
    from gatelab.core.runs import run_info

    run = tmp_path / "run-1"
    run.mkdir()
    (run / "config.json").write_text("{}", encoding="utf-8")
    (run / "run.json").write_text('{"status": 3, "steps": "many"}', encoding="utf-8")
    info = run_info(run)
    assert info.status == "broken"
    assert info.error == "run.json: status is not text; steps is not a number"
    assert info.error.key == "path_reason" and info.error.values["reason"].key == "list.semicolon"
    (run / "run.json").write_text("{}", encoding="utf-8")
    assert run_info(run).error.key == "summary.empty"
    (run / "config.json").write_text("[", encoding="utf-8")
    assert run_info(run).error.key == "json.invalid"


def test_a_small_models_parts_are_not_zero_megabytes() -> None:
    """Probe s19 P4: "(0 MB weights, 0 MB gradients, 0 MB AdamW state, 473.4 GB activations…)"."""
    from gatelab.core.memory import MemoryEstimate

    parts = str(MemoryEstimate(params=59_100, grads=59_100, optimizer=118_200,
                               activations=473_400_000_000, logits=226_100_000_000,
                               n_params=14_775).describe())
    assert parts == ("59.1 KB weights, 59.1 KB gradients, 118.2 KB AdamW state, 473.4 GB "
                     "activations, 226.1 GB logits")
