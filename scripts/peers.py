#!/usr/bin/env python3
"""The tools a user would otherwise read these files with, timed on the same generated file
as warpsight's native benchmark (issue 48; run by `cargo bench --bench matrix` and
`cargo bench --bench profiler` once `scripts/bench-peers.sh` has installed them):

    peers.py matrix FILE   fast_matrix_market.read_coo with 1 thread, and scipy.io.mmread
    peers.py nvprof FILE   pandas.read_csv (C engine) plus a group-by median Duration per kernel
    peers.py ncu FILE      pandas.read_csv plus a group-by median Metric Value per kernel and metric

Prints one line per peer, `seconds<TAB>name`, each the best of three runs. A peer that is not
installed prints nothing."""

import sys
import time


def best_of(runs, f):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best


def matrix(path):
    try:
        import fast_matrix_market as fmm
    except ImportError:
        return
    secs = best_of(3, lambda: fmm.read_coo(path, parallelism=1))
    print(f"{secs:.4f}\tfast_matrix_market.read_coo, 1 thread")
    try:
        import scipy.io
    except ImportError:
        return
    secs = best_of(3, lambda: scipy.io.mmread(path))
    print(f"{secs:.4f}\tscipy.io.mmread")


def nvprof(path):
    try:
        import pandas as pd
    except ImportError:
        return

    def run():
        # The first line is nvprof's "==PID== Profiling result:", the third the units row.
        df = pd.read_csv(path, skiprows=[0, 2], engine="c", low_memory=False)
        df.groupby("Name")["Duration"].median()

    print(f"{best_of(3, run):.4f}\tpandas.read_csv + group-by median per kernel")


def ncu(path):
    try:
        import pandas as pd
    except ImportError:
        return

    def run():
        df = pd.read_csv(path, thousands=",", engine="c", low_memory=False)
        df["Metric Value"] = pd.to_numeric(df["Metric Value"], errors="coerce")
        df.groupby(["Kernel Name", "Metric Name"])["Metric Value"].median()

    print(f"{best_of(3, run):.4f}\tpandas.read_csv + group-by median per kernel and metric")


if __name__ == "__main__":
    {"matrix": matrix, "nvprof": nvprof, "ncu": ncu}[sys.argv[1]](sys.argv[2])
