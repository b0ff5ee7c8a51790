#!/usr/bin/env bash
# The FSAL controller's choice (reuse_last_derivative: the last stage derivative handed
# on as the next step's F_0, or F_0 evaluated in the tile) against the controller
# before it, which always evaluated F_0 in the tile: adaptive_probe built from both
# trees on the development machine (nvcc needs no GPU), run alternately on the GPU
# machine, so that all see the same clocks; then, where given, the tool's adaptive
# command on the host's cores (TBB) for both trees, and with --reuse-last-derivative.
#
#   scripts/device/fsal_compare.sh BIN_DIR OUT
#
# BIN_DIR: adaptive_probe_base and adaptive_probe_new (scripts/device/adaptive_probe.cu
# built with -I of each tree's include/; "reuse:auto" needs the new one), and optionally
# tool_cpu_base.gz and tool_cpu_new.gz (the tool of each tree, built without CUDA for
# the host's CPU). Carry BIN_DIR and .deps/ (TBB).
set -u -o pipefail
bin=${1:?folder of the probes}
out=${2:?output folder}
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
# shellcheck source=scripts/device/tbb_env.sh disable=SC1091
source scripts/device/tbb_env.sh  # TBB from .deps/ where none is installed
export BOOST_ODEINT_TILED_TUNING_CACHE=off
log="$out/fsal_compare.txt"
{ nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader; lscpu | grep -E "Model name|^CPU\(s\)"; } > "$log" 2>&1
# D method: BRUSS2D n = 16 Mi, t = 0 .. 0.01, tolerance 1e-8, automatic()'s tiling
for round in 1 2; do
  for cfg in "32 dopri5" "32 bs32" "1024 dopri5" "256 dopri5" "32 verner56"; do
    for variant in base new reuse; do
      probe="$bin/adaptive_probe_$variant" tiling=auto
      [ "$variant" = reuse ] && probe="$bin/adaptive_probe_new" tiling=reuse:auto
      case "$cfg" in *verner56) [ "$variant" = reuse ] && continue ;; esac  # not FSAL
      echo "== round $round, $variant: $cfg" >> "$log"
      # shellcheck disable=SC2086  # cfg: two arguments
      timeout 60 "$probe" $cfg 1e-8 0.01 5 "$tiling" >> "$log" 2>&1
    done
  done
done
if [ -e "$bin/tool_cpu_base.gz" ]; then
  for variant in base new reuse base new reuse; do
    file=$variant extra=()
    [ "$variant" = reuse ] && file=new extra=(--reuse-last-derivative)
    gunzip -c "$bin/tool_cpu_$file.gz" > /tmp/tool_cpu && chmod +x /tmp/tool_cpu
    echo "== host, $variant" >> "$log"
    timeout 120 /tmp/tool_cpu adaptive --backend tbb --method dopri5 --n 16Mi --d 32 --t-end 0.01 --tol 1e-8 \
      "${extra[@]}" >> "$log" 2>&1
  done
fi
grep -E "^==|ms/accepted|auto  |speedup|controlled_explicit_rk|controlled_runge_kutta" "$log" | cut -c1-160
