#!/usr/bin/env bash
# Run every test: native (engine, occupancy, devices, share state, properties), then the
# end-to-end tests in headless Chromium against the release build in dist/.
# Installs missing tools first (wasm target, Trunk, wasm-bindgen-cli, wasm-opt, Chromium).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/ensure-tools.sh test
cargo fetch --locked

echo "== native tests"
cargo test --locked --offline

echo "== release build: CLI and web app"
cargo build --locked --offline --release --bin warpsight
trunk build --release

echo "== end-to-end tests (headless Chromium)"
if [ ! -d tests/e2e/node_modules/playwright-core ] || [ ! -d tests/e2e/node_modules/axe-core ]; then
  (cd tests/e2e && npm ci --no-audit --no-fund --silent)
fi
node --test --test-concurrency=1 tests/e2e/
