#!/usr/bin/env bash
# Installs boost_odeint_tiled to a temporary prefix and builds and runs the consumer
# project test/consumer/ against it through find_package(boost_odeint_tiled), configured
# without a build type (it must default to Release, optimised, and print the tiling a
# stepper resolved); then, where b2 is installed, builds and runs the same consumer
# with b2 through use-project.
#   scripts/test_install.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$(pwd)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
jobs="$(nproc)"

echo "test_install: installing to $prefix"
cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$prefix" \
      -DBOOST_ODEINT_TILED_BUILD_TESTS=OFF -DBOOST_ODEINT_TILED_BUILD_EXAMPLES=OFF \
      -DBOOST_ODEINT_TILED_BUILD_TOOL=OFF -DBOOST_ODEINT_TILED_ENABLE_CUDA=OFF >/dev/null
cmake --install "$work/build" >/dev/null
test -f "$prefix/include/boost/numeric/odeint/tiled.hpp"
test -f "$prefix/lib/cmake/boost_odeint_tiled/boost_odeint_tiledConfig.cmake"
test -f "$prefix/lib/cmake/boost_odeint_tiled/boost_odeint_tiledConfigVersion.cmake"
test -f "$prefix/lib/cmake/boost_odeint_tiled/boost_odeint_tiledTargets.cmake"

# Configured without a build type, as a new user would: the consumer's CMakeLists.txt
# (the one doc/getting_started.md shows) must then default to Release.
echo "test_install: building test/consumer against the installed package (no build type given)"
configure_log="$(env -u CMAKE_BUILD_TYPE cmake -S "$root/test/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix")"
fail() { echo "test_install: $*" >&2; exit 1; }
grep -q "No build type given: using Release" <<<"$configure_log" ||
  fail "the consumer did not announce its Release default"
grep -qx "CMAKE_BUILD_TYPE:STRING=Release" "$work/consumer/CMakeCache.txt" ||
  fail "the consumer's CMAKE_BUILD_TYPE is not Release"
cmake --build "$work/consumer" -j "$jobs" >/dev/null
out="$("$work/consumer/consumer")"
echo "$out"
expected="$(sed -n 's/^ *VERSION \([0-9.]*\)$/\1/p' CMakeLists.txt | head -n1)"
grep -q "^boost_odeint_tiled $expected\$" <<<"$out" || fail "the consumer printed no version $expected"
grep -qx "build: optimised" <<<"$out" || fail "the consumer was not compiled with optimisation"
# operator<< of the tiling a stepper resolved: a scheme, no longer "automatic"
grep -Eq "^resolved: +(none|trapezoidal|hexagonal|overlapped)" <<<"$out" ||
  fail "the consumer printed no resolved tiling"
echo "test_install: OK"

# The b2 route (doc/getting_started.md "With b2"): a project that use-project's this tree.
if command -v b2 >/dev/null 2>&1; then
  echo "test_install: building and running test/consumer with b2 (use-project)"
  (cd "$root/test/consumer" && b2 -q -j "$jobs" toolset=gcc --build-dir="$work/b2" >/dev/null)
  echo "test_install: b2 consumer OK"
else
  echo "test_install: b2 not installed, the b2 consumer is not tested" >&2
fi
