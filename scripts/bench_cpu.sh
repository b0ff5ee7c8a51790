#!/usr/bin/env bash
# The CPU "issue benchmark": builds the tool in build-bench/ (Release, -march=native)
# and runs `boost_odeint_tiled bench` on BRUSS2D for n in {4Mi, 16Mi},
# d in {32, 1024, 16384, 131072}, methods rk4 and verner56, all steppers.
#
#   scripts/bench_cpu.sh OUTDIR [extra bench options, e.g. --threads 16]
#
# Writes into OUTDIR: bench_cpu_n<N>.csv and .json per n, and bench_cpu.txt with the
# printed tables. Exits non-zero if a run failed (e.g. a stepper disagreed with stock
# odeint: the bench's exit status 1), after running all of them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ $# -lt 1 || "$1" == -* ]]; then
  echo "usage: $0 OUTDIR [extra boost_odeint_tiled bench options]" >&2
  exit 2
fi
out="$1"
shift
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# Build the tool (tests and examples off; -march=native where the root CMake offers it).
# CUDA off: a CPU benchmark needs none of the tool's CUDA backend (methods_cuda/*.cu).
cmake_opts=(-DCMAKE_BUILD_TYPE=Release -DBOOST_ODEINT_TILED_BUILD_TOOL=ON
            -DBOOST_ODEINT_TILED_BUILD_TESTS=OFF -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF
            -DBOOST_ODEINT_TILED_ENABLE_CUDA=OFF)
if grep -q 'BOOST_ODEINT_TILED_NATIVE' CMakeLists.txt; then
  cmake_opts+=(-DBOOST_ODEINT_TILED_NATIVE=ON)
fi
cmake -S . -B build-bench "${cmake_opts[@]}" >/dev/null
cmake --build build-bench --target boost_odeint_tiled_tool -j "$(nproc)"
tool=build-bench/boost_odeint_tiled/boost_odeint_tiled

txt="$out/bench_cpu.txt"
{
  echo "# scripts/bench_cpu.sh $(date -Is)"
  echo "# commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (modified)')"
} >"$txt"

status=0
for n in 4Mi 16Mi; do
  args=(bench --problem bruss2d --n "$n" --d 32,1024,16384,131072 --methods rk4,verner56
        --steppers all --csv "$out/bench_cpu_n$n.csv" --json "$out/bench_cpu_n$n.json" "$@")
  echo "# $tool ${args[*]}" | tee -a "$txt"
  rc=0
  "$tool" "${args[@]}" | tee -a "$txt" || rc=$?
  # with pipefail, rc is the tool's status (tee does not fail)
  if [[ $rc -ne 0 ]]; then
    echo "# exit status $rc" | tee -a "$txt"
    status=$rc
  fi
  echo | tee -a "$txt"
done
echo "results in $out"
exit "$status"
