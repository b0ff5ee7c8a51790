#!/usr/bin/env bash
# Runs GPU test programs built on another machine (nvcc needs no GPU: building them
# on the development machine saves the GPU machine's minutes) and compute-sanitizer
# on the streaming kernel's cases. Carry the folder of binaries and .deps/ (TBB).
#
#   bench/run_prebuilt_gpu_tests.sh BIN_DIR OUT [sanitize]
#
# BIN_DIR holds the *_cuda test executables (e.g. copied from build/test/). Each runs
# with BOOST_ODEINT_TILED_TUNING_CACHE=off, as ctest runs them. Exit status: the
# number of programs that failed.
set -u -o pipefail
bin=${1:?folder of test binaries}
out=${2:?output folder}
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
# shellcheck source=bench/tbb_env.sh disable=SC1091
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
export BOOST_ODEINT_TILED_TUNING_CACHE=off
failed=0
for exe in "$bin"/*_cuda; do
  name=$(basename "$exe")
  start=$SECONDS
  timeout 400 "$exe" --log_level=error > /tmp/gpu_test.log 2>&1
  rc=$?
  { echo "==== $name: exit $rc"; cat /tmp/gpu_test.log; } >> "$out/gpu_tests.log"
  echo "$name: exit $rc in $((SECONDS - start)) s ($(tail -2 /tmp/gpu_test.log | tr -d '\033' | tr '\n' ' ' | cut -c1-120))"
  [ $rc -ne 0 ] && failed=$((failed + 1))
done
# compute-sanitizer TOOL on test program EXE's cases CASE...; the log to OUT/sanitize.log
sanitize() {
  local exe=$1 tool=$2 case_name rc
  shift 2
  for case_name in "$@"; do
    timeout 200 compute-sanitizer --tool "$tool" --error-exitcode 9 "$exe" --run_test="$case_name" \
      > /tmp/sanitize.log 2>&1
    rc=$?
    { echo "==== $tool $case_name: exit $rc"; cat /tmp/sanitize.log; } >> "$out/sanitize.log"
    echo "compute-sanitizer $tool $case_name: exit $rc ($(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/sanitize.log | tail -1))"
  done
}
if [ "${3:-}" = sanitize ]; then
  for tool in memcheck racecheck synccheck; do
    sanitize "$bin/cuda_tiled_steppers_cuda" "$tool" streaming_tiles_of_awkward_sizes_agree \
      streaming_tiles_with_and_without_unchecked_steps_agree automatic_streams_overlapped_tiles_where_the_kernel_applies
  done
  # dense output with automatic()'s streamed steps, and the FSAL controller's given F_0
  # and handed-on last derivative in every kernel family (device_tilings())
  for tool in memcheck racecheck; do
    sanitize "$bin/cuda_adaptive_cuda" "$tool" make_controlled_and_make_dense_output_take_device_vectors \
      fsal_controller_reuses_the_last_derivative_on_the_device \
      dense_output_on_the_device_reusing_the_last_derivative_observes_what_the_host_observes
  done
fi
exit "$failed"
