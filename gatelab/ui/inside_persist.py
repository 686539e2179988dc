"""The inside tab's state as plain JSON (File → Save state, Copy state) and its QSettings.

Why a module of its own: the state is checked as a whole before any of it is applied, so a bad
or foreign file changes nothing, and that checking is long. The picked layer, neuron, token and
span belong to a trace; when none that they fit is on show (a fresh window, another model) they
wait, and are picked as soon as the text is traced (``InsidePanel`` calls ``take_pending``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSettings

from gatelab.ui.export_dialog import export_folder, restore_export_folder
from gatelab.ui.inside_jobs import SOURCE_KINDS
from gatelab.ui.inside_source import DEVICES, DTYPES, TEXT_BOX_CHARS
from gatelab.ui.widgets import settings_choice, settings_float, settings_int

if TYPE_CHECKING:
    from gatelab.ui.inside_panel import InsidePanel

VIEWS = ("explorer", "gates", "mlp", "sink", "history")  # the views' tabs, in order
MAX_TEXT = TEXT_BOX_CHARS  # characters: what the text box holds
MAX_PATH = 4096
LIMITS = {"layer": 10_000, "neuron": 10_000_000, "token": 1_000_000}  # exclusive upper bounds
EPS_RANGE = (0.001, 10.0)  # the ε box's range
SELECTION = ("layer", "neuron", "token", "span")


translate = QCoreApplication.translate  # lupdate reads translate("context", "text") calls


def _int(state: Mapping[str, Any], key: str, top: int) -> int:
    value = state[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < top:
        raise ValueError(translate("InsidePanel", "“{0}” must be a whole number from 0 to "
                                                  "{1}, not {2}.").format(key, top - 1,
                                                                          _short(value)))
    return value


def _text(state: Mapping[str, Any], key: str, limit: int) -> str:
    value = state[key]
    if not isinstance(value, str) or len(value) > limit or "\x00" in value:
        raise ValueError(translate("InsidePanel", "“{0}” must be a text of at most {1} "
                                                  "characters.").format(key, limit))
    return value


def _choice(state: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = state[key]
    if value not in choices or not isinstance(value, str):
        raise ValueError(translate("InsidePanel", "“{0}” must be one of {1}, not {2}.")
                         .format(key, ", ".join(choices), _short(value)))
    return value


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def check_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The keys of ``state`` this tab knows, checked and normalised; ValueError (one translated
    line) on the first bad one. Unknown keys are ignored, missing ones are left out."""
    if not isinstance(state, Mapping):
        raise ValueError(translate("InsidePanel", "The inside tab's state must be a JSON "
                                                  "object."))
    out: dict[str, Any] = {}
    if "source" in state:
        out["source"] = _choice(state, "source", SOURCE_KINDS)
    for key in ("run_path", "hf_path", "topk_file"):
        if key in state:
            out[key] = _text(state, key, MAX_PATH)
    if "device" in state:
        out["device"] = _choice(state, "device", DEVICES)
    if "dtype" in state:
        out["dtype"] = _choice(state, "dtype", DTYPES)
    if "text" in state:
        out["text"] = _text(state, "text", MAX_TEXT)
    for key, top in LIMITS.items():
        if key in state:
            out[key] = _int(state, key, top)
    if "span" in state:
        span = state["span"]
        if (not isinstance(span, (list, tuple)) or len(span) != 2
                or any(isinstance(x, bool) or not isinstance(x, int) for x in span)
                or not 0 <= span[0] <= span[1] <= LIMITS["token"]):
            raise ValueError(translate("InsidePanel", "“span” must be [start, stop] with 0 ≤ "
                                                      "start ≤ stop, not {0}.")
                             .format(_short(span)))
        out["span"] = [int(span[0]), int(span[1])]
    if "eps" in state:
        eps = state["eps"]
        if eps is not None and (isinstance(eps, bool) or not isinstance(eps, (int, float))
                                or not math.isfinite(eps)
                                or not EPS_RANGE[0] <= eps <= EPS_RANGE[1]):
            raise ValueError(translate("InsidePanel", "“eps” must be null or a number from "
                                                      "{0} to {1}, not {2}.")
                             .format(EPS_RANGE[0], EPS_RANGE[1], _short(eps)))
        out["eps"] = None if eps is None else float(eps)
    if "view" in state:
        out["view"] = _choice(state, "view", VIEWS)
    return out


def panel_state(panel: InsidePanel) -> dict[str, Any]:
    """Everything a learner set in the tab, as plain JSON."""
    sel, source = panel.sel, panel.source
    picked = {"layer": sel.layer, "neuron": sel.neuron, "token": sel.token,
              "span": [sel.span[0], sel.span[1]]}
    picked.update(panel.pending or {})  # not yet traced: what will be picked
    return {"source": source.kind_key(), "run_path": source.run_path(),
            "hf_path": source.hf_path.text(), "device": source.device_key(),
            "dtype": source.dtype.currentText(), "text": source.text.text(),
            "topk_file": panel.topk.text_file, **picked, "eps": sel.eps,
            "view": VIEWS[max(panel.views.currentIndex(), 0)]}


def fits(panel: InsidePanel, picked: Mapping[str, Any]) -> bool:
    """Whether a picked layer/neuron/token/span fits the trace on show."""
    sel = panel.sel
    if not sel.has_trace():
        return False
    layer = picked.get("layer", sel.layer)
    if layer >= sel.n_layers():
        return False
    span = picked.get("span", [0, 0])
    return (picked.get("neuron", 0) < sel.intermediate(layer)
            and picked.get("token", 0) < sel.n_tokens() and span[1] <= sel.n_tokens())


def pick(panel: InsidePanel, picked: Mapping[str, Any]) -> None:
    """Pick a (fitting) layer, neuron, token and span in the shared selection."""
    sel = panel.sel
    if "layer" in picked:
        sel.set_layer(picked["layer"])
    if "neuron" in picked:
        sel.set_neuron(picked["neuron"])
    if "token" in picked:
        sel.set_token(picked["token"])
    if "span" in picked:
        sel.set_span(*picked["span"])


def apply_panel_state(panel: InsidePanel, state: Mapping[str, Any]
                      ) -> tuple[Callable[[], str], bool]:
    """Check all of ``state``, then apply it (raises before any change); returns the line to
    show (a function: it follows a language switch) and whether it is a warning (the state's
    source no longer exists)."""
    v = check_state(state)
    source = panel.source
    missing = ""
    for key, kind in (("run_path", "run"), ("hf_path", "hf")):
        path = v.get(key, "")
        if path and not Path(path).is_dir():
            v.pop(key)
            if v.get("source", source.kind_key()) == kind:
                missing = path
    if "source" in v:
        source.set_kind(v["source"])
    if v.get("run_path"):
        source.select_run(v["run_path"])
    if "hf_path" in v:
        source.hf_path.setText(v["hf_path"])
    if "device" in v:
        source.set_device(v["device"])
    if "dtype" in v:
        source.dtype.setCurrentText(v["dtype"])
    if "text" in v:
        source.set_text(v["text"])
    if "topk_file" in v:
        panel.topk.text_file = v["topk_file"]
        panel.topk.set_target(*panel.topk.target_args())
    if "eps" in v:
        panel.sel.set_eps(v["eps"])
    if "view" in v:
        panel.views.setCurrentIndex(VIEWS.index(v["view"]))
    picked = {k: v[k] for k in SELECTION if k in v}
    panel.pending = None
    if fits(panel, picked):
        pick(panel, picked)
    elif picked:
        panel.pending = picked
    if missing:
        return (lambda: translate("InsidePanel", "The source {0} no longer exists: the rest "
                                                 "of the state is restored; pick another "
                                                 "source and press Analyse.").format(missing)
                ), True
    if panel.pending:
        return (lambda: translate("InsidePanel", "State restored: press Analyse; layer L{0}, "
                                                 "neuron #{1} and token {2} are picked once "
                                                 "the text is traced.").format(
            picked.get("layer", 0), picked.get("neuron", 0), picked.get("token", 0))), False
    return (lambda: translate("InsidePanel", "State restored.")), False


def save_settings(panel: InsidePanel, settings: QSettings) -> None:
    source = panel.source
    settings.setValue("kind", source.kind_key())
    settings.setValue("run", source.run_path())
    settings.setValue("hf_path", source.hf_path.text())
    settings.setValue("device", source.device_key())
    settings.setValue("dtype", source.dtype.currentText())
    settings.setValue("text", source.text.text())
    settings.setValue("text_chosen", not source.default_text)  # typed or picked: never swapped
    settings.setValue("topk_file", panel.topk.text_file)
    settings.setValue("view", panel.views.currentIndex())
    settings.setValue("export_dir", export_folder())
    sel = panel.sel
    picked = {"layer": sel.layer, "neuron": sel.neuron}
    picked.update({k: v for k, v in (panel.pending or {}).items() if k in picked})  # untraced
    for key, value in picked.items():
        settings.setValue(key, int(value))
    settings.setValue("eps", "" if sel.eps is None else float(sel.eps))


def restore_settings(panel: InsidePanel, settings: QSettings) -> None:
    source = panel.source
    source.set_kind(settings_choice(settings, "kind", "run", SOURCE_KINDS))
    run = settings.value("run", "")
    if isinstance(run, str) and run:
        source.set_runs([], keep=run)
    for key, widget in (("hf_path", source.hf_path), ("text", source.text)):
        value = settings.value(key, "")
        if isinstance(value, str) and value and len(value) < MAX_TEXT:
            widget.setText(value)
    source.default_text = settings.value("text_chosen", False) not in (True, "true")
    source.set_device(settings_choice(settings, "device", "auto", DEVICES))
    source.dtype.setCurrentText(settings_choice(settings, "dtype", "float32", DTYPES))
    value = settings.value("topk_file", "")
    panel.topk.text_file = value if isinstance(value, str) else ""
    panel.views.setCurrentIndex(settings_int(settings, "view", 0, 0, panel.views.count() - 1))
    restore_export_folder(settings)  # unless this launch exported somewhere already
    _restore_picks(panel, settings)


def _restore_picks(panel: InsidePanel, settings: QSettings) -> None:
    """The last session's ε, layer and neuron. Why pending: no model is loaded at launch, so
    the layer and neuron are picked once a text is traced, clamped to that model's sizes."""
    eps = settings_float(settings, "eps", math.nan, *EPS_RANGE)
    panel.sel.set_eps(None if math.isnan(eps) else eps)
    picked = {key: settings_int(settings, key, 0, 0, LIMITS[key] - 1)
              for key in ("layer", "neuron") if settings.contains(key)}
    if not picked:
        return
    if fits(panel, picked):
        pick(panel, picked)
    else:
        panel.pending = {**(panel.pending or {}), **picked}
