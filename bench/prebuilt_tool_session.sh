#!/usr/bin/env bash
# The GPU measurements of the docs with a tool binary built elsewhere (the tool's CUDA
# build takes many minutes; nvcc needs no GPU). Carry .deps/ (TBB) and the tool.
#
#   bench/prebuilt_tool_session.sh TOOL OUT TAG STEP...   (TOOL may be gzip-compressed)
#
# STEP:
#   bench  BRUSS2D n = 16 Mi, double, RK4 / DOPRI5 / Verner56 / Bogacki-Shampine at d = 32
#          .. 524288: stock odeint + Thrust, none(), bench's trapezoids, automatic (with
#          the plot); bench's overlapped tiles at d <= 1024; adaptive DOPRI5 at d = 32
#   tune   issue 5's check: tune RK4 and Verner56 at d = 32, 1024, 16384, 131072, then
#          bench every fixed tiling, automatic and tuned (that cache) in two rounds.
#          Environment: TUNE_D (distances), TUNE_CACHE (an existing cache: bench with
#          it, no tune), TUNE_STEPPERS (bench's steppers), TUNE_BACKEND (cuda or tbb),
#          TUNE_ARGS (tune's search options), TUNE_BENCH_ARGS (bench's timing options)
#   adaptive  adaptive DOPRI5 at d = 32, t = 0 .. 0.01, tol 1e-8 (automatic's tiling)
# Files go to OUT with TAG in their names.
set -u -o pipefail
tool=${1:?tool binary}
out=${2:?output folder}
tag=${3:?file tag, e.g. h200_v8}
shift 3
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
# shellcheck source=bench/tbb_env.sh disable=SC1091
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
if [ "${tool%.gz}" != "$tool" ]; then gunzip -c "$tool" > /tmp/bot_tool && chmod +x /tmp/bot_tool && tool=/tmp/bot_tool; fi
# adaptive DOPRI5 at d = 32 with automatic()'s tiling (the `adaptive` step, and part of `bench`)
adaptive_step() {
  BOOST_ODEINT_TILED_TUNING_CACHE=off timeout 60 "$tool" adaptive --backend cuda --method dopri5 --n 16Mi --d 32 \
    --t-end 0.01 --tol 1e-8 > "$out/adaptive_gpu_$tag.txt" 2>&1
  echo "adaptive: exit $?"
  grep -E "controlled|tiled  |speedup" "$out/adaptive_gpu_$tag.txt"
}
for step in "$@"; do
  case "$step" in
    bench)
      common=(--backend cuda --n 16Mi --methods rk4,dopri5,verner56,bogacki-shampine32 --target 0.04 --reps 3)
      BOOST_ODEINT_TILED_TUNING_CACHE=off timeout 330 "$tool" bench "${common[@]}" --d 32,256,1024,16384,131072,524288 \
        --steppers stock-cuda,none,trapezoidal,automatic \
        --csv "$out/bench_gpu_$tag.csv" --json "$out/bench_gpu_$tag.json" --plot "$out/gpu_${tag}_speedup.svg" \
        > "$out/bench_gpu_$tag.txt" 2>&1
      echo "bench: exit $?"
      BOOST_ODEINT_TILED_TUNING_CACHE=off timeout 120 "$tool" bench "${common[@]}" --d 32,256,1024 \
        --steppers stock-cuda,overlapped > "$out/bench_gpu_${tag}_overlapped.txt" 2>&1
      echo "bench overlapped: exit $?"
      adaptive_step
      grep -E "^ *[0-9]+ " "$out/bench_gpu_$tag.txt" | cut -c1-150 | tail -30 ;;
    adaptive) adaptive_step ;;
    tune)
      backend=${TUNE_BACKEND:-cuda}
      kind=gpu; [ "$backend" = tbb ] && kind=cpu
      distances=${TUNE_D:-32,1024,16384,131072}
      cache=${TUNE_CACHE:-}
      if [ -z "$cache" ]; then
        cache="$out/tuning_cache_${kind}_$tag.txt"
        rm -f "$cache"
        # shellcheck disable=SC2086  # TUNE_ARGS: several options, split on purpose
        timeout 300 "$tool" tune --backend "$backend" --n 16Mi --d "$distances" --methods rk4,verner56 ${TUNE_ARGS:---budget 10} \
          --cache "$cache" > "$out/tune_${kind}_$tag.txt" 2>&1
        echo "tune: exit $?"
      fi
      # shellcheck disable=SC2086  # TUNE_BENCH_ARGS: several options, split on purpose
      BOOST_ODEINT_TILED_TUNING_CACHE="$cache" timeout 300 "$tool" bench --backend "$backend" --n 16Mi \
        --d "$distances" --methods rk4,verner56 \
        --steppers "${TUNE_STEPPERS:-stock-$backend,none,trapezoidal,hexagonal,overlapped,automatic,tuned}" \
        ${TUNE_BENCH_ARGS:---target 0.04 --reps 3 --rounds 2} \
        --csv "$out/bench_${kind}_${tag}_tuned.csv" > "$out/bench_${kind}_${tag}_tuned.txt" 2>&1
      echo "bench tuned: exit $?"
      grep -E "^ *[0-9]+ .*(automatic|tuned)" "$out/bench_${kind}_${tag}_tuned.txt" | cut -c1-160 ;;
    *) echo "unknown step $step" ;;
  esac
done
