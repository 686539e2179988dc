"""Training throughput: the engine with instrumentation on vs off vs plain loops, side by side.

Why: instrumentation is the point of gatelab, but it must not make training slower, and gatelab
should train as fast as nanoGPT on the same cores. Four loops are measured in one process, on the
same threads, each taking one step in turn (rotating order), so a shared machine's changing load
hits all alike; timing skips the first steps (warm-up) and the final evaluation; the median over
--rounds is reported:
- ``nanogpt``: nanoGPT's architecture and step in plain PyTorch (benchmarks/plain_gpt.py:
  LayerNorm, learned positions, GELU MLP 4×, causal SDPA, AdamW), same batch shape and data;
- ``bare``: gatelab's model, optimizer and schedule in a bare loop (no capture, no snapshots);
- ``engine_stats_off`` / ``engine_stats_on``: ``train_steps`` itself.

Default: nanoGPT's CPU recipe shape (4 layers, 4 heads, width 128, block 64, batch 12), SwiGLU.
Lines: the shortest single step of each loop (on a shared machine the minima are the fairest
comparison; a stats-on engine's shortest step is an ordinary step), then
``step_ms=<x> plain_step_ms=<y> vs_plain=<r>`` (x = instrumented engine, y = nanoGPT
loop, both mean ms per step over the median round, r = x / y; target ≤ 1.10), then LAST ``train_tokens_per_s=<x> overhead_vs_plain=<r>``
(x = instrumented engine, r = bare tokens/s ÷ instrumented tokens/s; target ≤ 1.05).

``--shakespeare PATH`` instead runs nanoGPT's CPU recipe on tiny Shakespeare (2000 steps,
lr 1e-3, dropout 0) for classic GELU (m = 512) and parameter-matched SwiGLU (m = 344) and prints
final val loss and wall time of each; target val ≤ 1.88. ``--steps`` shortens it for a smoke run.

    python benchmarks/bench_train.py --steps 200 --rounds 3
    python benchmarks/bench_train.py --shakespeare ../shared/data/tinyshakespeare.txt
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import torch  # noqa: E402

from gatelab.core import data  # noqa: E402
from gatelab.core.engine import (  # noqa: E402
    default_threads, lr_at, make_optimizer, train_step, train_steps)
from gatelab.core.model import GPT  # noqa: E402
from gatelab.core.trainconfig import TrainConfig, intermediate_size  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from plain_gpt import make_plain, plain_step  # noqa: E402

WARM = 5  # steps excluded from timing at the start


def bare_loop(cfg: TrainConfig) -> Iterator[None]:
    """A bare training loop on the same model, optimizer, sampler and schedule; yields per step."""
    device = torch.device("cpu" if cfg.device == "auto" else cfg.device)
    corpus = data.load_corpus(cfg.corpus)
    train_ids, _ = data.split(corpus, cfg.block_size)
    torch.manual_seed(cfg.seed)
    model = GPT(cfg, len(corpus.vocab)).to(device)
    opt = make_optimizer(model, cfg, device)
    sampler = data.BatchSampler(train_ids, cfg.block_size, cfg.batch_size, cfg.seed, device)
    fwd = torch.compile(model) if cfg.compile else model
    for it in range(cfg.steps):
        for g in opt.param_groups:
            g["lr"] = lr_at(cfg, it)
        train_step(model, fwd, opt, sampler, cfg, device)  # the engine's step, nothing around it
        if device.type == "cuda":
            torch.cuda.synchronize()
        yield None


def nanogpt_loop(cfg: TrainConfig) -> Iterator[None]:
    """nanoGPT's architecture and step (plain_gpt.py) on the same data, batch and schedule."""
    device = torch.device("cpu" if cfg.device == "auto" else cfg.device)
    corpus = data.load_corpus(cfg.corpus)
    train_ids, _ = data.split(corpus, cfg.block_size)
    torch.manual_seed(cfg.seed)
    model, opt = make_plain(len(corpus.vocab), cfg.block_size, cfg.n_layer, cfg.n_head,
                            cfg.n_embd, cfg.lr, device)
    sampler = data.BatchSampler(train_ids, cfg.block_size, cfg.batch_size, cfg.seed, device)
    for it in range(cfg.steps):
        x, y = sampler.next()
        plain_step(model, opt, x, y, lr_at(cfg, it))
        if device.type == "cuda":
            torch.cuda.synchronize()
        yield None


def throughput(args: argparse.Namespace) -> None:
    """Step the four loops in turn, one step each (rotating the order), so that the load of a
    shared machine hits all alike; sum each loop's step times over steps WARM+1 .. steps−1
    (the last step evaluates)."""
    cfg = TrainConfig(corpus=args.corpus, variant=args.variant, n_layer=args.layers,
                      n_head=args.heads, n_embd=args.width, block_size=args.block,
                      intermediate=args.intermediate,
                      batch_size=args.batch, steps=args.steps, eval_interval=args.steps,
                      eval_iters=2, threads=args.threads, device=args.device, sample_chars=0,
                      compile=args.compile, stats_interval=args.stats_interval,
                      log_interval=1).validate()
    torch.set_num_threads(default_threads(cfg))
    print(f"config: {args.layers}L {args.heads}H d{args.width} m{intermediate_size(cfg)} block "
          f"{args.block} batch {args.batch}, {args.variant}, {args.steps} steps × {args.rounds} rounds, "
          f"threads {default_threads(cfg)}, stats every {args.stats_interval} steps")
    names = ("nanogpt", "bare", "engine_stats_off", "engine_stats_on")
    res: dict[str, list[float]] = {k: [] for k in names}
    step_times: dict[str, list[float]] = {k: [] for k in names}  # every timed step, all rounds
    tokens = cfg.batch_size * cfg.block_size
    for r in range(args.rounds):
        gens = {"nanogpt": nanogpt_loop(cfg), "bare": bare_loop(cfg),
                "engine_stats_off": train_steps(cfg.replace(stats=False)),
                "engine_stats_on": train_steps(cfg)}
        spent = dict.fromkeys(names, 0.0)
        for step in range(1, cfg.steps + 1):
            shift = step % len(names)
            for k in names[shift:] + names[:shift]:
                t0 = time.perf_counter()
                next(gens[k])
                if WARM < step < cfg.steps:
                    spent[k] += time.perf_counter() - t0
                    step_times[k].append(time.perf_counter() - t0)
        n = cfg.steps - 1 - WARM
        for k in names:
            res[k].append(n * tokens / spent[k])
        print(f"round {r + 1}: " + "  ".join(f"{k} {v[-1]:,.0f}" for k, v in res.items())
              + " tokens/s", flush=True)
    med = {k: statistics.median(v) for k, v in res.items()}
    for k, v in med.items():
        print(f"{k:<18} {v:>12,.0f} tokens/s  {tokens / v * 1e3:8.2f} ms/step  "
              f"(× nanogpt's step time: {med['nanogpt'] / v:.3f})")
    step_ms, plain_ms = tokens / med["engine_stats_on"] * 1e3, tokens / med["nanogpt"] * 1e3
    fast = {k: min(v) * 1e3 for k, v in step_times.items()}  # what a loaded machine shows of an idle one
    print(f"shortest steps: engine {fast['engine_stats_on']:.2f} ms (stats off "
          f"{fast['engine_stats_off']:.2f}, bare {fast['bare']:.2f}), nanogpt {fast['nanogpt']:.2f} ms"
          f" -> ratio {fast['engine_stats_on'] / fast['nanogpt']:.3f} (stats on), "
          f"{fast['engine_stats_off'] / fast['nanogpt']:.3f} (stats off)")
    print(f"step_ms={step_ms:.2f} plain_step_ms={plain_ms:.2f} vs_plain={step_ms / plain_ms:.3f}")
    print(f"train_tokens_per_s={med['engine_stats_on']:.0f} "
          f"overhead_vs_plain={med['bare'] / med['engine_stats_on']:.3f}")


def shakespeare(args: argparse.Namespace) -> None:
    path = Path(args.shakespeare)
    if not path.is_file():
        sys.exit(f"bench_train: error: corpus file not found: {path}")
    steps = args.steps if args.steps_given else 2000
    base = TrainConfig(corpus=str(path), n_layer=4, n_head=4, n_embd=128, block_size=64,
                       batch_size=12, steps=steps, lr=1e-3, dropout=0.0, warmup_steps=100,
                       min_lr_ratio=0.1, eval_interval=min(250, steps), eval_iters=20,
                       threads=args.threads, device=args.device, sample_chars=0,
                       stats=not args.no_stats, seed=1337).validate()
    results = {}
    for variant, m in (("gelu", 512), ("swiglu", 344)):
        cfg = base.replace(variant=variant, intermediate=m)
        t0 = time.perf_counter()
        last = None
        for snap in train_steps(cfg):
            if snap.val_loss is not None:
                print(f"{variant} m={m} step {snap.step}: train {snap.train_loss:.4f} "
                      f"val {snap.val_loss:.4f}  {time.perf_counter() - t0:.1f}s", flush=True)
            last = snap
        wall = time.perf_counter() - t0
        results[variant] = (last.val_loss, wall)
        print(f"{variant}: val {last.val_loss:.4f} after {steps} steps in {wall:.1f} s "
              f"(target ≤ 1.88 at 2000 steps)", flush=True)
    (gv, gw), (sv, sw) = results["gelu"], results["swiglu"]
    print(f"shakespeare_gelu_val={gv:.4f} gelu_wall_s={gw:.1f} swiglu_val={sv:.4f} swiglu_wall_s={sw:.1f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--corpus", default="generated")
    p.add_argument("--variant", default="swiglu")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--width", type=int, default=128)
    p.add_argument("--intermediate", type=int, default=None,
                   help="FFN width m (default: the rule, 352 at width 128; 344 matches nanoGPT's "
                        "2·d·4d weights per MLP)")
    p.add_argument("--block", type=int, default=64)
    p.add_argument("--batch", type=int, default=12)
    p.add_argument("--threads", type=int, default=None, help="CPU threads (default: all cores)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--compile", action="store_true")
    p.add_argument("--stats-interval", type=int, default=10)
    p.add_argument("--shakespeare", metavar="PATH", help="run the nanoGPT CPU recipe on this file")
    p.add_argument("--no-stats", action="store_true", help="(--shakespeare) instrumentation off")
    args = p.parse_args()
    args.steps_given = "--steps" in sys.argv
    from gatelab.core.allocator import keep_freed_memory
    print(f"allocator: freed memory kept (as gatelab-train does): {keep_freed_memory()}")
    if args.shakespeare:
        shakespeare(args)
    else:
        throughput(args)


if __name__ == "__main__":
    main()
