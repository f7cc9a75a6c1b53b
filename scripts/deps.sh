#!/usr/bin/env bash
# Installs the Debian 12 packages that building collide2d needs, when they are missing.
#   scripts/deps.sh [build|test|bench]...   (default: build)
#     build  compiler, CMake, Ninja, and the libraries the tool, the io layer and the tests use
#     demo   build + Freedoom (the WAD maps the demo walks)
#     test   build + Python 3 (conformance checker), Boost and GEOS (test oracles), Freedoom,
#            clang 14 with its runtime (libFuzzer, sanitizers: scripts/fuzz.sh), ccache (test.sh)
#     bench  build + Box2D and Chipmunk (the benchmarks' peers), Freedoom
#     sandbox  emscripten, Chromium and npm (the browser sandbox and its test), Freedoom
# Checks with dpkg-query first: when everything is present it is fast and needs no network.
# Runs `apt-get update` only when something must be installed; that needs root.
set -euo pipefail

base=(cmake ninja-build g++ python3 libgtest-dev libbenchmark-dev nlohmann-json3-dev libcli11-dev
      libpugixml-dev zlib1g-dev libpng-dev)
wanted=("${base[@]}")
for mode in "${@:-build}"; do
  case "$mode" in
    build) ;;
    demo) wanted+=(freedoom) ;;
    test) wanted+=(libboost-dev libgeos++-dev freedoom clang-14 libclang-rt-14-dev ccache) ;;
    bench) wanted+=(libbox2d-dev libchipmunk-dev freedoom) ;;
    sandbox) wanted+=(emscripten chromium freedoom) ;;
    *) echo "deps.sh: unknown mode '$mode' (use build, demo, test, bench or sandbox)" >&2; exit 2 ;;
  esac
done

missing=()
for pkg in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == installed ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "deps.sh: all ${#wanted[@]} packages present"
  exit 0
fi

echo "deps.sh: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then sudo=(sudo); else
    echo "deps.sh: need root to install: ${missing[*]}" >&2; exit 1
  fi
fi
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q)
"${apt[@]}" update
"${apt[@]}" install -y --no-install-recommends "${missing[@]}"
