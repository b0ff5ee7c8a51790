#!/usr/bin/env bash
# Source on the GPU machine (no network, no TBB): unpacks Debian's TBB packages,
# carried in .deps/ (apt-get download libtbb-dev libtbb12 libtbbmalloc2 libhwloc15
# libtbbbind-2-5), into /tmp/tbbroot and points compilers and CMake at them.
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
