#!/bin/sh
# collide2d - 2D collision detection for games. MIT License.
# Configure and build the `bench` preset, run every benchmark once (one run, so that ratios
# are comparable) into a JSON file, and regenerate the tables in docs/benchmarks.md from it.
#   bench/run.sh [extra Google Benchmark flags, e.g. --benchmark_filter=swing]
set -eu
cd "$(dirname "$0")/.."
cmake --preset bench
cmake --build --preset bench
out=build/bench/results.json
# Which library code was measured: the commit, "+dirty" when src/ or include/ had local edits.
commit=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain -- src include)" ]; then commit="$commit+dirty"; fi
uptime
build/bench/bench/collide2d_bench --benchmark_min_time=0.2 \
  --benchmark_context=collide2d_commit="$commit" \
  --benchmark_out="$out" --benchmark_out_format=json "$@"
python3 bench/report.py "$out" --update docs/benchmarks.md
echo "tables written to docs/benchmarks.md from $out"
