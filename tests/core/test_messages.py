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
                             ("message_catalog_inside.py", "INSIDE_MESSAGES"),
                             ("message_catalog_continue.py", "CONTINUE_MESSAGES")):
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
    for path in [*sorted(CORE.rglob("*.py")), CORE.parent / "paths.py"]:  # (paths: core's too)
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
