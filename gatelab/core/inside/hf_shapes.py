"""Weight files against config.json, tensor by tensor: refused before loading where the shapes
disagree (a skeleton of the model on the meta device), and after loading where tensors are
missing. Either way every view would otherwise describe random numbers, or the load would
allocate what config.json claims instead of what the files hold. Tensors the model does not
use are noted, not refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.hf_check import weight_shapes
from gatelab.core.messages import Msg


def refuse_config_shapes(p: Path, config: Any) -> None:
    """InsideError naming the weight files' tensors that config.json gives other shapes, found
    on a skeleton of the model on the meta device (no memory) before loading. Why: transformers
    builds what config.json describes before it compares the files (``ignore_mismatched_sizes``),
    so a config.json saying head_dim 3,000,000 beside a 91 KB checkpoint took 9.4 GB and 28 s to
    be refused, or failed in torch's allocator (probe s16). Names the model and the files do not
    share (a family whose files transformers renames on loading) are left to ``refuse_missing``."""
    from transformers import AutoModelForCausalLM

    files = weight_shapes(p)
    try:
        with torch.device("meta"):
            skeleton = AutoModelForCausalLM.from_config(config, trust_remote_code=False)
    except Exception:  # noqa: BLE001 (the real load says why, with its own message)
        return
    wrong = sorted((name, files[name], tuple(t.shape)) for name, t in skeleton.state_dict().items()
                   if name in files and tuple(files[name]) != tuple(t.shape))
    _refuse_mismatched(p, wrong)


def _refuse_mismatched(p: Path, wrong: list[tuple[str, Any, Any]]) -> None:
    """InsideError naming the count and two of (name, shape in the file, shape by config)."""
    if wrong:
        names = "; ".join("{0} is {1} in the file, {2} by config.json".format(
            k, "×".join(map(str, a)), "×".join(map(str, b))) for k, a, b in wrong[:2])
        raise InsideError(Msg("inside.shapes_mismatch", {"path": p, "n": len(wrong),
                                                         "names": names}))


def refuse_missing(p: Path, loading: dict[str, Any]) -> None:
    """InsideError when the weight files lacked some of the model's tensors, or held them in
    other shapes than config.json says: transformers fills those with random numbers, and every
    view would then describe noise as if it were trained."""
    missing = sorted(str(k) for k in loading.get("missing_keys", ()) or ())
    if missing:
        raise InsideError(Msg("inside.weights_missing", {"path": p, "n": len(missing),
                                                         "names": ", ".join(missing[:3])}))
    _refuse_mismatched(p, sorted(loading.get("mismatched_keys", ()) or (),
                                 key=lambda t: str(t[0])))


def unused_notes(p: Path, loading: dict[str, Any]) -> list[Msg]:
    """A note when the weight files held tensors the model built from config.json does not use
    (a config.json with fewer layers than the files): transformers drops them without a word,
    and every view would describe a smaller model than the files hold as if it were the same."""
    unused = sorted(str(k) for k in loading.get("unexpected_keys", ()) or ())
    if not unused:
        return []
    return [Msg("inside.weights_unused", {"path": p, "n": len(unused),
                                          "names": ", ".join(unused[:3])})]


__all__ = ["refuse_config_shapes", "refuse_missing", "unused_notes"]
