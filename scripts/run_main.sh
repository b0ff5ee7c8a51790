#!/usr/bin/env bash
# The main job: install dependencies, build the command-line tool (Release,
# -march=native) in build/, and run its default benchmark comparison.
#   scripts/run_main.sh [extra arguments for "boost_odeint_tiled bench"...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install_dependencies.sh
if [ ! -f boost_odeint_tiled/CMakeLists.txt ]; then
  echo "run_main: the tool (boost_odeint_tiled/CMakeLists.txt) does not exist yet; nothing to run"
  exit 0
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
      -DBOOST_ODEINT_TILED_NATIVE=ON -DBOOST_ODEINT_TILED_BUILD_TOOL=ON \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=OFF -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF
cmake --build build --target boost_odeint_tiled_tool -j "$(nproc)"
exec build/boost_odeint_tiled/boost_odeint_tiled bench "$@"
