#!/usr/bin/env bash
# The GPU measurements of the docs with a tool binary built elsewhere (the tool's CUDA
# build takes many minutes; nvcc needs no GPU). Carry .deps/ (TBB) and the tool.
#
#   scripts/device/prebuilt_tool_session.sh TOOL OUT TAG STEP...   (TOOL may be gzip-compressed)
#
# STEP:
#   bench  BRUSS2D n = 16 Mi, double, RK4 / DOPRI5 / Verner56 / Bogacki-Shampine at d = 32
#          .. 524288: stock odeint + Thrust, none(), bench's trapezoids, automatic (with
#          the plot); bench's overlapped tiles at d <= 1024; adaptive DOPRI5 at d = 32
#   tune   issue 5's check: tune RK4 and Verner56 at d = 32, 1024, 16384, 131072, then
#          bench every fixed tiling, automatic and tuned (that cache) in two rounds
# Files go to OUT with TAG in their names.
set -u -o pipefail
tool=${1:?tool binary}
out=${2:?output folder}
tag=${3:?file tag, e.g. h200_v8}
shift 3
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
if [ ! -e /usr/include/tbb/tbb.h ] && ls .deps/*.deb >/dev/null 2>&1; then
  # shellcheck source=scripts/device/tbb_env.sh disable=SC1091
  source scripts/device/tbb_env.sh
fi
if [ "${tool%.gz}" != "$tool" ]; then gunzip -c "$tool" > /tmp/bot_tool && chmod +x /tmp/bot_tool && tool=/tmp/bot_tool; fi
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
      BOOST_ODEINT_TILED_TUNING_CACHE=off timeout 60 "$tool" adaptive --backend cuda --method dopri5 --n 16Mi --d 32 \
        --t-end 0.01 --tol 1e-8 > "$out/adaptive_gpu_$tag.txt" 2>&1
      echo "adaptive: exit $?"
      grep -E "^ *[0-9]+ " "$out/bench_gpu_$tag.txt" | cut -c1-150 | tail -30 ;;
    tune)
      cache="$out/tuning_cache_gpu_$tag.txt"
      rm -f "$cache"
      timeout 240 "$tool" tune --backend cuda --n 16Mi --d 32,1024,16384,131072 --methods rk4,verner56 --budget 10 \
        --cache "$cache" > "$out/tune_gpu_$tag.txt" 2>&1
      echo "tune: exit $?"
      BOOST_ODEINT_TILED_TUNING_CACHE="$cache" timeout 240 "$tool" bench --backend cuda --n 16Mi \
        --d 32,1024,16384,131072 --methods rk4,verner56 \
        --steppers stock-cuda,none,trapezoidal,hexagonal,overlapped,automatic,tuned --target 0.04 --reps 3 --rounds 2 \
        --csv "$out/bench_gpu_${tag}_tuned.csv" > "$out/bench_gpu_${tag}_tuned.txt" 2>&1
      echo "bench tuned: exit $?"
      grep -E "^ *[0-9]+ .*(automatic|tuned)" "$out/bench_gpu_${tag}_tuned.txt" | cut -c1-160 ;;
    *) echo "unknown step $step" ;;
  esac
done
