#!/usr/bin/env bash
# Source on the GPU machine (no network, no TBB): unpacks Debian's TBB packages,
# carried in .deps/ (apt-get download libtbb-dev libtbb12 libtbbmalloc2 libhwloc15
# libtbbbind-2-5), into /tmp/tbbroot and points compilers and CMake at them. Does
# nothing where TBB's headers are installed or no packages are carried, so scripts
# source it unconditionally (from the repository root).
if [ -e /usr/include/tbb/tbb.h ] || [ -e /usr/local/include/tbb/tbb.h ] || ! ls .deps/*.deb >/dev/null 2>&1; then
  # shellcheck disable=SC2317  # exit where it is run rather than sourced
  return 0 2>/dev/null || exit 0
fi
set -e
root=/tmp/tbbroot
if [ ! -d "$root/usr/include/tbb" ]; then
  for f in .deps/*.deb; do dpkg -x "$f" "$root"; done
fi
export CPATH="$root/usr/include${CPATH:+:$CPATH}"
export LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu${LIBRARY_PATH:+:$LIBRARY_PATH}"
export LD_LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export CMAKE_PREFIX_PATH="$root/usr${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}"
set +e
