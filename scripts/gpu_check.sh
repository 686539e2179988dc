#!/usr/bin/env bash
# The GPU checks of issue 12, as one short script for a lent CUDA machine (≈ 8 minutes at most).
#
#   (b) benchmarks/bench_gpu.py: nanoGPT's GPU recipe on tiny Shakespeare, instrumented, until
#       val ≤ 1.47 (target ≤ 90 s on one H200) or until 4 evaluations bring no new best val;
#   (c) the same with the cosine schedule (and the run) cut to 2500 steps;
#   (a) the CUDA tests: a few bf16-autocast training steps on the GPU, ordinary steps under
#       torch.cuda.set_sync_debug_mode("error") (no host sync), stats on the device matching the
#       CPU, Inside's traces on the device; plus the device-branch and fast-path tests;
#   (d) (b) and (c) with the SwiGLU FFN at matched parameters (8d/3), the app's subject.
# The benchmarks come first: a lent machine's time is short and they are what it alone can show.
#
# It uses whatever python has a CUDA torch there ($PYTHON, else python3): nothing is installed.
# The corpus does not travel with ../shared: copy it into the repo first, on this machine:
#   mkdir -p .gpudata && cp ../shared/data/tinyshakespeare.txt .gpudata/ \
#     && echo /.gpudata/ >> .git/info/exclude          # then carry [".gpudata"]
# Outputs (env.txt, bench_gpu*.txt, pytest.txt) go to $OUT when set, else to a temp folder.
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

corpus=""
for f in ../shared/data/tinyshakespeare.txt shared/data/tinyshakespeare.txt .gpudata/tinyshakespeare.txt; do
  if [ -f "$f" ]; then corpus=$f; break; fi
done
bench() {  # bench NAME TIMEOUT [flags…]: one bench_gpu.py run into $OUT/NAME.txt
  local name=$1 limit=$2; shift 2
  echo "== bench_gpu.py $* -> $name.txt"
  if [ -z "$corpus" ]; then
    echo "gpu_check: tinyshakespeare.txt not found (see the top of this script); bench skipped" \
      | tee "$OUT/$name.txt"
    return 4
  fi
  timeout "$limit" "$PY" benchmarks/bench_gpu.py "$corpus" "$@" 2>&1 | tee "$OUT/$name.txt"
  return "${PIPESTATUS[0]}"
}
bench bench_gpu 120; bench_rc=$?
bench bench_gpu_2500 100 --steps 2500

echo "== (a) CUDA tests"
timeout 150 "$PY" -m pytest -q -p no:cacheprovider -W ignore::pytest.PytestConfigWarning -rs \
  tests/core/test_cuda.py tests/core/test_devices.py tests/core/test_model_speed.py \
  tests/core/test_inside_gpu.py tests/core/test_model.py 2>&1 | tee "$OUT/pytest.txt"
tests_rc=${PIPESTATUS[0]}

bench bench_gpu_swiglu 120 --variant swiglu
bench bench_gpu_swiglu_2500 100 --variant swiglu --steps 2500
echo "gpu_check: tests rc=$tests_rc bench rc=$bench_rc" | tee -a "$OUT/env.txt"
[ "$tests_rc" = 0 ] && [ "$bench_rc" = 0 ]
