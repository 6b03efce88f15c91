#!/usr/bin/env bash
# Build the app into dist/ for any static host (GitHub Pages, a web server's folder, a
# sub-path: every URL in it is relative). Installs missing tools first, as serve.sh does.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/ensure-tools.sh build
cargo fetch --locked
trunk build --release
echo "[build] dist/ is ready: copy the folder to any static host"
