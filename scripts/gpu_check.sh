#!/usr/bin/env bash
# The GPU checks of issue 12, as one short script for a lent CUDA machine (≈ 8 minutes at most).
#
#   (a) the CUDA tests: a few bf16-autocast training steps on the GPU, ordinary steps under
#       torch.cuda.set_sync_debug_mode("error") (no host sync), stats on the device matching the
#       CPU; plus the device-branch and fast-path tests;
#   (b) benchmarks/bench_gpu.py: nanoGPT's GPU recipe on tiny Shakespeare, instrumented, until
#       val ≤ 1.47 (target ≤ 90 s on one H200); (c) if it misses, the same with 2500 steps.
#
# It uses whatever python has a CUDA torch there ($PYTHON, else python3): nothing is installed.
# The corpus does not travel with ../shared: copy it into the repo first, on this machine:
#   mkdir -p .gpudata && cp ../shared/data/tinyshakespeare.txt .gpudata/ \
#     && echo /.gpudata/ >> .git/info/exclude          # then carry [".gpudata"]
# Outputs (env.txt, pytest.txt, bench_gpu.txt, bench_gpu_2500.txt) go to $OUT when set, else to a temp folder.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-$(mktemp -d)}
PY=${PYTHON:-python3}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1 QT_QPA_PLATFORM=offscreen
echo "outputs in $OUT"

{
  "$PY" -c "import torch; print(torch.__version__, torch.cuda.is_available())"
  "$PY" -c "import sys, numpy; print('python', sys.version.split()[0], 'numpy', numpy.__version__)"
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 || true
} 2>&1 | tee "$OUT/env.txt"
if ! "$PY" -c "import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)"; then
  echo "gpu_check: this python's torch has no CUDA device; nothing to check here" | tee -a "$OUT/env.txt"
  exit 3
fi

echo "== (a) CUDA tests"
timeout 150 "$PY" -m pytest -q -p no:cacheprovider -W ignore::pytest.PytestConfigWarning -rs \
  tests/core/test_cuda.py tests/core/test_devices.py tests/core/test_model_speed.py \
  tests/core/test_model.py 2>&1 | tee "$OUT/pytest.txt"
tests_rc=${PIPESTATUS[0]}

echo "== (b) bench_gpu.py, nanoGPT's GPU recipe"
corpus=""
for f in ../shared/data/tinyshakespeare.txt shared/data/tinyshakespeare.txt .gpudata/tinyshakespeare.txt; do
  if [ -f "$f" ]; then corpus=$f; break; fi
done
if [ -z "$corpus" ]; then
  echo "gpu_check: tinyshakespeare.txt not found (see the top of this script); bench skipped" \
    | tee "$OUT/bench_gpu.txt"
  exit 4
fi
timeout 330 "$PY" benchmarks/bench_gpu.py "$corpus" 2>&1 | tee "$OUT/bench_gpu.txt"
bench_rc=${PIPESTATUS[0]}
# (c) Only if (b) missed the target. The one lent run (2026-12-01) missed by 0.0035: best val
# 1.4735 at step 1500, with the 5000-step cosine schedule's lr still at ~80 % of its peak, then
# overfitting. The same recipe with the schedule (and the run) cut to 2500 steps decays the lr
# where the model is best; run it once so the next lent session has that figure.
if [ "$bench_rc" = 0 ] && tail -n 1 "$OUT/bench_gpu.txt" | grep -q 'time_to_target_s=nan'; then
  echo "== (c) bench_gpu.py --steps 2500 (the schedule decays by the step (b) was best at)"
  timeout 240 "$PY" benchmarks/bench_gpu.py "$corpus" --steps 2500 2>&1 \
    | tee "$OUT/bench_gpu_2500.txt"
fi
echo "gpu_check: tests rc=$tests_rc bench rc=$bench_rc" | tee -a "$OUT/env.txt"
[ "$tests_rc" = 0 ] && [ "$bench_rc" = 0 ]
