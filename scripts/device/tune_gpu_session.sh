#!/usr/bin/env bash
# Issue 5's GPU check with a tool binary built elsewhere: tune RK4 and Verner56 at
# d = 32, 1024, 16384, 131072 (BRUSS2D n = 16 Mi), then bench every fixed tiling,
# automatic and tuned (the cache just written) in two rounds. Carry .deps/ and the tool.
#
#   scripts/device/tune_gpu_session.sh TOOL OUT TAG      (TOOL may be gzip-compressed: *.gz)
set -u -o pipefail
tool=${1:?tool binary}
out=${2:?output folder}
tag=${3:?file tag, e.g. h200_v8}
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
if [ ! -e /usr/include/tbb/tbb.h ] && ls .deps/*.deb >/dev/null 2>&1; then
  # shellcheck source=scripts/device/tbb_env.sh disable=SC1091
  source scripts/device/tbb_env.sh
fi
if [ "${tool%.gz}" != "$tool" ]; then gunzip -c "$tool" > /tmp/bot_tool && chmod +x /tmp/bot_tool && tool=/tmp/bot_tool; fi
cache="$out/tuning_cache_gpu_$tag.txt"
rm -f "$cache"
timeout 240 "$tool" tune --backend cuda --n 16Mi --d 32,1024,16384,131072 --methods rk4,verner56 --budget 10 \
  --cache "$cache" > "$out/tune_gpu_$tag.txt" 2>&1
echo "tune: exit $?"
BOOST_ODEINT_TILED_TUNING_CACHE="$cache" timeout 240 "$tool" bench --backend cuda --n 16Mi \
  --d 32,1024,16384,131072 --methods rk4,verner56 \
  --steppers stock-cuda,none,trapezoidal,hexagonal,overlapped,automatic,tuned --target 0.04 --reps 3 --rounds 2 \
  --csv "$out/bench_gpu_${tag}_tuned.csv" > "$out/bench_gpu_${tag}_tuned.txt" 2>&1
echo "bench: exit $?"
grep -E "^ *[0-9]+ .*(automatic|tuned)" "$out/bench_gpu_${tag}_tuned.txt" | cut -c1-160
