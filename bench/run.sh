#!/bin/sh
# collide2d - 2D collision detection for games. MIT License.
# The one command behind docs/benchmarks.md: configure and build the `bench` preset (with Box2D
# v3 from ../shared/peers/box2d-v3 when it is there), run every group the report shows in one
# run (pairs, ray casts, the swing and its kernels with the read limit, sweeps, the world, the
# crowd movers),
# 3 repetitions each, in random order over the whole run (so that the load of a shared machine,
# which drifts, falls on collide2d and its peers alike), every repetition kept in the JSON (the
# report takes each row's fastest: load only adds time), and regenerate the report's part of
# docs/benchmarks.md from the JSON.
#   bench/run.sh [extra Google Benchmark flags; a later --benchmark_filter=... replaces the default]
set -eu
cd "$(dirname "$0")/.."
cmake --preset bench
cmake --build --preset bench --target collide2d_bench
out=build/bench/results.json
# Which library code was measured: the commit, "+dirty" when src/ or include/ had local edits.
commit=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain -- src include)" ]; then commit="$commit+dirty"; fi
uptime
build/bench/bench/collide2d_bench \
  --benchmark_filter='^(overlaps|distance|contact|raycast|swing|swing_isa|sweep|sweep_rotating|world|mover)/' \
  --benchmark_min_time=0.05 --benchmark_repetitions=3 --benchmark_display_aggregates_only=true \
  --benchmark_enable_random_interleaving=true \
  --benchmark_context=collide2d_commit="$commit" \
  --benchmark_out="$out" --benchmark_out_format=json "$@"
python3 bench/report.py "$out" --update docs/benchmarks.md
echo "tables written to docs/benchmarks.md from $out"
