#!/usr/bin/env bash
# Builds oneTBB's libtbb with -fsanitize=thread into PREFIX (default build-tsan-tbb/prefix)
# from the Debian source of the installed libtbb-dev (apt-get source with a private
# source list; the system's apt configuration is not touched).
#
# Why: Debian's libtbb is not instrumented, so ThreadSanitizer cannot see the
# synchronisation inside it and reports every parallel_for / parallel_reduce (TBB's own
# task objects and the user's data handed from one pass to the next) as a data race.
# Against an instrumented libtbb those false reports vanish and real races still show.
#   .ci/build_tsan_tbb.sh [PREFIX]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
prefix="$(realpath -m "${1:-build-tsan-tbb/prefix}")"
if [ -f "$prefix/lib/cmake/TBB/TBBConfig.cmake" ]; then
  echo "build_tsan_tbb: already built in $prefix"
  exit 0
fi

work="$(realpath -m build-tsan-tbb)"
mkdir -p "$work/apt/lists/partial" "$work/src"
codename="$(. /etc/os-release && echo "$VERSION_CODENAME")"
cat > "$work/apt/sources.list" <<SRC
deb-src http://deb.debian.org/debian $codename main
deb-src http://deb.debian.org/debian $codename-updates main
deb-src http://deb.debian.org/debian-security $codename-security main
SRC
apt_opts=(-o "Dir::Etc::SourceList=$work/apt/sources.list" -o "Dir::Etc::SourceParts=/nonexistent"
          -o "Dir::State::Lists=$work/apt/lists" -o "APT::Sandbox::User=root")
apt-get "${apt_opts[@]}" update -qq
(cd "$work/src" && apt-get "${apt_opts[@]}" source --download-only -qq onetbb)
orig="$(ls "$work"/src/onetbb_*.orig.tar.* | head -n1)"
rm -rf "$work/onetbb" && mkdir -p "$work/onetbb"
tar -xf "$orig" -C "$work/onetbb" --strip-components=1

cmake -S "$work/onetbb" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib \
      -DTBB_SANITIZE=thread -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF \
      -DTBBMALLOC_BUILD=OFF -DTBB_DISABLE_HWLOC_AUTOMATIC_SEARCH=ON >/dev/null
cmake --build "$work/build" -j "$(nproc)" >/dev/null 2>&1 || cmake --build "$work/build" -j 1
cmake --install "$work/build" >/dev/null
echo "build_tsan_tbb: instrumented libtbb in $prefix"
