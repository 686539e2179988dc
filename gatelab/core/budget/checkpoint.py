"""Group a checkpoint's tensors (from the safetensors header) and compare with the config's count.

Why: the config-derived count is a claim; the checkpoint's tensor list is the ground truth.
Grouping names into embeddings / attention / MLP gate, up, down / norms / experts shows where the
parameters live and makes any disagreement with ``count_model`` visible part by part; a
multimodal checkpoint's vision/audio towers are a group of their own, beside the language model
the config's count describes. Quantized
storage is never summed silently as if it were parameters: MXFP4 ``*_blocks`` are unpacked
(two values a byte), other integer-packed tensors and their scales are flagged.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from gatelab.core.budget.model import PARTS, ModelCount
from gatelab.core.budget.safetensors import TensorInfo, numel
from gatelab.core.messages import Msg

GROUPS: tuple[str, ...] = (
    "embeddings", "attention", "mlp.gate", "mlp.up", "mlp.down", "mlp.gate_up", "experts",
    "shared_expert", "router", "norms", "lm_head", "other", "towers", "quantization", "buffers",
)
#: Groups whose elements are not model parameters (excluded from the total).
NON_PARAMETER_GROUPS: tuple[str, ...] = ("quantization", "buffers")
GROUP_PART: dict[str, str] = {
    "embeddings": "embeddings", "attention": "attention", "mlp.gate": "mlp", "mlp.up": "mlp",
    "mlp.down": "mlp", "mlp.gate_up": "mlp", "experts": "mlp", "shared_expert": "mlp",
    "router": "mlp", "norms": "norms", "lm_head": "lm_head", "other": "other",
    "towers": "towers",
}
#: A multimodal checkpoint's vision/audio towers and projector (real and in-memory names): a
#: group of their own, as the config's count is of the language model only.
_TOWER = re.compile(r"^(model\.|thinker\.)?(visual|vision_tower|vision_model|vision_encoder|"
                    r"multi_modal_projector|mm_projector|audio_tower|audio_model|embed_vision|"
                    r"embed_audio)\.")
_INT_DTYPES = {"U8", "I8", "U16", "I16", "U32", "I32", "U64", "I64"}
_QUANT_META = re.compile(r"(_scales|\.scales|scale_inv|qzeros|g_idx|\.absmax|quant_map|"
                         r"quant_state|nested_absmax|nested_quant_map|_zeros)$")
#: GPT-Neo's checkpoints keep their causal mask as attn.attention.bias [1, 1, n, n] and masked_bias.
_BUFFER = re.compile(r"(attn\.bias|attn\.masked_bias|attn\.attention\.bias|"
                     r"attn\.attention\.masked_bias|inv_freq|position_ids)$")
_ROUTER = re.compile(r"((mlp|block_sparse_moe|moe|feed_forward)\.gate\.|\.router\.|"
                     r"e_score_correction_bias$)")
_ATTN = re.compile(r"(self_attn\.|linear_attn|\.attn\.|\.attention\.|selfattention|encdecattention|"
                   r"crossattention|(?<!ln_)cross_attn|\.attn_|"
                   r"\.self_attention\.)")  # (the last: Falcon's and BLOOM's)


#: BERT's LayerNorm after attention sits in the attention module (attention.output.LayerNorm).
_BERT_NORM = re.compile(r"attention\.output\.layernorm\.")
_INDEX = re.compile(r"\.\d+(?=\.|$)")


def classify(name: str, dtype: str = "F32", shape: tuple[int, ...] = ()) -> str:
    """The group of one tensor name (see ``GROUPS``).

    Why cached: a checkpoint repeats the same names with other layer and expert numbers, so
    the regexes run once per distinct pattern (``layers.#.mlp.experts.#.up_proj``) instead of
    once per tensor; no pattern below looks at a whole-number name segment."""
    return _classify(_INDEX.sub(".#", name.lower()), len(shape) == 4)


@functools.lru_cache(maxsize=4096)
def _classify(n: str, four_dims: bool) -> str:
    if _BUFFER.search(n) and (not n.endswith(("attn.bias", "attention.bias")) or four_dims):
        return "buffers"
    if _QUANT_META.search(n):
        return "quantization"
    if _TOWER.match(n):
        return "towers"
    if n.startswith("cls."):
        return "other"  # BERT's task heads (masked-LM, next sentence): not in the base count
    if "lm_head" in n or n in ("output.weight", "embed_out.weight"):
        return "lm_head"
    if n.endswith(("word_embeddings_layernorm.weight", "word_embeddings_layernorm.bias")):
        return "norms"  # BLOOM's LayerNorm on the word embeddings
    if re.search(r"(embed_tokens|wte|wpe|word_embeddings|position_embeddings|embed_positions|"
                 r"tok_embeddings|^shared\.weight|embed_in\.|decoder\.project_(in|out)\.|"
                 r"token_type_embeddings)", n):
        return "embeddings"
    if "shared_expert" in n:
        return "shared_expert"
    if _ROUTER.search(n):
        return "router"
    if "experts" in n:
        return "experts"
    if _BERT_NORM.search(n):
        return "norms"
    if _ATTN.search(n):
        return "attention"
    if "norm" in n or re.search(r"(^|\.)ln_", n):
        return "norms"
    if "gate_up" in n:
        return "mlp.gate_up"
    if re.search(r"(gate_proj|\.w1\.|wi_0|\.gate\.)", n):
        return "mlp.gate"
    if re.search(r"(^|\.)pooler\.", n):
        return "lm_head"  # BertModel's pooler: its output head, as the count has it
    if re.search(r"(up_proj|\.w3\.|wi_1|c_fc|fc1|fc_in|dense_h_to_4h|\.wi\.|"
                 r"\.intermediate\.dense)", n):
        return "mlp.up"
    if re.search(r"(down_proj|\.w2\.|\.wo\.|mlp\.c_proj|fc2|fc_out|dense_4h_to_h|"
                 r"layer\.#\.output\.dense)", n):
        return "mlp.down"
    return "other"


@dataclass(frozen=True)
class TensorRow:
    name: str
    dtype: str
    shape: tuple[int, ...]
    elements: int  # stored elements
    params: int  # parameters it holds (0 for buffers and quantization metadata)
    group: str
    quantized: bool


@dataclass(frozen=True)
class CheckpointSummary:
    rows: tuple[TensorRow, ...]
    groups: dict[str, int]  # parameters per group (non-parameter groups: stored elements)
    total: int  # parameters (excluding buffers and quantization metadata)
    quantized: bool
    notes: tuple[str, ...]
    hidden: int | None
    intermediate: int | None
    vocab: int | None

    def parts(self) -> dict[str, int]:
        out = dict.fromkeys(PARTS + ("other", "towers"), 0)
        for group, value in self.groups.items():
            if group in GROUP_PART:
                out[GROUP_PART[group]] += value
        return out


def summarize(tensors: dict[str, TensorInfo]) -> CheckpointSummary:
    """Group and sum a checkpoint's tensors (as returned by ``read_safetensors_header``)."""
    rows: list[TensorRow] = []
    groups = dict.fromkeys(GROUPS, 0)
    notes: list[str] = []
    quantized = packed_unknown = False
    names = set(tensors)
    for name, (dtype, shape) in tensors.items():
        elements = numel(shape)
        group = classify(name, dtype, shape)
        params, q = elements, False
        if group in ("buffers", "quantization"):
            params, q = 0, group == "quantization"
        elif name.endswith(("encoder.embed_tokens.weight", "decoder.embed_tokens.weight")) \
                and "shared.weight" in names:
            group, params = "buffers", 0  # T5's tied copies of shared.weight
        elif name.endswith("_blocks") and dtype == "U8":
            params, q = 2 * elements, True  # MXFP4: two 4-bit values per byte
        elif dtype in _INT_DTYPES and group != "buffers":
            q = packed_unknown = True
        quantized |= q
        groups[group] += params if group not in NON_PARAMETER_GROUPS else elements
        rows.append(TensorRow(name, dtype, shape, elements, params, group, q))
    if any(r.name.endswith("_blocks") and r.dtype == "U8" for r in rows):
        notes.append(Msg("note.mxfp4"))
    if packed_unknown:
        notes.append(Msg("note.int_packed"))
    if groups["quantization"]:
        notes.append(Msg("note.quant_meta", {"n": groups["quantization"]}))
    if groups["buffers"]:
        notes.append(Msg("note.buffers", {"n": groups["buffers"]}))
    if groups["towers"]:
        notes.append(Msg("note.towers_ckpt", {"n": groups["towers"]}))
    total = sum(v for g, v in groups.items() if g not in NON_PARAMETER_GROUPS)
    hidden, inter, vocab = _infer_widths(rows)
    return CheckpointSummary(tuple(rows), groups, total, quantized, tuple(notes), hidden, inter,
                             vocab)


def _infer_widths(rows: list[TensorRow]) -> tuple[int | None, int | None, int | None]:
    hidden = vocab = inter = None
    for r in rows:
        if r.group == "embeddings" and len(r.shape) == 2 and re.search(
                r"(embed_tokens|wte|word_embeddings|tok_embeddings|shared|embed_in\.)", r.name):
            vocab, hidden = r.shape
            break
    if hidden is None:
        return None, None, None
    for r in rows:  # OPT-350m: narrower word embeddings, projected in to d ([d, width])
        if r.name.endswith("project_in.weight") and len(r.shape) == 2 and r.shape[1] == hidden:
            hidden = r.shape[0]
    for r in sorted(rows, key=lambda r: r.name):
        expert_up = r.group == "experts" and re.search(r"(up_proj|\.w3\.|wi_1)", r.name)
        if (r.group in ("mlp.up", "mlp.gate_up") or expert_up) and len(r.shape) == 2 \
                and r.name.endswith("weight"):
            out = [d for d in r.shape if d != hidden] or [hidden]  # Linear [m, d] or Conv1D [d, m]
            inter = out[0] // (2 if r.group == "mlp.gate_up" else 1)
            break
    return hidden, inter, vocab


def compare(summary: CheckpointSummary, count: ModelCount) -> list[tuple[str, int, int, int]]:
    """Rows (part, checkpoint, config-derived, checkpoint − config) for every part present and
    the total; "other" and "towers" have no config-derived counterpart (0)."""
    ck = summary.parts()
    rows = [(part, ck[part], count.parts.get(part, 0), ck[part] - count.parts.get(part, 0))
            for part in PARTS]
    for part in ("other", "towers"):  # no config-derived counterpart: shown when present
        if ck[part]:
            rows.append((part, ck[part], 0, ck[part]))
    rows.append(("total", summary.total, count.total, summary.total - count.total))
    return rows
