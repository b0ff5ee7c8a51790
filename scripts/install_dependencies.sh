#!/usr/bin/env bash
# Installs the Debian 12 packages boost_odeint_tiled needs to build and test, but only
# those missing (checked with dpkg -s). apt-get update runs at most once, and only
# when something must be installed. Works as root, or through sudo otherwise.
#
#   scripts/install_dependencies.sh          # build + test dependencies
#   scripts/install_dependencies.sh --b2     # also b2 (Boost.Build) for the Jamfile
#   scripts/install_dependencies.sh --ci     # also b2 and what .ci/run needs (xz-utils, python3 for the docs)
#
# Offline fallback: if apt-get cannot install and .deps/*.deb exist (local copies of
# the TBB packages), they are installed with dpkg -i.
set -euo pipefail

root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

packages=(libboost1.81-dev libboost-test1.81-dev libtbb-dev libopenmpi-dev openmpi-bin cmake g++ make)
for arg in "$@"; do
  case "$arg" in
    --b2) packages+=(libboost1.81-tools-dev) ;;
    --ci) packages+=(libboost1.81-tools-dev xz-utils python3) ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "install_dependencies.sh: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done

is_installed() {
  dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

missing=()
for p in "${packages[@]}"; do
  is_installed "$p" || missing+=("$p")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install_dependencies: all present (${packages[*]})"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install_dependencies: missing ${missing[*]}; run as root or install sudo" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "install_dependencies: installing ${missing[*]}"
if "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
   && "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
  :
else
  shopt -s nullglob
  debs=("$root_dir"/.deps/*.deb)
  if [ "${#debs[@]}" -gt 0 ]; then
    echo "install_dependencies: apt-get failed; installing local packages from .deps/"
    "${as_root[@]}" dpkg -i "${debs[@]}" >/dev/null
  fi
fi

still=()
for p in "${missing[@]}"; do
  is_installed "$p" || still+=("$p")
done
if [ "${#still[@]}" -gt 0 ]; then
  echo "install_dependencies: could not install ${still[*]}" >&2
  exit 1
fi
echo "install_dependencies: done"
