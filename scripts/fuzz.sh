#!/usr/bin/env bash
# Builds and runs the libFuzzer targets (fuzz/, preset `fuzz`: clang 14 -O2, ASan+UBSan).
#   scripts/fuzz.sh [TARGET|all|golden] [SECONDS]      default: all, 60 seconds per target
# FUZZ_PRESET=asan takes the targets of the asan preset's build instead (the same clang 14
# instrumentation at -O1, built with the sanitizer tests: scripts/test.sh's short run uses it,
# so CI compiles the instrumented library once).
# Targets: protocol tiled_tmx tiled_json wad island shapes world. `all` ends with `golden`: the
# golden-hash test (tests/world/golden_hash_test.cpp) built by clang 14 with ASan+UBSan in the
# same build directory, which must give the pinned hash of g++'s builds (docs/reliability.md,
# "Determinism"); FUZZ_GOLDEN=0 leaves it out.
# Corpora live in build/<preset>/corpus/<target> (kept between runs); they are seeded at the first
# run from real data, never copied into the repository: the conformance checker's lines and
# generated maps (../shared/conformance/check.py --cases-out), The Mana World's maps
# (../shared/data/tmw), Freedoom's maps cut into one small PWAD each (/usr/share/games/doom),
# plus the small hand-written seeds in fuzz/seeds/<target>.
# Findings (crash, leak, timeout, out of memory) go to build/<preset>/findings/<target>/; the script
# exits non-zero when any target has one. Environment: FUZZ_RUNS (stop after that many
# executions instead of SECONDS), FUZZ_FLAGS (more libFuzzer flags, e.g. "-entropic=0": the
# long campaign's world and shapes targets run 2-4x more executions without the entropic
# schedule, whose bookkeeping took half their time; docs/reliability.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
all_targets=(protocol tiled_tmx tiled_json wad island shapes world)
which=${1:-all}
seconds=${2:-60}
golden=0
if [[ $which == all ]]; then
  targets=("${all_targets[@]}")
  [[ ${FUZZ_GOLDEN:-1} != 0 ]] && golden=1
elif [[ $which == golden ]]; then
  targets=()
  golden=1
elif [[ " ${all_targets[*]} " == *" $which "* ]]; then
  targets=("$which")
else
  echo "fuzz.sh: unknown target '$which' (one of: all golden ${all_targets[*]})" >&2
  exit 2
fi
if ! command -v clang++-14 >/dev/null; then
  echo "fuzz.sh: clang++-14 is needed (apt-get install clang-14)" >&2
  exit 2
fi

preset=${FUZZ_PRESET:-fuzz}
build=$root/build/$preset
cmake --preset "$preset" >/dev/null
build_targets=("${targets[@]/#/fuzz_}")
((golden)) && build_targets+=(test_golden)
cmake --build "$build" --parallel 2 --target "${build_targets[@]}"

# Seeds from real data, made once per build directory.
seeds=$build/seeds
if ((${#targets[@]})) && [[ ! -f $seeds/.done ]]; then
  rm -rf "$seeds" && mkdir -p "$seeds"
  checker=$root/../shared/conformance/check.py
  cases="" work=""
  if [[ -f $checker ]]; then
    cases=$seeds/cases.jsonl work=$seeds/checker-work
    # The checker writes its cases (and the map files they use) before it runs the CLI; no
    # CLI is needed for that, so `cat` stands in and the (failing) verdict is ignored.
    python3 "$checker" --cli "cat >/dev/null" --n 1 --cases-out "$cases" --work-dir "$work" --keep-work-dir \
      --ops overlap,distance,contact,raycast,sweep,invalid,map_tiled,map_wad,disc_union >/dev/null 2>&1 || true
  fi
  python3 "$root/fuzz/make_corpus.py" "$seeds/corpus" "$root/../shared" "$cases" "$work"
  touch "$seeds/.done"
fi

status=0
summary=()
for t in "${targets[@]}"; do
  corpus=$build/corpus/$t findings=$build/findings/$t
  mkdir -p "$corpus" "$findings"
  dirs=("$corpus")
  [[ -d $seeds/corpus/$t ]] && dirs+=("$seeds/corpus/$t")
  [[ -d $root/fuzz/seeds/$t ]] && dirs+=("$root/fuzz/seeds/$t")
  limit=(-max_total_time="$seconds")
  [[ -n ${FUZZ_RUNS:-} ]] && limit=(-runs="$FUZZ_RUNS")
  read -ra extra <<<"${FUZZ_FLAGS:-}"
  case $t in  # longest input: a few queries, a shape list, an operation stream, a map file
    shapes) max_len=1024 ;; world) max_len=4096 ;; protocol | island) max_len=16384 ;; *) max_len=262144 ;;
  esac
  log=$build/fuzz-$t.log
  echo "=== fuzz.sh: $t (${FUZZ_RUNS:+$FUZZ_RUNS runs}${FUZZ_RUNS:-$seconds s})"
  # New inputs go to the first directory (the kept corpus); the seeds are read only. One
  # process per target: -reload=0 keeps libFuzzer from re-reading the corpus directory every
  # second (perf on a campaign's `world`, 7,400 inputs: 5% of its time in stat calls).
  if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     "$build/fuzz/fuzz_$t" "${limit[@]}" ${extra[@]+"${extra[@]}"} -reload=0 -timeout=20 -rss_limit_mb=2048 -max_len=$max_len -print_final_stats=1 \
       -artifact_prefix="$findings/" "${dirs[@]}" >"$log" 2>&1; then
    execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s + 0}')
    summary+=("$t: ok, $execs executions")
  else
    status=1
    summary+=("$t: FINDING (see $log and $findings)")
    grep -E 'ERROR|SUMMARY|fuzz finding|==[0-9]+==' "$log" | head -20 || true
  fi
done
if ((golden)); then
  # The same scenario, thread counts and pinned hash as g++'s release and asan builds.
  echo "=== fuzz.sh: golden hash (clang 14, ASan+UBSan)"
  log=$build/golden.log
  if "$build/tests/test_golden" --gtest_filter='GoldenHash.*' >"$log" 2>&1; then
    summary+=("golden: ok, the pinned hash with clang 14 + ASan/UBSan")
  else
    status=1
    summary+=("golden: FAILED (see $log)")
    grep -E 'Failure|Expected|Which is|differs' "$log" | head -10 || true
  fi
fi
printf '=== fuzz.sh: %s\n' "${summary[@]}"
exit "$status"
