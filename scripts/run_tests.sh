#!/usr/bin/env bash
# The test job: install dependencies, configure build-tests/ (tests on), build, run ctest.
#   scripts/run_tests.sh [extra cmake -D options...]
#
# CUDA targets (tests, the GPU example; label "gpu") are built where a GPU is present
# (nvidia-smi -L lists one) or when asked:
#   BOOST_ODEINT_TILED_TEST_CUDA=ON   build them (nvcc must be found), GPU or not
#   BOOST_ODEINT_TILED_TEST_CUDA=OFF  never build them
#   CI=true (set by .ci/run)          build them if nvcc is found, so the device code
#                                     still compiles where no GPU can run it
# Without a GPU a built GPU test exits 77 and ctest reports it as skipped. Building
# them costs most of the job's time on a small machine, hence not by default.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install_dependencies.sh
jobs="$(nproc)"

has_gpu=false
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then has_gpu=true; fi

asked="${BOOST_ODEINT_TILED_TEST_CUDA:-}"
case "$asked" in
  ON|on|1|true|TRUE)    cuda=ON ;;
  OFF|off|0|false|FALSE) cuda=OFF ;;
  "")
    if [ "$has_gpu" = true ] || [ "${CI:-}" = true ]; then cuda=AUTO; else cuda=OFF; fi ;;
  *) echo "run_tests: BOOST_ODEINT_TILED_TEST_CUDA='$asked': use ON or OFF" >&2; exit 2 ;;
esac
if [ "$cuda" = OFF ] && [ -z "$asked" ]; then
  echo "run_tests: no GPU found (nvidia-smi -L): the GPU tests are not built;" \
       "BOOST_ODEINT_TILED_TEST_CUDA=ON scripts/run_tests.sh builds them"
fi

# The tool's CUDA backend only where a GPU can run it (its nine methods' device code
# would take longer than everything else here; the CUDA tests compile the library's).
tool_cuda=OFF
if [ "$has_gpu" = true ]; then tool_cuda=ON; fi
# Without a GPU the CUDA programs are built only to prove that they compile
# (BOOST_ODEINT_TILED_CUDA_COMPILE_CHECK: every template instantiated and every kernel
# compiled to PTX, unoptimised, host code at -O0; see CMakeLists.txt); with a GPU they
# are built as the user runs them. CUDAFLAGS from the environment, or
# -DCMAKE_CUDA_FLAGS=... among the arguments, takes precedence over the cleared flags
# (a build-tests/ cache from an older version of this script may hold some).
cuda_flags=()
if [ "$cuda" != OFF ]; then
  if [ "$has_gpu" = false ]; then
    cuda_flags=(-DBOOST_ODEINT_TILED_CUDA_COMPILE_CHECK=ON)
  else
    cuda_flags=(-DBOOST_ODEINT_TILED_CUDA_COMPILE_CHECK=OFF)
  fi
  if [ -z "${CUDAFLAGS:-}" ]; then cuda_flags+=(-DCMAKE_CUDA_FLAGS=); fi
fi
# The tool and the examples are built here to be run by their tests, not timed
# (scripts/run_main.sh builds the tool for that, in build/): at -O1, which compiles
# them much faster than -O3. The tests (BOOST_ODEINT_TILED_TEST_OPTIMIZATION): -O2
# where a GPU is present (a machine built to run everything, optimised code tested as
# users build it); without one (a small machine, as CI) -O1, which compiles the tests a
# third faster and runs them nearly as fast. An explicit
# -DBOOST_ODEINT_TILED_TEST_OPTIMIZATION=... among the arguments takes precedence.
test_opt=-O1
if [ "$has_gpu" = true ]; then test_opt=-O2; fi
cmake -S . -B build-tests -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=ON -DBOOST_ODEINT_TILED_ENABLE_CUDA="$cuda" \
      -DBOOST_ODEINT_TILED_TOOL_CUDA="$tool_cuda" "-DBOOST_ODEINT_TILED_TEST_OPTIMIZATION=$test_opt" \
      "${cuda_flags[@]}" "$@"
cmake --build build-tests -j "$jobs"
ctest --test-dir build-tests --output-on-failure -j "$jobs"
