#!/usr/bin/env bash
# Installs the tools a user would otherwise read these files with (pandas, fast_matrix_market,
# scipy) into .tools/python from the Python package index, if they are missing, then runs the
# native benchmarks: each prints warpsight's figure beside every peer's on the same generated
# file, in the same run (scripts/peers.py). Run: bash scripts/bench-peers.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if ! PYTHONPATH=.tools/python python3 -c 'import pandas, fast_matrix_market, scipy' 2>/dev/null; then
  echo "installing pandas, fast_matrix_market and scipy into .tools/python"
  python3 -m pip install --quiet --disable-pip-version-check --target .tools/python \
    pandas fast_matrix_market scipy
fi
cargo bench --bench matrix
cargo bench --bench profiler -- nvprof
cargo bench --bench profiler -- ncu-details
