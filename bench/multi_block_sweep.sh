#!/usr/bin/env bash
# Times multi-block register tiles (clusters and L2 groups, tile_group.hpp) against
# single-block tiles, none() and stock odeint + Thrust with `boost_odeint_tiled bench`
# (BRUSS2D, double, n = 16 Mi): the runs the CUDA automatic() model was chosen from.
# Run on the GPU machine from the repository root, after the tool is built in
# build-gpu (bench/gpu_session.sh builds it):
#
#   bench/multi_block_sweep.sh OUT [TOOL]
#
# Writes OUT/sweep_<method>_d<d>.txt (the bench tables) and OUT/sweep.csv.
set -u -o pipefail
out=${1:?output folder}
tool=${2:-build-gpu/boost_odeint_tiled/boost_odeint_tiled}
mkdir -p "$out"

# trapezoid SPEC: "width height threads components blocks clusters"
trap_text() { echo "trapezoidal width=$1 height=$2 threads_per_block=$3 components_per_thread=$4 blocks_per_tile=$5 clusters=$6"; }

# sweep METHOD D "spec" "spec" ...: one bench run with stock, none, automatic and the specs
sweep() {
  local method=$1 d=$2; shift 2
  local args=()
  for spec in "$@"; do
    # shellcheck disable=SC2086
    args+=(--tiling "$(trap_text $spec)")
  done
  echo "== $method d=$d (${#args[@]} explicit tilings / 2)"
  "$tool" bench --backend cuda --n 16Mi --d "$d" --methods "$method" --steppers stock-cuda,none,automatic \
      --reps 5 --csv "$out/sweep_${method}_d${d}.csv" "${args[@]}" 2>&1 | tee "$out/sweep_${method}_d${d}.txt" |
      grep -E "ms/step|stock|none|automatic|trapezoidal" | cut -c1-200
}

# RK4 and Bogacki-Shampine (4 links): single block 128 x 4 = 512 components
sweep rk4 32 "2048 4 128 4 4 0" "2048 4 128 4 4 1" "4096 4 128 4 8 0" "4096 4 128 4 8 1" \
             "4096 4 256 4 4 0" "4096 4 256 4 4 1" "8192 4 256 4 8 1" "1024 4 128 4 2 1"
sweep rk4 256 "2048 4 128 4 4 1" "4096 4 128 4 8 0" "4096 4 128 4 8 1" "8192 4 128 4 16 1" \
              "8192 4 256 4 8 0" "8192 4 256 4 8 1"
sweep rk4 1024 "8192 4 128 4 16 1" "8192 4 256 4 8 0" "8192 4 256 4 8 1" "16384 4 256 4 16 1" \
               "16384 4 256 4 16 0" "4096 2 256 4 4 1" "8192 3 256 4 8 1"
sweep dopri5 32 "2048 6 512 2 2 1" "4096 6 512 2 4 0" "4096 6 512 2 4 1" "8192 6 512 2 8 1" "4096 6 256 4 4 1"
sweep dopri5 1024 "8192 3 512 2 8 1" "16384 6 512 2 16 1" "16384 6 512 2 16 0" "8192 4 512 2 8 1"
cat "$out"/sweep_*.csv > "$out/sweep.csv" 2>/dev/null
