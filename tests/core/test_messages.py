"""Core's keyed messages: the catalogue, every call site's values, and the errors that carry them.

What matters to the user: the English stays exactly as before (CLI output, saved JSON), and the
UI can translate every note, verdict and error because each one is a catalogue key with values
that fill its template. The static checks walk every ``Msg(...)``/``error(...)`` call in
gatelab/core and compare the values passed with the template's placeholders, so a typo in a key
or a field name fails here rather than as a garbled message in front of a user.
"""

from __future__ import annotations

import ast
import copy
import json
import math
import os
import pickle
import string
from pathlib import Path

import pytest

import gatelab.core as core_pkg
from gatelab.core import message_catalog
from gatelab.core.messages import MESSAGES, GatelabError, KeyedError, Msg, error, reason, text

CORE = Path(core_pkg.__file__).parent


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# -- the catalogue itself ----------------------------------------------------------------------
def test_every_template_is_marked_for_lupdate_with_context_core() -> None:
    pairs = []
    for name, table_name in (("message_catalog.py", "MESSAGES"),
                             ("message_catalog_budget.py", "BUDGET_MESSAGES"),
                             ("message_catalog_inside.py", "INSIDE_MESSAGES")):
        tree = ast.parse((CORE / name).read_text(encoding="utf-8"))
        table = next(n.value for n in ast.walk(tree) if isinstance(n, ast.AnnAssign)
                     and getattr(n.target, "id", "") == table_name)
        assert isinstance(table, ast.Dict)
        pairs += list(zip(table.keys, table.values))
    seen: set[str] = set()
    for k, v in pairs:
        key = k.value  # type: ignore[union-attr]
        assert key not in seen, f"{key} defined twice"
        seen.add(key)
        if key == "text":  # free text: shown as is, deliberately not marked
            continue
        assert isinstance(v, ast.Call) and getattr(v.func, "id", "") == "QT_TRANSLATE_NOOP", key
        context, literal = (ast.literal_eval(a) for a in v.args)
        assert context == "core" and literal == MESSAGES[key], key
    assert seen == set(MESSAGES) and len(MESSAGES) > 200
    assert message_catalog.QT_TRANSLATE_NOOP("core", "x") == "x"


def test_templates_use_named_fields_only_and_parse() -> None:
    for key, template in MESSAGES.items():
        names = fields(template)
        assert all(n and not n[0].isdigit() and n.isidentifier() for n in names), key
        assert template == template.strip() and "\n" not in template, key


def _calls(tree: ast.AST) -> list[tuple[str, ast.Call]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Msg", "error") \
                and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            out.append((node.func.id, node))  # type: ignore[attr-defined]
    return out


def test_every_call_site_passes_exactly_the_fields_of_its_template() -> None:
    used: set[str] = set()
    checked = 0
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not path.name.startswith("message_catalog"):  # keys chosen by a condition count too
            used |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                     and isinstance(n.value, str) and n.value in MESSAGES}
        for kind, call in _calls(tree):
            key = call.args[0].value  # type: ignore[attr-defined]
            where = f"{path.name}:{call.lineno} {key}"
            assert key in MESSAGES, f"unknown key at {where}"
            used.add(key)
            if kind == "error":
                if any(kw.arg is None for kw in call.keywords):
                    continue  # **values: checked at run time
                given = {kw.arg for kw in call.keywords}
            elif len(call.args) == 1:
                given = set()
            elif isinstance(call.args[1], ast.Dict) and all(
                    isinstance(k, ast.Constant) for k in call.args[1].keys):
                given = {k.value for k in call.args[1].keys}  # type: ignore[union-attr]
            else:
                continue  # a computed dict (dict(values, detail=…)): checked at run time
            assert given == fields(MESSAGES[key]), f"values {sorted(given)} at {where}"
            checked += 1
    assert checked > 200
    # every key is used by core (no dead, untranslatable-for-nothing entries)
    assert set(MESSAGES) - used - {"text"} == set()


# -- Msg -------------------------------------------------------------------------------------
def test_msg_is_its_english_and_carries_key_and_values() -> None:
    m = Msg("file.missing", {"path": Path("/x/y")})
    assert m == "/x/y: no such file" and str(m) == m.english == "/x/y: no such file"
    assert type(str(m)) is str and m.key == "file.missing" and m.values == {"path": Path("/x/y")}
    assert "no such" in m and m.startswith("/x/y") and json.dumps({"v": m}) == '{"v": "/x/y: no such file"}'
    with pytest.raises(AttributeError):
        m.key = "other"  # type: ignore[misc]
    assert repr(m) == "Msg('file.missing', {'path': PosixPath('/x/y')})"


def test_msg_survives_copy_deepcopy_and_pickle() -> None:
    m = Msg("metrics.line", {"line": 3, "why": Msg("metrics.bad_json")})
    for clone in (copy.copy(m), copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert isinstance(clone, Msg) and clone == m and clone.key == m.key
        assert clone.values["why"].key == "metrics.bad_json"


def test_unknown_key_or_missing_value_never_raises() -> None:
    assert Msg("no.such.key", {"a": 1}) == "no.such.key {'a': 1}"
    assert Msg("file.missing").startswith("file.missing")  # no path: shows key and values
    assert Msg("train.oom", {"device": "CPU", "step": 1, "batch": 2, "block": 3,
                             "params": "not a number"}).startswith("train.oom")


def test_json_round_trip_and_hostile_json() -> None:
    inner = Msg("sink.arm_on")
    m = Msg("sink.lower", {"arm": inner, "diff": 0.25, "ratio": 3.0})
    back = Msg.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m == "gate on lower by 0.25, 3.0× the noise" and back.values["arm"].key == "sink.arm_on"
    deep: dict = {"key": "metrics.line", "values": {"line": 1, "why": None}}
    node = deep
    for _ in range(10):
        node["values"]["why"] = {"key": "metrics.line", "values": {"line": 1, "why": None}}
        node = node["values"]["why"]
    for bad in (None, [], "x", {"key": "nope", "values": {}}, {"key": "sink.lower"},
                {"key": "sink.lower", "values": {"arm": "a", "diff": "NaN?", "ratio": 1.0}},
                {"key": "file.missing", "values": {"path": [1, 2]}},
                {"key": "file.missing", "values": {1: "x"}}, deep):
        assert Msg.from_json(bad) is None, bad


def test_text_and_reason_helpers() -> None:
    assert text("free words").key == "text" and text("free words") == "free words"
    exc = GatelabError(Msg("resume.vocab"))
    assert reason(exc) is exc.msg
    assert reason(OSError("disk\n  full")) == "disk full" and reason(KeyError()) == "KeyError"


def test_error_classes_carry_msg_and_keep_their_bases() -> None:
    from gatelab.core.data import CorpusError
    from gatelab.core.devices import DeviceUnavailable
    from gatelab.core.fileio import FileReadError
    from gatelab.core.inside.errors import InsideError
    from gatelab.core.memory import MemoryEstimateError
    from gatelab.core.runs import RunError, RunWriteError
    from gatelab.core.trainconfig import TrainingError

    for cls in (CorpusError, DeviceUnavailable, FileReadError, InsideError, MemoryEstimateError,
                RunError, RunWriteError):
        e = cls(Msg("resume.vocab"))
        assert isinstance(e, GatelabError) and isinstance(e, ValueError)
        assert str(e) == "cannot resume: the corpus vocabulary changed since the checkpoint"
        assert pickle.loads(pickle.dumps(e)).msg.key == "resume.vocab"
    w = RunWriteError(Msg("run.cannot_write", {"path": "/r/run.json", "reason": "disk full"}))
    assert isinstance(w, OSError) and str(w) == "cannot write /r/run.json: disk full"
    t = TrainingError(Msg("train.val_nan", {"loss": math.nan, "step": 7}))
    assert isinstance(t, RuntimeError) and isinstance(t, KeyedError)
    assert str(t) == "validation loss became nan at step 7"
    plain = GatelabError("plain words")  # a plain string still works, shown as is
    assert plain.msg.key == "text" and str(plain) == "plain words"
    assert str(error("value.gt0", name="lr", value=0)) == "lr must be > 0, got 0"


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
    check(e.value, "json.not_object", f"{tmp_path / 'b.json'}: expected a JSON object, found list")
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
    assert str(e.value).startswith("training this model needs ≈ 1,000,000,000.0 GB, ")
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
             ("{", "state.invalid_json", None), ("[" * 100_000, "state.too_deep", None)]
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


def test_the_shipped_zh_cn_translates_every_template_with_the_same_placeholders() -> None:
    # The .ts is the one place translations live: every core template must be finished there
    # (test_translation.py also fails on any unfinished entry) and keep its named fields.
    import xml.etree.ElementTree as ET

    ts = CORE.parents[1] / "resources/i18n/gatelab_zh_CN.ts"
    done = {}
    for context in ET.parse(ts).getroot().iter("context"):
        if context.findtext("name") != "core":
            continue
        for m in context.iter("message"):
            node = m.find("translation")
            if node is not None and node.get("type") is None and node.text:
                done[m.findtext("source")] = node.text

    def spec(t: str) -> list[tuple[str, str, str]]:
        return sorted((n, s or "", c or "") for _, n, s, c in string.Formatter().parse(t)
                      if n is not None)

    missing = [k for k, t in MESSAGES.items() if k != "text" and t not in done]
    assert missing == []
    for key, template in MESSAGES.items():
        if key != "text":
            assert spec(done[template]) == spec(template), key


def test_the_cpu_device_label_is_keyed() -> None:
    from gatelab.core.devices import DeviceInfo

    label = DeviceInfo("cpu", "CPU", threads=16).label
    assert label == "CPU (16 threads)" and label.key == "device.cpu_label"
    assert DeviceInfo("cuda", "NVIDIA H200", 0, 150 * 2**30).label == "cuda:0 NVIDIA H200 (150 GiB)"
