#!/usr/bin/env bash
# The main job: install dependencies, build the command-line tool (Release,
# -march=native; with CUDA where a GPU is present) in build/, and run its default
# benchmark comparison (on the GPU when there is one, else on TBB).
#   scripts/run_main.sh [extra arguments for "boost_odeint_tiled bench"...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install_dependencies.sh
if [ ! -f boost_odeint_tiled/CMakeLists.txt ]; then
  echo "run_main: the tool (boost_odeint_tiled/CMakeLists.txt) does not exist yet; nothing to run"
  exit 0
fi

# On a machine with an NVIDIA GPU (nvidia-smi sees one and nvcc is there) the tool is
# built with its CUDA backend and the benchmark runs on the GPU (--backend auto);
# elsewhere CUDA stays off: the tool's device code would be half an hour of nvcc on
# 2 cores for nothing, and the benchmark runs on the CPU (TBB).
cuda=OFF
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1 &&
   { command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; }; then
  cuda=ON
  export PATH="$PATH:/usr/local/cuda/bin"
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
      -DBOOST_ODEINT_TILED_NATIVE=ON -DBOOST_ODEINT_TILED_BUILD_TOOL=ON \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=OFF -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF \
      -DBOOST_ODEINT_TILED_ENABLE_CUDA="$cuda"
cmake --build build --target boost_odeint_tiled_tool -j "$(nproc)"
exec build/boost_odeint_tiled/boost_odeint_tiled bench --backend auto "$@"
