#!/usr/bin/env bash
# Installs whatever the build and the tests need and is missing; skips what is present.
# Sourced by scripts/serve.sh and scripts/test.sh (it also sets PATH for them).
# Usage: scripts/ensure-tools.sh [build|test]   (test also installs Chromium + chromedriver,
# and Valgrind + gcc for the Lackey test)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
need="${1:-build}"

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
BINARYEN_VERSION=132

export PATH="$HOME/.cargo/bin:$root/.tools/node_modules/.bin:$PATH"
say() { printf '[tools] %s\n' "$*"; }

# The wasm builds name their dependencies' source files (panic locations) under the crates.io
# registry's absolute path, this machine's home included: without that prefix the wasm is the
# same on every machine, tells nobody where it was built, and the page's bundle is 0.26 KiB
# (gzip) smaller. Added to .cargo/config.toml's flags (cargo joins the two).
registry_src="${CARGO_HOME:-$HOME/.cargo}/registry/src/index.crates.io-1949cf8c6b5b557f/"
case " ${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} " in
  *" --remap-path-prefix=$registry_src="*) ;;
  *) export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} --remap-path-prefix=$registry_src=" ;;
esac

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (takes ~10 min once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (takes ~3 min once)"
  # no --locked: its lockfile pins a webpki-roots the registry mirror lacks
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  say "installing wasm-opt (npm binaryen@$BINARYEN_VERSION) into .tools/"
  mkdir -p "$root/.tools"
  (cd "$root/.tools" && npm install --no-audit --no-fund --silent "binaryen@$BINARYEN_VERSION")
fi

if [ "$need" = test ]; then
  # The test command runs clippy with warnings as errors.
  if ! cargo clippy --version >/dev/null 2>&1; then
    say "adding clippy"
    rustup component add clippy
  fi
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing chromium + chromium-driver (Debian)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  # The AutoMatch trace test runs Valgrind's Lackey on a C loop it compiles.
  if ! command -v valgrind >/dev/null || ! command -v cc >/dev/null; then
    say "installing valgrind + gcc (Debian)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq valgrind gcc >/dev/null
  fi
fi
say "all tools present"
