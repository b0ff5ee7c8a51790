#!/usr/bin/env bash
# Adaptive steps whose FIFOs need more than 128 registers (cuda_launch_policy::
# streaming_register_fifo_values), timed with bench/adaptive_probe.cu on BRUSS2D
# n = 16 Mi: Verner 5(6) at d = 32 (58 values: the streaming kernel with 256 threads per
# SM; at d = 256 too, at d = 512 in 512-thread chunks with 128 registers, spilling),
# DOPRI5 and Cash-Karp at d = 1024 (63 and 51 values, 512-thread chunks of reach 2,
# spilling), each by automatic() against the tilings automatic() took before (register
# tiles, none()), and DOPRI5 at d = 32 (42 values, unchanged) for reference. Run from the repository root on
# the GPU machine with .deps/ carried:   bench/wide_fifo_probe.sh OUT
set -u -o pipefail
out=${1:?output folder}
mkdir -p "$out" build-probe
# shellcheck source=bench/tbb_env.sh disable=SC1091
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
[ -x build-probe/adaptive_probe ] ||
  nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr --extended-lambda -Iinclude \
       bench/adaptive_probe.cu -o build-probe/adaptive_probe -ltbb 2>/dev/null
p=build-probe/adaptive_probe
{
  nvidia-smi --query-gpu=name --format=csv,noheader
  $p 32 verner56 1e-8 0.01 5 auto 'trapezoidal width=1024 height=8 threads_per_block=512 components_per_thread=2'
  $p 256 verner56 1e-8 0.01 5 auto none 'trapezoidal width=8192 height=8 blocks_per_tile=16 threads_per_block=128 components_per_thread=4 clusters=1'
  $p 512 verner56 1e-8 0.01 5 auto none
  $p 1024 dopri5 1e-8 0.01 5 auto none
  $p 1024 ck54 1e-8 0.01 5 auto none stock
  $p 32 dopri5 1e-8 0.01 5 stock auto
} 2>&1 | tee "$out/wide_fifo_probe.txt"
