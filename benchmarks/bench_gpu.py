"""nanoGPT's GPU recipe on tiny Shakespeare through gatelab's engine, instrumentation on.

Why: the live trainer should be fast enough on a real GPU that the lessons' experiments take
minutes. nanoGPT's recipe (6 layers, 6 heads, width 384, block 256, batch 64, dropout 0.2) reaches
val 1.4697 in about 3 minutes on an A100; target here: val ≤ 1.47 in ≤ 90 s on an H200, with
instrumentation on. Prints tokens/s, MFU (FLOPs/token = 6N + 12·L·T·d, N = parameters; peak
989 TFLOPS dense bf16 for an H200 unless --peak-tflops says otherwise) and the time to the target.

    python benchmarks/bench_gpu.py ../shared/data/tinyshakespeare.txt
    python benchmarks/bench_gpu.py --quick          # smoke run: 200 steps, no compile

The corpus is the positional argument (or --corpus); by default the first of
../shared/data/tinyshakespeare.txt, shared/data/tinyshakespeare.txt and
.gpudata/tinyshakespeare.txt that exists. Stops as soon as an evaluation reaches the target, after
--steps, or once --patience evaluations in a row have not beaten the best val (the model has
started to overfit: waiting longer only spends device time); prints progress every --progress
steps. On a machine without CUDA it prints a clear message and exits with status 2
(``--device cpu --quick`` smoke-tests the script itself on a CPU). Before the last line:
``best_val=<v> best_step=<n>``. LAST line:
``gpu_tokens_per_s=<x> mfu=<m> time_to_target_s=<t> val=<v>``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


CORPUS_PLACES = (ROOT.parent / "shared" / "data", ROOT / "shared" / "data", ROOT / ".gpudata")


def default_corpus() -> str:
    for folder in CORPUS_PLACES:
        if (folder / "tinyshakespeare.txt").is_file():
            return str(folder / "tinyshakespeare.txt")
    return str(CORPUS_PLACES[0] / "tinyshakespeare.txt")


class Best:
    """The best val so far, and whether ``patience`` evaluations in a row have failed to beat it."""

    def __init__(self, patience: int) -> None:
        self.patience, self.val, self.step, self.misses = patience, float("inf"), 0, 0

    def add(self, step: int, val: float) -> bool:
        """Record one evaluation; True when the run should stop (patience spent)."""
        if val < self.val:
            self.val, self.step, self.misses = val, step, 0
            return False
        self.misses += 1
        return 0 < self.patience <= self.misses


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", nargs="?", help="tiny Shakespeare text file (same as --corpus)")
    p.add_argument("--corpus", default=None)
    p.add_argument("--quick", action="store_true",
                   help="smoke run: 200 steps, eval every 100 on 5 batches, no compile")
    p.add_argument("--progress", type=int, default=100, help="print a progress line every N steps")
    p.add_argument("--steps", type=int, default=5000)
    p.add_argument("--target", type=float, default=1.47)
    p.add_argument("--variant", default="gelu", help="FFN variant (nanoGPT uses classic GELU)")
    p.add_argument("--intermediate", type=int, default=None, help="FFN width (default 4d / 8d/3)")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--dropout", type=float, default=0.2)
    p.add_argument("--eval-interval", type=int, default=250)
    p.add_argument("--eval-iters", type=int, default=50)
    p.add_argument("--log-interval", type=int, default=25)
    p.add_argument("--patience", type=int, default=4,
                   help="stop after this many evaluations without a new best val (0: never)")
    p.add_argument("--device", default="cuda", help="cuda (the benchmark) or cpu (smoke test)")
    p.add_argument("--no-compile", action="store_true", help="skip torch.compile")
    p.add_argument("--no-stats", action="store_true", help="instrumentation off")
    p.add_argument("--peak-tflops", type=float, default=989.0, help="dense bf16 peak of the GPU")
    args = p.parse_args()
    args.corpus = args.path or args.corpus or default_corpus()
    if args.quick:
        args.steps = min(args.steps, 200)
        args.eval_interval, args.eval_iters, args.no_compile = 100, 5, True

    import torch

    if args.device == "cuda" and not torch.cuda.is_available():
        sys.stderr.write("bench_gpu: error: this benchmark needs a CUDA GPU and none is available "
                         "here (torch " + torch.__version__ + "); run it on a GPU machine\n")
        return 2
    if not Path(args.corpus).is_file():
        sys.stderr.write(f"bench_gpu: error: corpus file not found: {args.corpus}\n")
        return 2
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.backends.cudnn.allow_tf32 = True

    from gatelab.core.engine import train_steps
    from gatelab.core.model import GPT
    from gatelab.core.trainconfig import TrainConfig

    cfg = TrainConfig(corpus=args.corpus, variant=args.variant, n_layer=6, n_head=6, n_embd=384,
                      intermediate=args.intermediate, block_size=256, batch_size=64,
                      dropout=args.dropout, steps=args.steps, lr=args.lr, warmup_steps=100,
                      min_lr_ratio=0.1, eval_interval=args.eval_interval,
                      eval_iters=args.eval_iters, device=args.device, compile=not args.no_compile,
                      stats=not args.no_stats, stats_interval=50, log_interval=args.log_interval,
                      checkpoint_interval=10**6, sample_chars=0, seed=1337).validate()
    n_params = GPT(cfg, 65).num_params()  # tiny Shakespeare has 65 characters
    L, T, d = cfg.n_layer, cfg.block_size, cfg.n_embd
    flops_per_token = 6 * n_params + 12 * L * T * d
    name = torch.cuda.get_device_name() if args.device == "cuda" else args.device
    print(f"{name}: {cfg.variant}, {n_params:,} parameters, "
          f"{flops_per_token / 1e6:.1f} MFLOPs/token, compile={cfg.compile}, stats={cfg.stats}",
          flush=True)

    stop = threading.Event()
    rates: list[float] = []
    reached: float | None = None
    last = None
    val = float("nan")
    best = Best(args.patience)
    t0 = time.perf_counter()
    first_s: float | None = None
    for snap in train_steps(cfg, stop):
        if first_s is None:
            first_s = time.perf_counter() - t0  # corpus, model, first (compiled) steps
        last = snap
        if snap.step > 200 and snap.stats is None and snap.val_loss is None:
            rates.append(snap.tokens_per_s)  # steady state: no eval, no stats, compiled
        if snap.val_loss is None and snap.step % args.progress == 0:
            print(f"step {snap.step}/{cfg.steps}: train {snap.train_loss:.4f} "
                  f"{snap.tokens_per_s:,.0f} tok/s  {time.perf_counter() - t0:.1f}s", flush=True)
        if snap.val_loss is not None:
            val = snap.val_loss
            print(f"step {snap.step}: train {snap.train_loss:.4f} val {snap.val_loss:.4f} "
                  f"{snap.tokens_per_s:,.0f} tok/s  {time.perf_counter() - t0:.1f}s", flush=True)
            stalled = best.add(snap.step, snap.val_loss)
            if reached is None and snap.val_loss <= args.target:
                reached = time.perf_counter() - t0
                stop.set()
            elif stalled:
                print(f"stopping: {args.patience} evaluations without a new best val "
                      f"(best {best.val:.4f} at step {best.step})", flush=True)
                stop.set()
    wall = time.perf_counter() - t0
    tps = statistics.median(rates) if rates else (last.tokens_per_s if last else 0.0)
    mfu = flops_per_token * tps / (args.peak_tflops * 1e12)
    print(f"wall {wall:.1f} s (of which {first_s or 0.0:.1f} s until the first snapshot: setup and "
          f"compilation), {'reached' if reached else 'did not reach'} val ≤ {args.target}")
    print(f"best_val={best.val:.4f} best_step={best.step}")
    print(f"gpu_tokens_per_s={tps:.0f} mfu={mfu:.4f} "
          f"time_to_target_s={reached if reached is not None else float('nan'):.1f} val={val:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
