#!/usr/bin/env bash
# The CUDA executor's streaming tiles (automatic, where they apply) against none() and
# the register-tile tilings automatic chose before them, with tiling_probe.cu: BRUSS2D
# n = 16 Mi, double, RK4 / BS32 / DOPRI5 / Verner56, d = 32 .. 1024. Run from the
# repository root on the GPU machine with .deps/ carried; build-probe/tiling_probe is
# built when missing.   scripts/device/streaming_compare.sh OUT
set -u -o pipefail
out=${1:?output folder}
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
# shellcheck source=scripts/device/tbb_env.sh disable=SC1091
source scripts/device/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
if [ ! -x build-probe/tiling_probe ]; then
  mkdir -p build-probe
  nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr --extended-lambda -Iinclude \
       scripts/device/tiling_probe.cu -o build-probe/tiling_probe -ltbb || exit 1
fi
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/gpu.txt"
reg='threads_per_block=128 components_per_thread=4'
for d in 32 64 128 256 512 1024; do
  for m in rk4 bs32 dopri5 verner56; do
    old="trapezoidal width=512 height=64 $reg"
    [ "$d" -gt 32 ] && old="trapezoidal width=8192 height=64 $reg blocks_per_tile=16 clusters=1"
    [ "$d" -gt 256 ] && old="none"
    build-probe/tiling_probe "$d" "$m" 20 none auto "$old" 2>&1 | sed "s/^/d=$d /"
  done
done | tee "$out/streaming_compare.txt"
