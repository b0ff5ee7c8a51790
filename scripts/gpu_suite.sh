#!/usr/bin/env bash
# GPU test suite: configures build-gpu (Release, CUDA on, CMAKE_CUDA_ARCHITECTURES=90),
# builds only the CUDA test executables (test/**/*.cu -> <area>_<name>_cuda) and runs
# `ctest -L gpu`. Logs go to the folder given as $1 (default ./gpu-results):
#   env.txt        nvidia-smi, nvcc, cmake, Boost and TBB versions
#   configure.log  build.log  ctest.log  ctest-junit.xml  summary.txt
#
#   scripts/gpu_suite.sh "$OUT"        # on the GPU machine, from the repository root
#
# TBB: if no TBB headers are installed, bench/tbb_env.sh unpacks the Debian
# packages carried in .deps/. Boost: headers only (Boost.Test's header-only variant is
# compiled into the test main), found by CMake in /usr/include.
# Exit status: ctest's; 3 if any GPU test was skipped (no usable GPU: a skipped GPU
# suite is not a pass); 1 if configuring or building failed.
# Extra CMake arguments can be passed in GPU_SUITE_CMAKE_ARGS.
set -u -o pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-./gpu-results}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo_root"

# shellcheck source=bench/tbb_env.sh
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
export PATH="$PATH:/usr/local/cuda/bin"
jobs=$(nproc 2>/dev/null || echo 4)
build=build-gpu

{
  echo "date: $(date -u +%FT%TZ)"; echo "host: $(hostname)"
  echo "git: $(git rev-parse HEAD 2>/dev/null || echo none) $(git status --short 2>/dev/null | wc -l) changed/untracked paths"
  nvidia-smi 2>&1 || echo "nvidia-smi failed"
  nvcc --version 2>&1 || echo "nvcc not found"
  cmake --version 2>&1 | head -1
  grep -h "define BOOST_LIB_VERSION" /usr/include/boost/version.hpp 2>/dev/null
  grep -h "define TBB_VERSION_STRING\|define TBB_VERSION_M" "${CPATH:-/nonexistent}"/oneapi/tbb/version.h \
      /usr/include/oneapi/tbb/version.h 2>/dev/null | head -3
} > "$out/env.txt" 2>&1

echo "== configure ($build)"
if ! cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
      -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON -DBOOST_ODEINT_TILED_BUILD_TESTS=ON \
      -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF -DBOOST_ODEINT_TILED_BUILD_TOOL=OFF \
      ${GPU_SUITE_CMAKE_ARGS:-} > "$out/configure.log" 2>&1; then
  tail -30 "$out/configure.log"; echo "configure failed (see $out/configure.log)"; exit 1
fi

# ctest test names of label gpu are the names of their executable targets
targets=$(ctest --test-dir "$build" -L gpu -N 2>/dev/null | sed -n 's/^ *Test *#[0-9]*: *\([A-Za-z0-9_]*\)$/\1/p' | sort -u)
if [ -z "$targets" ]; then
  echo "no CUDA test targets found" | tee "$out/build.log"; exit 1
fi
echo "== build ($(echo $targets | wc -w) CUDA tests, -j$jobs): $(echo $targets)"
# shellcheck disable=SC2086
if ! cmake --build "$build" -j "$jobs" --target $targets > "$out/build.log" 2>&1; then
  grep -E "error|Error" "$out/build.log" | head -40; echo "build failed (see $out/build.log)"; exit 1
fi

echo "== ctest -L gpu"
ctest --test-dir "$build" -L gpu --output-on-failure --no-tests=error \
      --output-junit "$out/ctest-junit.xml" 2>&1 | tee "$out/ctest.log"
rc=${PIPESTATUS[0]}
if grep -q "(Skipped)\|Not Run" "$out/ctest.log"; then
  echo "GPU tests were SKIPPED: no usable CUDA device? (a skipped GPU suite is not a pass)" | tee -a "$out/ctest.log"
  [ "$rc" -eq 0 ] && rc=3
fi
{ echo "ctest exit status: $rc"; grep -E "tests passed|tests failed|Skipped|Failed|Passed" "$out/ctest.log"; } > "$out/summary.txt"
cat "$out/summary.txt"
exit "$rc"
