#!/usr/bin/env bash
# The sandbox in a real browser: builds the page (scripts/sandbox.sh --build-only), installs
# puppeteer-core from npm into build/browser-test (not committed), serves build/sandbox on a
# free localhost port and runs web/test/browser_test.js against Debian's Chromium.
# Screenshots of every scene go to build/browser-test/shots/. Exits non-zero on any failure;
# says "skipped" and exits 0 when emscripten or Chromium is not installed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
if ! command -v emcc >/dev/null || [[ ! -x /usr/bin/chromium ]]; then
  echo "browser_test.sh: skipped (needs emscripten and chromium: scripts/deps.sh sandbox)"
  exit 0
fi
scripts/sandbox.sh --build-only
dir=$root/build/browser-test
mkdir -p "$dir"
if [[ ! -f $dir/node_modules/puppeteer-core/package.json ]]; then
  npm install --no-audit --no-fund --silent --prefix "$dir" puppeteer-core@23.11.1
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$root/build/sandbox" >"$dir/http.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.1
done
NODE_PATH=$dir/node_modules timeout 600 node web/test/browser_test.js "http://127.0.0.1:$port/" "$dir/shots"
