#!/usr/bin/env python3
"""Trunk post_build hook: move Trunk's inline wasm loader <script> into boot.js.

index.html's Content-Security-Policy allows scripts from the page's own origin only (no
inline script), so the loader must be a file. Runs on Trunk's staging dir
($TRUNK_STAGING_DIR), before Trunk copies it to dist/.
"""
import os
import re
import sys

staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    sys.exit("externalize-loader: TRUNK_STAGING_DIR is not set (run from Trunk)")
index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()

# Debug builds write <script type="module" nonce="…">, release builds minify the attributes.
pattern = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
scripts = [
    m
    for m in pattern.finditer(html)
    if "src=" not in m.group(1) and "module" in m.group(1) and "init" in m.group(2)
]
if len(scripts) != 1:
    sys.exit(f"externalize-loader: expected one inline loader script, found {len(scripts)}")
m = scripts[0]
with open(os.path.join(staging, "boot.js"), "w", encoding="utf-8") as f:
    f.write(m.group(2).strip() + "\n")
html = html[: m.start()] + '<script type="module" src="./boot.js"></script>' + html[m.end():]
if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html):
    sys.exit("externalize-loader: an inline <script> is left in index.html")
open(index, "w", encoding="utf-8").write(html)
print("externalize-loader: loader moved to boot.js")
