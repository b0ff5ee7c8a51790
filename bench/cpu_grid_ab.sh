#!/usr/bin/env bash
# In-process A/B/C of the grid helper's CPU block form: one binary with three versions
# of grid_bruss2d (bench/cpu_grid_ab/tu_{a,b,c}.cpp, each compiled against its own
# include tree) and the hand-vectorised bruss2d (main.cpp, against this tree's include/),
# alternated round by round (the machine's speed varies between processes by more than
# the differences measured). Make the older trees on the development machine and carry
# them, e.g.  git archive REV include | tar -x -C DIR --strip-components=1
#
#   bench/cpu_grid_ab.sh A_INCLUDE B_INCLUDE C_INCLUDE "$OUT" [ROUNDS [N [D_LIST]]]
#
# CXXFLAGS_A/B/C add flags per version (e.g. -DBOOST_ODEINT_TILED_VECTOR_LOOP=...).
# Writes $OUT/cpu_grid_ab.txt. g++ -O3 -march=native, as a user's build.
set -u -o pipefail
a=$(realpath "${1:?include tree of version A}")
b=$(realpath "${2:?include tree of version B}")
c=$(realpath "${3:?include tree of version C}")
out=${4:?output folder}
rounds=${5:-9}
n=${6:-16777216}
d_list=${7:-32,1024}
mkdir -p "$out"
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
# shellcheck source=bench/tbb_env.sh disable=SC1091
source bench/tbb_env.sh  # TBB from .deps/ where none is installed
flags=(-O3 -march=native -DNDEBUG -std=c++17)
tmp=$(mktemp -d)
# shellcheck disable=SC2086  # the per-version flags are word lists
{
  g++ "${flags[@]}" ${CXXFLAGS_A:-} -I"$a" -c bench/cpu_grid_ab/tu_a.cpp -o "$tmp/a.o" &
  g++ "${flags[@]}" ${CXXFLAGS_B:-} -I"$b" -c bench/cpu_grid_ab/tu_b.cpp -o "$tmp/b.o" &
  g++ "${flags[@]}" ${CXXFLAGS_C:-} -I"$c" -c bench/cpu_grid_ab/tu_c.cpp -o "$tmp/c.o" &
  g++ "${flags[@]}" -Iinclude -c bench/cpu_grid_ab/main.cpp -o "$tmp/m.o" &
  wait
}
g++ "$tmp/a.o" "$tmp/b.o" "$tmp/c.o" "$tmp/m.o" -ltbb -o "$tmp/cpu_grid_ab" || exit 1
{ lscpu | grep -E "Model name|^CPU\(s\)|L1d|L2|L3"; echo "A: $a  B: $b  C: $c"; "$tmp/cpu_grid_ab" "$rounds" "$n" "$d_list"; } 2>&1 |
  tee "$out/cpu_grid_ab.txt"
