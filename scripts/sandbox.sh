#!/usr/bin/env bash
# Builds the browser sandbox (web/) and serves it on localhost.
#   scripts/sandbox.sh [--build-only] [--port N]
# Builds the core library and web/binding.cpp to WebAssembly with Debian's emscripten
# (build/wasm), converts a Mana World map (../shared/data/tmw, when present) and Freedoom's E1M1
# (when installed) into build/sandbox/data/, copies the page there, then serves build/sandbox
# at http://localhost:PORT/ (default 8000) until interrupted. Installs emscripten when missing
# (scripts/deps.sh sandbox).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
build_only=0 port=8000
while (($#)); do
  case "$1" in
    --build-only) build_only=1 ;;
    --port) port=$2; shift ;;
    *) echo "sandbox.sh: unknown option '$1' (use --build-only, --port N)" >&2; exit 2 ;;
  esac
  shift
done
command -v emcc >/dev/null || scripts/deps.sh sandbox
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
site=$root/build/sandbox
if [[ ! -f build/wasm/CMakeCache.txt ]]; then
  emcmake cmake -S web -B build/wasm >/dev/null
fi
cmake --build build/wasm --parallel 2
mkdir -p "$site/data"
cp web/index.html web/sandbox.js build/wasm/collide2d.js build/wasm/collide2d.wasm "$site/"
tmx=$root/../shared/data/tmw/maps/001-1.tmx
if [[ -f $tmx ]]; then
  python3 web/convert.py tmx "$tmx" "$site/data/tiles.json"
else
  echo "sandbox.sh: no $tmx: the Tiles scene waits for a dropped map" >&2
  rm -f "$site/data/tiles.json"
fi
wad=/usr/share/games/doom/freedoom1.wad
if [[ -f $wad ]]; then
  python3 web/convert.py wad "$wad" E1M1 "$site/data/e1m1.json"
else
  echo "sandbox.sh: no $wad (Debian's freedoom): the Doom scene says so" >&2
  rm -f "$site/data/e1m1.json"
fi
echo "sandbox.sh: built $site"
((build_only)) && exit 0
echo "sandbox.sh: serving http://localhost:$port/ (Ctrl-C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
