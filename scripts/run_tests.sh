#!/usr/bin/env bash
# The test job: install dependencies, configure build-tests/ (tests on), build, run ctest.
#   scripts/run_tests.sh [extra cmake -D options...]
# GPU tests (label "gpu", built when nvcc is found) are reported as skipped without a GPU.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install_dependencies.sh
jobs="$(nproc)"
# The tool's CUDA backend only where a GPU can run it (the CUDA tests are built either way).
tool_cuda=OFF
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then tool_cuda=ON; fi
cmake -S . -B build-tests -DCMAKE_BUILD_TYPE=Release \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=ON -DBOOST_ODEINT_TILED_TOOL_CUDA="$tool_cuda" "$@"
cmake --build build-tests -j "$jobs"
ctest --test-dir build-tests --output-on-failure -j "$jobs"
