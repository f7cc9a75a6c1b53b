#!/usr/bin/env bash
# Installs missing Debian packages, builds only the collide2d tool (preset release) and runs
# `collide2d demo`, which writes an SVG gallery into demo-out/ and prints a summary.
# Extra arguments go to `collide2d demo`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS
scripts/deps.sh build demo
cmake --preset release
# The tool's output file, as a Ninja target: builds the tool and the library, nothing else.
cmake --build --preset release --parallel 2 --target apps/collide2d/collide2d
echo "=== demo.sh: built in $((SECONDS - start)) s"
build/release/apps/collide2d/collide2d demo --data "$PWD/../shared/data" "$@"
