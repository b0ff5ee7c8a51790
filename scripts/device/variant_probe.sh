#!/usr/bin/env bash
# tiling_probe.cu built once per set of compiler definitions (each argument after OUT
# is one variant's -D flags, quoted, '' for none), each run on automatic()'s tiling
# against none() for RK4 / BS32 / DOPRI5 / Verner56 at d = 32, 128, 512 (BRUSS2D
# n = 16 Mi, double), with an opcode histogram of each variant's RK4 streaming kernel
# (64-thread chunks). Run from the repository root on the GPU machine with .deps/
# carried.    scripts/device/variant_probe.sh OUT 'FLAGS' 'FLAGS' ...
set -u -o pipefail
out=${1:?output folder}; shift
mkdir -p "$out" build-probe
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
# shellcheck source=scripts/device/tbb_env.sh disable=SC1091
source scripts/device/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
i=0
for flags in "$@"; do
  # shellcheck disable=SC2086
  nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr --extended-lambda -Iinclude $flags \
       scripts/device/tiling_probe.cu -o "build-probe/variant_$i" -ltbb &
  i=$((i + 1))
done
wait
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/gpu.txt"
i=0
for flags in "$@"; do
  echo "variant $i: $flags"
  cuobjdump -sass "build-probe/variant_$i" 2>/dev/null |
    awk '/Function : .*streaming_tile_kernel.*runge_kutta4_tableau.*Li64E/{on=1; next} /Function :/{on=0} on' |
    grep -oE '^\s+/\*[0-9a-f]{4,6}\*/\s+(@!?U?P[0-9T] )?[A-Z0-9_.]+' | awk '{print $NF}' | sed 's/\..*//' |
    sort | uniq -c | sort -rn | head -25 | tr '\n' ' '
  echo
  i=$((i + 1))
done | tee "$out/opcodes.txt"
for d in 32 128 512; do
  for m in rk4 bs32 dopri5 verner56; do
    i=0
    for flags in "$@"; do
      "build-probe/variant_$i" "$d" "$m" 50 none auto 2>&1 | grep -v '^[a-z0-9]* *none ' | sed "s/^/v$i d=$d /"
      i=$((i + 1))
    done
  done
done | tee "$out/variants.txt"
