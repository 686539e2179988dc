"""Inside the model: what the hooks cost, and how fast top-k contexts stream over 1 MB.

1. hook_overhead_ratio = the shortest time of one *traced* forward pass / the shortest time of
   one plain forward pass of the same model on the same tokens, over --repeats interleaved pairs
   (minima: what a shared machine can show of an idle one; medians are printed too;
   tokenisation excluded on both sides).
   Traced = every capture/hook installed, the pass, and the reduction of each layer to its
   LayerTrace on the host (g, u, h copies, norms, per-head sink, gate mean). Measured on a gatelab
   run of the trainer's default shape (4 layers, 4 heads, d = 128, m = 352, a full 64-character
   block; a larger d = 384, 6-layer run on 256 characters is printed too) and on a small HF model: SmolLM-135M's shape (Llama-style, 30 layers, d = 576,
   m = 1536, random weights, eager attention in both passes, 74 tokens); a tiny 4-layer d = 256
   model is printed too. Target ≤ 1.10 each.
2. topk_1mb_s: ``top_k_contexts`` of one neuron of the *last* layer (the worst case: every block
   runs) over the first 1,000,000 characters of the python corpus with the 4-layer toy run.
   The toy run: 4 layers, 4 heads, d = 64, m = 176, block 64. Target ≤ 5 s on 2 CPU cores.

Usage:  python benchmarks/bench_inside.py [--threads 2] [--repeats 50] [--no-hf] [--no-topk]
Last line:  hook_overhead_ratio=<max of the two> run_ratio=<r> hf_ratio=<r> topk_1mb_s=<s>
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _timed_pair(a: Callable[[], object], b: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Minima of a and b over ``repeats`` interleaved pairs, so that machine load hits both
    alike (the medians are printed too)."""
    ta, tb = [], []
    for _ in range(3):
        a(), b()
    for _ in range(repeats):
        t = time.perf_counter()
        a()
        ta.append(time.perf_counter() - t)
        t = time.perf_counter()
        b()
        tb.append(time.perf_counter() - t)
    ma, mb = statistics.median(ta), statistics.median(tb)
    print(f"  medians: {ma * 1e3:.3f} ms vs {mb * 1e3:.3f} ms, ratio {mb / ma:.3f}")
    return min(ta), min(tb)


def make_run(root: Path, name: str, width: int, layers: int = 4, block: int = 64) -> Path:
    """A run of this shape trained for two steps (its weights only need to exist)."""
    import torch

    from gatelab.core.engine import train_steps
    from gatelab.core.trainconfig import TrainConfig
    cfg = TrainConfig(corpus="python", n_layer=layers, n_head=4, n_embd=width, block_size=block,
                      batch_size=2, steps=2, eval_iters=1, eval_interval=2, sample_chars=0,
                      device="cpu", threads=torch.get_num_threads())
    run = root / name
    for _ in train_steps(cfg, run_dir=run):
        pass
    return run


def bench_run(root: Path, repeats: int, width: int = 128, layers: int = 4, block: int = 64) -> float:
    import torch

    from gatelab.core.inside.run_source import RunModel, traced_layers
    src = RunModel(make_run(root, f"run{width}", width, layers, block))
    cfg = src.config
    ids = src.encode("def gate(x):\n    return silu(gate_proj(x)) * up_proj(x)\n" * 8)[:block]
    x = torch.tensor([ids])
    with torch.no_grad():
        plain, traced = _timed_pair(lambda: src.model(x), lambda: traced_layers(src.model, cfg, ids),
                                     repeats)
    print(f"run d={width} L={layers}: plain min {plain * 1e3:.3f} ms, traced min {traced * 1e3:.3f} ms "
          f"({len(ids)} tokens)")
    return traced / plain


HF_SHAPES = {  # name: (hidden, intermediate, layers, heads, kv heads)
    "smollm-135m": (576, 1536, 30, 9, 3),  # SmolLM-135M's shape, random weights
    "tiny": (256, 688, 4, 8, 4),
}


def bench_hf(repeats: int, shape: str) -> float:
    import torch
    from transformers import AutoModelForCausalLM, LlamaConfig, PreTrainedTokenizerFast

    from gatelab.core.inside.hf_source import HfModel
    from tests.core.inside_helpers import save_tokenizer
    d, m, L, H, KV = HF_SHAPES[shape]
    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=320, hidden_size=d, intermediate_size=m, num_hidden_layers=L,
                      num_attention_heads=H, num_key_value_heads=KV, max_position_embeddings=512)
    cfg._attn_implementation = "eager"
    with tempfile.TemporaryDirectory() as tmp:
        save_tokenizer(Path(tmp))
        tok = PreTrainedTokenizerFast.from_pretrained(tmp)
    src = HfModel.wrap(AutoModelForCausalLM.from_config(cfg), tok)
    text = "I flew from Paris to Tokyo last week. The food was not bad at all. " * 2
    ids = src.encode(text, special=True)
    x = torch.tensor([ids])
    with torch.no_grad():
        plain, traced = _timed_pair(lambda: src.model(input_ids=x, use_cache=False),
                                     lambda: src.forward_layers(ids), repeats)
    print(f"hf {shape}: plain min {plain * 1e3:.3f} ms, traced min {traced * 1e3:.3f} ms "
          f"({len(ids)} tokens)")
    return traced / plain


def bench_topk(run: Path) -> float:
    from gatelab.core import data
    from gatelab.core.inside.run_source import RunModel
    from gatelab.core.inside.topk import top_k_contexts
    src = RunModel(run)
    text = data.load_corpus("python").text[:1_000_000]
    fractions: list[float] = []
    t = time.perf_counter()
    best = top_k_contexts(src, src.n_layer - 1, 5, text, k=10,
                          progress=lambda f, _m: fractions.append(f))
    dt = time.perf_counter() - t
    print(f"top-k: {len(text):,} characters in {dt:.2f} s ({len(text) / dt:,.0f} tokens/s, "
          f"{len(fractions)} progress reports); best score {best[0]['score']:.4f} at "
          f"{best[0]['token_index']:,}")
    return dt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=50)
    ap.add_argument("--no-hf", action="store_true", help="skip the HF model (no transformers)")
    ap.add_argument("--no-topk", action="store_true", help="skip the top-k timing")
    args = ap.parse_args()
    import torch

    from gatelab.core.allocator import keep_freed_memory
    torch.set_num_threads(args.threads)
    print(f"allocator: freed memory kept (as the app does): {keep_freed_memory()}")
    with tempfile.TemporaryDirectory() as tmp:
        run_ratio = bench_run(Path(tmp), args.repeats)
        bigger = bench_run(Path(tmp), max(5, args.repeats // 5), width=384, layers=6, block=256)
        print(f"  (a larger run, d = 384, 6 layers, 256 characters: ratio {bigger:.3f})")
        hf_ratio = float("nan")
        if not args.no_hf:
            tiny = bench_hf(args.repeats, "tiny")
            print(f"  (tiny HF model ratio {tiny:.3f}: fixed per-layer costs dominate there)")
            hf_ratio = bench_hf(max(5, args.repeats // 5), "smollm-135m")
        topk = float("nan") if args.no_topk else bench_topk(make_run(Path(tmp), "toy", 64))
    worst = max(r for r in (run_ratio, hf_ratio) if r == r)
    print(f"hook_overhead_ratio={worst:.3f} run_ratio={run_ratio:.3f} hf_ratio={hf_ratio:.3f} "
          f"topk_1mb_s={topk:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
