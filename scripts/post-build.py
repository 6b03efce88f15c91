#!/usr/bin/env python3
"""Trunk post_build hook: runs on Trunk's staging dir ($TRUNK_STAGING_DIR), before Trunk
copies it to dist/.

1. Moves Trunk's inline wasm loader <script> into boot.js: index.html's
   Content-Security-Policy allows scripts from the page's own origin only (no inline script).
2. Inlines the page icon (<link rel="icon" href="favicon.svg">) as a data: URL. Chromium
   fetches a page's icon again after every same-document URL change, and the app keeps the
   address bar current with history.replaceState as the inputs change: a file icon is
   requested once more per edit. favicon.svg stays in dist/ for the manifest.
3. Drops `integrity` from the wasm's <link rel="preload" as="fetch">: Chromium ignores it
   there and warns in the console ("The `integrity` attribute is currently ignored for
   preload destinations that do not support subresource integrity"); the loader's own fetch
   of the wasm never carried it. The css and the module-preloaded js keep theirs.
4. Strips the comments and indentation from wasm-bindgen's JS glue (Trunk's minifier leaves
   it as written: 1.2 KiB of the main bundle's gzip) and updates its integrity hash.
5. Writes sw.js (the service worker, from scripts/sw.js) with the build's files and a
   version hashed from their names and contents, and makes boot.js register it.
"""
import hashlib
import json
import os
import re
import sys
from base64 import b64encode

NAME = "post-build"
HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    sys.exit(f"{NAME}: {message}")


staging = os.environ.get("TRUNK_STAGING_DIR")
if not staging:
    fail("TRUNK_STAGING_DIR is not set (run from Trunk)")
index = os.path.join(staging, "index.html")
html = open(index, encoding="utf-8").read()

# 1. The loader. Debug builds write <script type="module" nonce="…">, release builds minify
# the attributes.
pattern = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
scripts = [
    m
    for m in pattern.finditer(html)
    if "src=" not in m.group(1) and "module" in m.group(1) and "init" in m.group(2)
]
if len(scripts) != 1:
    fail(f"expected one inline loader script, found {len(scripts)}")
m = scripts[0]
loader = m.group(2).strip() + "\n"
html = html[: m.start()] + '<script type="module" src="./boot.js"></script>' + html[m.end():]
if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html):
    fail("an inline <script> is left in index.html")


def links(rel):
    """The <link> tags with rel=`rel` (quoted or not, as minified release HTML writes it)."""
    return [
        t
        for t in re.finditer(r"<link\b[^>]*>", html)
        if re.search(rf"""\brel=(["']?){rel}\1(?=[\s>/])""", t.group(0))
    ]


# 2. The icon.
icons = links("icon")
if len(icons) != 1:
    fail(f"expected one <link rel=icon>, found {len(icons)}")
href = re.search(r"""\bhref=(["']?)([^"'\s>]+)\1""", icons[0].group(0))
if not href:
    fail("the <link rel=icon> has no href")
icon = open(os.path.join(staging, href.group(2)), "rb").read()
mime = "image/png" if href.group(2).endswith(".png") else "image/svg+xml"
data = f"data:{mime};base64," + b64encode(icon).decode("ascii")
t = icons[0]
html = html[: t.start()] + f'<link rel="icon" type="{mime}" href="{data}">' + html[t.end():]

# 3. The wasm preload's integrity.
wasm_preloads = [t for t in links("preload") if ".wasm" in t.group(0)]
if len(wasm_preloads) != 1:
    fail(f"expected one <link rel=preload> of the wasm, found {len(wasm_preloads)}")
t = wasm_preloads[0]
tag = re.sub(r"""\s+integrity=("[^"]*"|'[^']*'|[^\s>]+)""", "", t.group(0))
html = html[: t.start()] + tag + html[t.end():]

# 4. The JS glue. wasm-bindgen writes no multi-line string or template literal, so a line's
# leading blanks, a whole-line `//` comment and a `/** … */` block are never string content.
def strip_js(js):
    js = re.sub(r"/\*\*.*?\*/\n?", "", js, flags=re.S)
    js = re.sub(r"^[ \t]*//[^\n]*\n", "", js, flags=re.M)
    js = re.sub(r"^[ \t]+", "", js, flags=re.M)
    return re.sub(r"\n\s*\n", "\n", js)


for t in links("modulepreload"):
    src = re.search(r"""\bhref=(["']?)\./([^"'\s>]+\.js)\1""", t.group(0))
    if not src:
        fail(f"a modulepreload without a .js href: {t.group(0)[:80]}")
    path = os.path.join(staging, src.group(2))
    js = strip_js(open(path, encoding="utf-8").read())
    if "/**" in js or any(line.count("`") % 2 for line in js.split("\n")):
        fail(f"{src.group(2)}: a multi-line literal or an unclosed comment is left")
    open(path, "w", encoding="utf-8").write(js)
    digest = "sha384-" + b64encode(hashlib.sha384(js.encode("utf-8")).digest()).decode("ascii")
    tag, n = re.subn(r"""\bintegrity=("[^"]*"|'[^']*'|[^\s>]+)""", f"integrity={digest}", t.group(0))
    if n != 1:
        fail(f"{src.group(2)}: its modulepreload has no integrity")
    html = html.replace(t.group(0), tag)

open(index, "w", encoding="utf-8").write(html)

# 5. The service worker. Registered from boot.js after the app has started (so its precache
# does not compete with the first load), only where service workers exist (secure contexts:
# https, localhost), and not in embed mode (?embed=1): an embedded prediction lives on
# someone else's page, which is not offline-capable itself, and registering there would
# download the whole app again into that site's storage partition.
loader += """
if ('serviceWorker' in navigator
    && !['1', 'true'].includes((new URLSearchParams(location.search).get('embed') ?? '').trim())) {
  navigator.serviceWorker.register(new URL('./sw.js', import.meta.url))
    .catch((e) => console.warn('warpsight: no offline copy:', e));
}
"""
with open(os.path.join(staging, "boot.js"), "w", encoding="utf-8") as f:
    f.write(loader)

files = sorted(
    os.path.relpath(os.path.join(d, f), staging).replace(os.sep, "/")
    for d, _, names in os.walk(staging)
    for f in names
)
files = [f for f in files if f != "sw.js"]
version = hashlib.sha256()
for f in files:
    version.update(f.encode() + b"\0" + hashlib.sha256(open(os.path.join(staging, f), "rb").read()).digest())
# Trunk names hashed files <stem>-<16 hex digits, leading zeros dropped>[_bg].<ext>.
hashed = [f for f in files if re.search(r"-[0-9a-f]{12,16}(_bg)?\.[a-z]+$", f)]
other = [f for f in files if f not in hashed and f != "index.html"]
sw = open(os.path.join(HERE, "sw.js"), encoding="utf-8").read()
for key, value in {
    "'__VERSION__'": json.dumps(version.hexdigest()[:16]),
    "__HASHED__": json.dumps(hashed),
    "__OTHER__": json.dumps(other),
}.items():
    if key not in sw:
        fail(f"scripts/sw.js has no {key}")
    sw = sw.replace(key, value)
open(os.path.join(staging, "sw.js"), "w", encoding="utf-8").write(sw)
print(f"{NAME}: loader moved to boot.js; icon inlined; sw.js {version.hexdigest()[:16]} "
      f"caches {len(files)} files")
