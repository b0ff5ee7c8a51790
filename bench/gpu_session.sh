#!/usr/bin/env bash
# One GPU-machine session in one command: configures build-gpu with the tests and the
# tool (Release, CUDA, sm_90), builds the CUDA test programs and the tool in one
# parallel build (a no-op when build-gpu is current), then runs the given steps in order.
# Run from the repository root on the GPU machine, .deps/ carried (TBB packages):
#
#   bench/gpu_session.sh OUT [STEP ...]
#
# With TOOL=OFF in the environment only the GPU tests are built (steps test and sanitize).
# STEP: test (ctest -L gpu), sweep (bench/multi_block_sweep.sh), sanitize (compute-sanitizer on
# the multi-block test's cases), sanitize-streaming (compute-sanitizer memcheck, racecheck and
# synccheck on the streaming kernel's and the adaptive steps' test cases, all at once),
# bench (the documented H100 table: every method, d = 32 .. 524288). OUT gets configure.log, build.log and each step's files.
# Exit status: ctest's when `test` ran, else 0; 1 if configuring or building failed.
set -u -o pipefail
out=${1:?output folder}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

# shellcheck source=bench/tbb_env.sh disable=SC1091
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc 2>/dev/null || echo 4)
tool=build-gpu/boost_odeint_tiled/boost_odeint_tiled
{ nvidia-smi 2>&1 | head -15; nvcc --version 2>&1 | tail -2; } > "$out/env.txt"

start=$SECONDS
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON -DBOOST_ODEINT_TILED_BUILD_TESTS=ON \
      -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF -DBOOST_ODEINT_TILED_BUILD_TOOL="${TOOL:-ON}" > "$out/configure.log" 2>&1 ||
  { tail -20 "$out/configure.log"; exit 1; }
tests=$(ctest --test-dir build-gpu -L gpu -N 2>/dev/null | sed -n 's/^ *Test *#[0-9]*: *\([A-Za-z0-9_]*\)$/\1/p' | sort -u)
tool_target=boost_odeint_tiled_tool
[ "${TOOL:-ON}" = OFF ] && tool_target=
# One cmake --build with several targets builds them one after another, and each GPU test
# is a single translation unit: that took over 10 minutes on the 16-core GPU machine.
# So the tool and the shared test library first (the tool's many files in parallel),
# then one build process per test program, all at once.
# shellcheck disable=SC2086
if ! cmake --build build-gpu -j "$jobs" --target $tool_target boost_odeint_tiled_test_main > "$out/build.log" 2>&1; then
  grep -E "error" "$out/build.log" | head -30; echo "build failed"; exit 1
fi
pids=()
for t in $tests; do
  cmake --build build-gpu --target "$t" > "$out/build_$t.log" 2>&1 &
  pids+=($!)
done
for p in "${pids[@]}"; do
  if ! wait "$p"; then
    cat "$out"/build_*.log >> "$out/build.log"; grep -E "error" "$out/build.log" | head -30; echo "build failed"; exit 1
  fi
done
echo "== built in $((SECONDS - start)) s: tool and $(echo $tests | wc -w) GPU tests"

rc=0
for step in "$@"; do
  case "$step" in
    test)
      ctest --test-dir build-gpu -L gpu --output-on-failure --no-tests=error -j 2 --timeout 400 \
            --output-junit "$out/ctest-junit.xml" > "$out/ctest.log" 2>&1
      rc=$?
      grep -E "tests passed|tests failed|Skipped|\*\*\*Failed|Passed|sec$" "$out/ctest.log" | tail -12
      echo "ctest -L gpu: exit $rc" ;;
    sweep) bench/multi_block_sweep.sh "$out" "$tool" ;;
    sanitize)
      exe=$(find build-gpu -name cuda_multi_block_tiles_cuda -type f | head -1)
      for tool_name in memcheck racecheck synccheck; do
        for case_name in halos_wider_than_a_block_and_awkward_sizes adaptive_steps_on_multi_block_tiles_follow_the_host_controller; do
          timeout 150 compute-sanitizer --tool "$tool_name" --error-exitcode 9 "$exe" --run_test="$case_name" \
            > "$out/sanitize_${tool_name}_${case_name%%_*}.log" 2>&1
          echo "compute-sanitizer $tool_name $case_name: exit $? ($(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' \
            "$out/sanitize_${tool_name}_${case_name%%_*}.log" | tail -1))"
        done
      done ;;
    sanitize-streaming)
      # case:program pairs; every tool on every case, in parallel processes (the GPU has room)
      cases="overlapped_tiles_of_the_whole_chain_run_the_streaming_kernel_and_agree:cuda_tiled_steppers_cuda
             streaming_tiles_reaching_two_chunks_agree:cuda_tiled_steppers_cuda
             automatic_streams_overlapped_tiles_where_the_kernel_applies:cuda_tiled_steppers_cuda
             dopri5_on_device_vectors_takes_the_host_decisions:cuda_adaptive_cuda
             dense_output_on_device_vectors_observes_what_the_host_observes:cuda_adaptive_cuda
             verner56_streams_its_adaptive_step_and_takes_the_host_decisions:cuda_adaptive_cuda
             adaptive_steps_stream_at_a_reach_of_two_chunks:cuda_adaptive_cuda"
      pids=()
      for entry in $cases; do
        case_name=${entry%%:*}
        exe=$(find build-gpu -name "${entry##*:}" -type f | head -1)
        for tool_name in memcheck racecheck synccheck; do
          timeout "${SANITIZE_TIMEOUT:-300}" compute-sanitizer --tool "$tool_name" --error-exitcode 9 "$exe" \
            --run_test="$case_name" > "$out/sanitize_${tool_name}_${case_name}.log" 2>&1 &
          pids+=($!)
        done
      done
      for p in "${pids[@]}"; do wait "$p"; done
      for f in "$out"/sanitize_*.log; do
        echo "$(basename "$f" .log): $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|No errors detected|\*\*\* No errors' "$f" | tail -1)"
      done ;;
    bench)
      "$tool" bench --backend cuda --n 16Mi --d 32,256,1024,16384,131072,524288 \
        --methods rk4,dopri5,verner56,bogacki-shampine32 --steppers stock-cuda,none,trapezoidal,automatic \
        --csv "$out/gpu_bench.csv" --json "$out/gpu_bench.json" --plot "$out/gpu_speedup.svg" \
        > "$out/gpu_bench.txt" 2>&1
      echo "bench: exit $?"; tail -40 "$out/gpu_bench.txt" | cut -c1-170 ;;
    *) echo "unknown step $step" ;;
  esac
  echo "== $step done after $((SECONDS - start)) s"
done
exit "$rc"
