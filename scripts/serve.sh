#!/usr/bin/env bash
# Build the app and serve it on http://127.0.0.1:8080 (installs missing tools first).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/ensure-tools.sh build
cargo fetch --locked
echo "[serve] building and serving on http://127.0.0.1:${PORT:-8080}/"
exec trunk serve --release --port "${PORT:-8080}"
