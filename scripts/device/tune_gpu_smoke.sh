#!/usr/bin/env bash
# GPU smoke test of the tuning cache with the CUDA backend (run on the GPU machine,
# from the repository root; needs nvcc and a GPU). Builds the tool with its CUDA
# backend (build-bench-gpu, as bench_gpu_smoke.sh; reused when it is there), then:
#
#   1. tune --backend cuda --dry-run lists candidates
#   2. tune --backend cuda: rk4 and verner56 at d = 32 and 1024, n = 1Mi, into a
#      cache file of $out (never the user's cache); must exit 0 (the winner agrees
#      with stock-cuda) and write 4 "cuda" entries
#   3. bench --backend cuda with that cache: the `tuned` rows must say
#      "(tuning cache)", agree with stock-cuda, and (printed for the report, not
#      failed on: timings) their ms/step next to trapezoidal/hexagonal/automatic
#   4. the same tune and bench on the host (--backend tbb), for comparison
#
# Logs go to $1 (default ./tune-gpu-smoke). Exit status: 0 all passed; 1
# configure/build failed; 2 a command failed or a check did not hold.
#
#   scripts/device/tune_gpu_smoke.sh "$OUT"
set -u -o pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:-./tune-gpu-smoke}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo_root" || exit 1

# shellcheck source=scripts/device/tbb_env.sh disable=SC1091
source scripts/device/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc 2>/dev/null || echo 4)
build="build-bench-gpu"
tool=$build/boost_odeint_tiled/boost_odeint_tiled
cache="$out/tuning.txt"
rm -f "$cache"
# only the cache of this script, whatever the environment says
export BOOST_ODEINT_TILED_TUNING_CACHE="$cache"

echo "== configure and build ($build)"
if ! cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON -DBOOST_ODEINT_TILED_BUILD_TOOL=ON \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=OFF -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF \
      > "$out/configure.log" 2>&1; then
  tail -30 "$out/configure.log"; echo "configure failed (see $out/configure.log)"; exit 1
fi
if ! cmake --build "$build" --target boost_odeint_tiled_tool -j "$jobs" > "$out/build.log" 2>&1; then
  grep -E "error|Error" "$out/build.log" | head -40; echo "build failed (see $out/build.log)"; exit 1
fi

status=0
# run NAME ARGS...: one tool command, its output in $out/NAME.txt, must exit 0
run() {
  local name=$1; shift
  echo "== $name: $*"
  local start; start=$(date +%s)
  "$tool" "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    tail -40 "$out/$name.txt"; echo "FAILED: $name exited with $rc"; status=2
  else
    echo "   ok ($(( $(date +%s) - start )) s)"
  fi
}

run cuda_dry_run tune --backend cuda --dry-run --d 32,1024 --methods rk4,verner56
run cuda_tune tune --backend cuda --n 1Mi --d 32,1024 --methods rk4,verner56
entries=$(grep -c "^cuda	" "$cache" 2>/dev/null); entries=${entries:-0}
[ "$entries" -eq 4 ] || { echo "FAILED: $entries cuda entries in $cache, expected 4"; status=2; }
run cuda_bench bench --backend cuda --n 1Mi --d 32,1024 --methods rk4,verner56 \
    --steppers stock-cuda,none,trapezoidal,hexagonal,automatic,tuned
tuned=$(grep -c "tuned .*(tuning cache)" "$out/cuda_bench.txt" || true)
[ "$tuned" -eq 4 ] || { echo "FAILED: $tuned tuned rows from the cache in cuda_bench, expected 4"; status=2; }
run tbb_tune tune --backend tbb --n 1Mi --d 32,1024 --methods rk4,verner56
run tbb_bench bench --backend tbb --n 1Mi --d 32,1024 --methods rk4,verner56 \
    --steppers stock-tbb,none,trapezoidal,hexagonal,automatic,tuned

{ cat "$cache"; for f in cuda_tune cuda_bench tbb_tune tbb_bench; do echo; echo "---- $f"; cat "$out/$f.txt"; done; } \
    > "$out/summary.txt"
if [ "$status" -eq 0 ]; then echo "tune GPU smoke test: all passed (logs in $out)"; else echo "tune GPU smoke test: FAILED (logs in $out)"; fi
exit "$status"
