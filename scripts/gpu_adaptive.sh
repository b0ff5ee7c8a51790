#!/usr/bin/env bash
# Adaptive stepping on the GPU (issue 4): builds and runs test/cuda/adaptive.cu, runs a
# subset of it under compute-sanitizer (memcheck, racecheck, synccheck), and runs the
# `adaptive` benchmark on both backends (BRUSS2D n = 16 Mi, d = 32, DOPRI5, t = 0 .. 0.01,
# abs = rel = 1e-8). Logs go to the folder given as $1 (default ./gpu-adaptive):
#   build.log  test.log  memcheck.log  racecheck.log  synccheck.log  bench-cuda.txt  bench-tbb.txt
#
#   scripts/gpu_adaptive.sh "$OUT"                 # everything
#   GPU_ADAPTIVE_STEPS="test bench" scripts/gpu_adaptive.sh "$OUT"   # a selection of: test sanitize bench
#
# Exit status: 0 when every step that ran passed; else the number of failed steps.
set -u -o pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-./gpu-adaptive}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo_root"
steps=${GPU_ADAPTIVE_STEPS:-"test sanitize bench"}

# shellcheck source=bench/tbb_env.sh
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc 2>/dev/null || echo 4)
build=build-gpu-adaptive
failed=0

# only what the chosen steps run: the tool (all of bench's CUDA methods too) takes longest
targets=""
[[ " $steps " == *" test "* || " $steps " == *" sanitize "* ]] && targets+=" cuda_adaptive_cuda"
[[ " $steps " == *" bench "* ]] && targets+=" boost_odeint_tiled_tool"
echo "== configure and build ($build):$targets"
# shellcheck disable=SC2086
if ! { cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
         -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON -DBOOST_ODEINT_TILED_BUILD_TESTS=ON \
         -DBOOST_ODEINT_TILED_BUILD_TOOL=ON -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF \
       && cmake --build "$build" -j "$jobs" --target $targets; \
     } > "$out/build.log" 2>&1; then
  grep -E "error" "$out/build.log" | head -40; echo "build failed (see $out/build.log)"; exit 1
fi
test_bin="$build/test/cuda_adaptive_cuda"
bench_bin="$build/boost_odeint_tiled/boost_odeint_tiled"

if [[ " $steps " == *" test "* ]]; then
  echo "== test/cuda/adaptive.cu"
  (cd "$build/test" && ./cuda_adaptive_cuda --report_level=short) > "$out/test.log" 2>&1
  rc=$?
  tail -5 "$out/test.log"
  [ "$rc" -eq 77 ] && echo "SKIPPED: no usable CUDA device"
  [ "$rc" -ne 0 ] && failed=$((failed + 1))
fi

if [[ " $steps " == *" sanitize "* ]]; then
  # the small cases: a sanitizer slows every launch down, the full suite makes thousands
  subset="fused_norm_on_the_device_equals_odeint_error_checker,all_try_step_overloads_agree_on_the_device"
  subset+=",reject_leaves_the_device_state_untouched_and_accept_swaps"
  subset+=",dense_output_before_the_first_step_returns_the_initial_device_state"
  subset+=",blow_up_ends_in_step_adjustment_error_on_the_device"
  for tool in memcheck racecheck synccheck; do
    echo "== compute-sanitizer --tool $tool"
    (cd "$build/test" && compute-sanitizer --tool "$tool" --error-exitcode 99 \
        ./cuda_adaptive_cuda --run_test="$subset" --report_level=short) > "$out/$tool.log" 2>&1
    rc=$?
    tail -4 "$out/$tool.log"
    [ "$rc" -ne 0 ] && { echo "$tool: exit status $rc"; failed=$((failed + 1)); }
  done
fi

if [[ " $steps " == *" bench "* ]]; then
  for backend in cuda tbb; do
    echo "== adaptive --backend $backend (BRUSS2D n = 16Mi, d = 32, dopri5, t = 0 .. 0.01, tol 1e-8)"
    "$bench_bin" adaptive --backend "$backend" --method dopri5 --n 16Mi --d 32 --t-end 0.01 --tol 1e-8 \
        > "$out/bench-$backend.txt" 2>&1
    rc=$?
    cat "$out/bench-$backend.txt"
    [ "$rc" -ne 0 ] && failed=$((failed + 1))
  done
fi
exit "$failed"
