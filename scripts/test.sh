#!/usr/bin/env bash
# Builds and runs the whole test suite, as CI does:
#   1. the release (float), double and asan (clang 14, ASan+UBSan) presets, each built and run
#      with ctest;
#   2. the conformance checker from ../shared/conformance against `collide2d query --scalar double`
#      and `--scalar float`, if present;
#   3. the browser sandbox: emscripten and Chromium (scripts/deps.sh sandbox), the page built to
#      WebAssembly and played in headless Chromium (scripts/browser_test.sh).
#   4. every fuzz target for a short time (scripts/fuzz.sh), from the asan build: its library is
#      instrumented for libFuzzer too, so the sanitizer tests and the fuzz targets share one
#      compile of the core (the separate fuzz preset, at -O2, is for long campaigns).
# Installs missing Debian packages first (scripts/deps.sh). Uses 2 jobs. Exits non-zero on any
# failure; a failing preset's tests do not stop the later presets, a failing build does.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
log_dir=$root/build/test-logs
start=$SECONDS
failed=()
passed_total=0
failed_total=0
skipped_total=0

step() {  # step NAME COMMAND...: runs and times one step
  local name=$1 t0=$SECONDS
  shift
  echo "=== test.sh: $name"
  if "$@"; then
    echo "=== test.sh: $name ok ($((SECONDS - t0)) s)"
  else
    echo "=== test.sh: $name FAILED ($((SECONDS - t0)) s)"
    return 1
  fi
}

count() {  # count LOG: adds the closing "N passed, M failed" counts of a ctest or checker log
  local line
  line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$1" | tail -1 || true)
  if [[ $line =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
    local skipped
    skipped=$(grep -cE '^[[:space:]]+[0-9]+ - .*\((Skipped|Disabled)\)$' "$1" || true)
    failed_total=$((failed_total + BASH_REMATCH[1]))
    passed_total=$((passed_total + BASH_REMATCH[2] - BASH_REMATCH[1] - skipped))
    skipped_total=$((skipped_total + skipped))
    return
  fi
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1 || true)
  if [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    passed_total=$((passed_total + BASH_REMATCH[1]))
    failed_total=$((failed_total + BASH_REMATCH[2]))
  fi
}

step deps scripts/deps.sh test
mkdir -p "$log_dir"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The release and double builds compile the same core libraries: each builds both scalars
# (collide2d::f32 and ::f64, the package and the tool need both) with the same flags, so the
# double build's f32 and f64 libraries are the release build's, compile for compile. A compiler
# cache of this checkout's own (build/ccache, empty in a fresh clone) lets the double build take
# those objects instead of compiling them again; its own tests still compile. The asan build
# (clang) shares no compile with another build and goes without it. Depend mode (CCACHE_DEPEND)
# hashes the compiler's own dependency list instead of running the preprocessor first, so a
# first compile costs no more than without the cache (world_queries.cpp: 6.7 CPU-s plain,
# 8.0 in ccache's default mode, 6.5 in depend mode).
cache=()
if command -v ccache >/dev/null; then
  export CCACHE_DIR=$root/build/ccache CCACHE_BASEDIR=$root CCACHE_DEPEND=1
  cache=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
for preset in release double asan; do
  # The float and double builds are warning-free with g++ 12 (-Wall -Wextra -Wpedantic): keep them so.
  # The test binaries precompile GoogleTest's and the standard headers (COLLIDE2D_TEST_PCH,
  # tests/CMakeLists.txt): the same tests, about a third less compile time for them.
  args=(-DCOLLIDE2D_WERROR=ON -DCOLLIDE2D_TEST_PCH=ON "${cache[@]}")
  [[ $preset == asan ]] && args=(-DCOLLIDE2D_WERROR=OFF -DCOLLIDE2D_TEST_PCH=ON)
  # The tool links both libraries whatever the build's scalar: the double build's tool would be
  # the release build's (the same objects) and its cli.* tests the same runs of the same binary,
  # so only the release and asan builds build it.
  [[ $preset == double ]] && args+=(-DCOLLIDE2D_BUILD_TOOLS=OFF)
  step "configure $preset" cmake --preset "$preset" "${args[@]}"
  step "build $preset" cmake --build --preset "$preset" --parallel 2
  log=$log_dir/ctest-$preset.log
  if ! step "ctest $preset" bash -o pipefail -c 'ctest --preset "$1" --parallel 2 2>&1 | tee "$2"' _ "$preset" "$log"; then
    failed+=("ctest $preset")
  fi
  count "$log"
done

checker=$root/../shared/conformance/check.py
if [[ -f $checker ]]; then
  # The referee sees both libraries: the double one (the tool's default) and the float one,
  # which games get by default (`collide2d query --scalar float`).
  ops=overlap,distance,contact,raycast,sweep,invalid,map_tiled,disc_union,map_wad,move
  for scalar in double float; do
    cli="$root/build/release/apps/collide2d/collide2d query --scalar $scalar"
    log=$log_dir/conformance-$scalar.log
    if ! step "conformance $scalar" bash -o pipefail -c 'python3 "$1" --cli "$2" --ops "$3" --n 5 2>&1 | tee "$4"' _ "$checker" "$cli" "$ops" "$log"; then
      failed+=("conformance $scalar")
    fi
    count "$log"
  done
else
  echo "=== test.sh: conformance skipped (no ../shared/conformance beside the checkout)"
fi

# The browser sandbox (web/): emscripten and Chromium from scripts/deps.sh sandbox, then the page
# in headless Chromium (scripts/browser_test.sh).
if step "deps sandbox" scripts/deps.sh sandbox; then
  log=$log_dir/browser.log
  if ! step browser bash -o pipefail -c 'scripts/browser_test.sh 2>&1 | tee "$1"' _ "$log"; then
    failed+=(browser)
  fi
  passed_total=$((passed_total + $(grep -c '^ok ' "$log" || true)))
  failed_total=$((failed_total + $(grep -c '^FAIL ' "$log" || true)))
else
  failed+=("deps sandbox")
fi

# 4. A short run of every fuzz target (scripts/fuzz.sh), FUZZ_SECONDS each (default 10), built
# by the asan preset above; its golden-hash test (clang 14, ASan+UBSan) already ran in ctest asan.
log=$log_dir/fuzz.log
if ! step fuzz bash -o pipefail -c 'FUZZ_PRESET=asan FUZZ_GOLDEN=0 scripts/fuzz.sh all "$1" 2>&1 | tee "$2"' _ "${FUZZ_SECONDS:-10}" "$log"; then
  failed+=(fuzz)
fi

echo "=== test.sh: finished in $((SECONDS - start)) s"
if ((${#failed[@]})); then
  echo "=== test.sh: FAILED: ${failed[*]}"
fi
echo "test.sh: $passed_total passed, $failed_total failed, $skipped_total skipped"
((${#failed[@]} == 0))
