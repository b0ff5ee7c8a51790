#!/usr/bin/env bash
# GPU smoke test of `boost_odeint_tiled bench --backend cuda` (run on the GPU machine,
# from the repository root; needs nvcc and a GPU). Configures build-bench-gpu
# (Release, CUDA on, CMAKE_CUDA_ARCHITECTURES=90, tool only), builds the tool with
# its CUDA backend and runs tiny benches:
#
#   1. --backend cuda, double: every method, d = 32 and 1024, every GPU stepper
#   2. --backend cuda, float:  every method, d = 32
#   3. --backend cuda, double: heat and phase-chain, rk4 and dopri5; the periodic
#      lorenz96, every method (the unrolled ring's kernels)
#   4. --backend auto must pick cuda here
#   5. --backend tbb, double and float: rk4 and verner56 (the host path of the same build)
#   6. command-line errors exit with 2: a host stepper on the GPU, an unknown backend
#
# Each bench also checks that every stepper agrees with stock odeint (stock-cuda on the
# GPU), so a wrong GPU result fails the script. Logs and JSON go to $1 (default
# ./bench-gpu-smoke). Exit status: 0 all passed; 1 configure/build failed; 2 a bench
# failed or disagreed, or an exit status was not the expected one.
#
#   bench/bench_gpu_smoke.sh "$OUT"
#
# TBB: like scripts/gpu_suite.sh, unpacks .deps/*.deb when no TBB headers are
# installed (carry .deps to the GPU machine).
set -u -o pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-./bench-gpu-smoke}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo_root" || exit 1

# shellcheck source=bench/tbb_env.sh disable=SC1091
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc 2>/dev/null || echo 4)
build="build-bench-gpu"
tool=$build/boost_odeint_tiled/boost_odeint_tiled

{ nvidia-smi 2>&1 | head -15; nvcc --version 2>&1 | tail -2; } > "$out/env.txt"

echo "== configure ($build)"
if ! cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON -DBOOST_ODEINT_TILED_BUILD_TOOL=ON \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=OFF -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF \
      > "$out/configure.log" 2>&1; then
  tail -30 "$out/configure.log"; echo "configure failed (see $out/configure.log)"; exit 1
fi
echo "== build boost_odeint_tiled_tool (-j$jobs)"
start=$(date +%s)
if ! cmake --build "$build" --target boost_odeint_tiled_tool -j "$jobs" > "$out/build.log" 2>&1; then
  grep -E "error|Error" "$out/build.log" | head -40; echo "build failed (see $out/build.log)"; exit 1
fi
echo "   built in $(( $(date +%s) - start )) s"

status=0
# run NAME EXPECTED_EXIT ARGS...: one bench, its output in $out/NAME.txt
run() {
  local name=$1 expected=$2; shift 2
  echo "== $name: bench $*"
  "$tool" bench "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  if [ "$rc" -ne "$expected" ]; then
    tail -40 "$out/$name.txt"
    echo "FAILED: $name exited with $rc, expected $expected"
    status=2
  else
    echo "   ok (exit $rc)"
  fi
}

small=(--n 64Ki --steps 5 --reps 1)
run cuda_double_all 0 --backend cuda --precision double "${small[@]}" --d 32,1024 --methods all \
    --json "$out/cuda_double_all.json"
run cuda_float_all 0 --backend cuda --precision float "${small[@]}" --d 32 --methods all \
    --json "$out/cuda_float_all.json"
run cuda_heat 0 --backend cuda --problem heat "${small[@]}" --methods rk4,dopri5
run cuda_phase_chain 0 --backend cuda --problem phase-chain "${small[@]}" --methods rk4,dopri5
run cuda_lorenz96 0 --backend cuda --problem lorenz96 "${small[@]}" --methods all
run cuda_auto 0 --backend auto "${small[@]}" --d 32 --methods rk4
if ! grep -q "^  backend   cuda" "$out/cuda_auto.txt"; then
  echo "FAILED: --backend auto did not pick cuda on a GPU machine"; status=2
fi
run tbb_double 0 --backend tbb --precision double "${small[@]}" --d 32 --methods rk4,verner56
run tbb_float 0 --backend tbb --precision float "${small[@]}" --d 32 --methods rk4,verner56
run bad_stepper 2 --backend cuda --steppers stock-tbb "${small[@]}"
run bad_backend 2 --backend opencl "${small[@]}"

# the tables of the GPU runs, for the report
for f in cuda_double_all cuda_float_all cuda_auto; do
  echo; echo "---- $f"; sed -n '1,400p' "$out/$f.txt"
done > "$out/summary.txt"
grep -h "DISAGREES\|error:" "$out"/cuda_*.txt "$out"/tbb_*.txt | head -20

if [ "$status" -eq 0 ]; then echo "bench GPU smoke test: all passed (logs in $out)"; else echo "bench GPU smoke test: FAILED (logs in $out)"; fi
exit "$status"
