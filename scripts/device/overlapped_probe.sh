#!/usr/bin/env bash
# Times overlapped tiles against the model's choice (automatic) on the GPU machine with
# tiling_probe.cu: BRUSS2D n = 16 Mi, double, every method at the given access
# distances, single blocks and thread-block clusters of several widths. Each line
# prints ms per step and the largest relative difference to automatic's result.
# Run from the repository root on the GPU machine, .deps/ carried (TBB packages):
#
#   scripts/device/overlapped_probe.sh OUT [D ...]      (default D: 32 64 128 256)
set -u -o pipefail
out=${1:?output folder}
shift
distances=("$@")
[ ${#distances[@]} -eq 0 ] && distances=(32 64 128 256)
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
# shellcheck source=scripts/device/tbb_env.sh disable=SC1091
source scripts/device/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
mkdir -p build-probe
if [ ! -x build-probe/tiling_probe ] || [ scripts/device/tiling_probe.cu -nt build-probe/tiling_probe ] ||
   [ -n "$(find include -newer build-probe/tiling_probe -name '*.hpp' | head -1)" ]; then
  nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr --extended-lambda -Iinclude \
       scripts/device/tiling_probe.cu -o build-probe/tiling_probe -ltbb -Xptxas -v > "$out/probe_build.log" 2>&1 ||
    { grep -E "error" "$out/probe_build.log" | head -20; echo "probe build failed"; exit 1; }
fi
probe=build-probe/tiling_probe
shape() {  # shape WIDTH BLOCKS THREADS C: one tiling text of the whole chain
  local t="overlapped width=$1 height=64 threads_per_block=$3 components_per_thread=$4"
  [ "$2" -gt 1 ] && t="$t blocks_per_tile=$2 clusters=1"
  echo "$t"
}
for d in "${distances[@]}"; do
  for method in rk4 bs32 dopri5 verner56; do
    variants=(auto "$(shape 512 1 128 4)" "$(shape 1024 1 512 2)" "$(shape 2048 2 512 2)" "$(shape 2048 4 128 4)"
              "$(shape 4096 4 512 2)" "$(shape 4096 8 128 4)" "$(shape 8192 16 128 4)" "$(shape 8192 8 512 2)")
    "$probe" "$d" "$method" 20 "${variants[@]}" 2>&1 | tee -a "$out/overlapped_probe.txt"
  done
done
