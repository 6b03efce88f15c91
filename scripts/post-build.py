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

Before 4, in release builds, it optimizes the page's wasm itself (index.html turns Trunk's
wasm-opt off for it): wasm-metadce first drops the exports nothing on the page calls, then
wasm-opt runs the page's flags, and the JS glue loses the classes and imports that went with
them. The exports are wasm-streams' IntoUnderlyingSource, IntoUnderlyingByteSource and
IntoUnderlyingSink, which leptos brings in through server_fn's "browser" feature for server
functions this app does not have: 1.4 KiB of the wasm's gzip and 0.5 KiB of the glue's.
Then the imports the glue gives the wasm get short names (wasm-bindgen names each after its
function and a hash, `__wbg_getItem_1340bfc9a10d5991`), in the wasm's import section and the
glue's import object alike.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
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

# 3b. The page's wasm (release builds): exports nothing calls dropped, then wasm-opt.
# wasm-opt: -O1, then merge similar functions, then -Oz (0.7 KiB smaller than -Oz alone).
# Then, measured in gzip: functions ordered by name, so gzip finds each generic's copies side
# by side (6.6 KiB less; data-keep-debug keeps the names for it, wasm-metadce keeps them with
# -g, and wasm-opt drops them from its output); assume the low 1 KiB of memory unused, which
# lets loads and stores fold constant offsets (1.7 KiB less; it is the far end of the 1 MiB
# stack); inline a function with one caller only up to 50 bytes, and always up to 3 (1.6 KiB
# less; 30 to 100 give the same); no producers or target-features sections (0.2 KiB).
# After the first -Oz: flatten, rebuild the control flow with the relooper, and -Oz twice
# more (2.4 KiB less than stopping at the first -Oz, as measured on the page of 2026-11-28).
WASM_OPT_FLAGS = [
    "-O1", "--merge-similar-functions", "-Oz", "--flatten", "--rereloop", "-Oz", "-Oz",
    "--low-memory-unused", "-ocimfs=50",
    "-aimfs=3", "--strip-producers", "--strip-target-features",
    "--reorder-functions-by-name",
]
# wasm-streams' classes (leptos → server_fn "browser"): only server functions use them.
UNUSED_EXPORTS = re.compile(r"^(__wbg_)?intounderlying(bytesource|sink|source)_")
UNUSED_CLASSES = ("IntoUnderlyingByteSource", "IntoUnderlyingSink", "IntoUnderlyingSource")


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def wasm_sections(b):
    """(id, name or None, start, end) of each section of wasm bytes `b`."""
    i, out = 8, []
    while i < len(b):
        sid = b[i]
        n, i = leb(b, i + 1)
        name = None
        if sid == 0:
            l, j = leb(b, i)
            name = b[j:j + l].decode()
        out.append((sid, name, i, i + n))
        i += n
    return out


def wasm_names(b, kind):
    """Export names (`kind` 7) or imported field names (`kind` 2) of wasm bytes `b`."""
    names = []
    for sid, _, i, _ in wasm_sections(b):
        if sid != kind:
            continue
        count, i = leb(b, i)
        for _ in range(count):
            if kind == 2:
                l, i = leb(b, i)
                i += l  # the module
            l, i = leb(b, i)
            names.append(b[i:i + l].decode())
            i += l
            desc = b[i]
            i += 1
            if kind == 7 or desc == 0:
                _, i = leb(b, i)
            elif desc == 1:  # table: reftype, limits
                i += 1
                flags, i = leb(b, i)
                _, i = leb(b, i)
                if flags & 1:
                    _, i = leb(b, i)
            elif desc == 2:  # memory: limits
                flags, i = leb(b, i)
                _, i = leb(b, i)
                if flags & 1:
                    _, i = leb(b, i)
            elif desc == 3:  # global: valtype, mutability
                i += 2
            else:
                fail(f"an import of kind {desc}")
    return names


def wasm_features(b):
    """The target_features section's features, as Binaryen's --enable flags."""
    for sid, name, i, end in wasm_sections(b):
        if name == "target_features":
            l, i = leb(b, i)
            count, i = leb(b, i + l)
            flags = []
            for _ in range(count):
                l, i = leb(b, i + 1)
                feature = b[i:i + l].decode()
                i += l
                flags.append("--enable-" + {"nontrapping-fptoint": "nontrapping-float-to-int"}.get(feature, feature))
            return flags
    fail("the wasm has no target_features section")


def leb_bytes(n):
    out = bytearray()
    while True:
        x = n & 0x7F
        n >>= 7
        if n:
            out.append(x | 0x80)
        else:
            out.append(x)
            return bytes(out)


def short_name(k):
    """a, b, …, z, A, …, Z, ba, bb, …: a JS identifier for the k-th import."""
    digits = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = digits[k % len(digits)]
    k //= len(digits)
    while k:
        name = digits[k % len(digits)] + name
        k //= len(digits)
    return name


def shorten_imports(b, module):
    """Wasm bytes `b` with each function import from `module` renamed a, b, c, …, and the
    renaming as {old: new}."""
    at = 8
    while at < len(b):
        sid = b[at]
        size, start = leb(b, at + 1)
        end = start + size
        if sid != 2:
            at = end
            continue
        count, i = leb(b, start)
        body, renamed = bytearray(leb_bytes(count)), {}
        for _ in range(count):
            l, j = leb(b, i)
            mod = b[j:j + l].decode()
            j += l
            l, k = leb(b, j)
            name = b[k:k + l].decode()
            rest = k + l
            # The description: a function's type index; a table, memory or global as is.
            kind = b[rest]
            if kind == 0:
                _, after = leb(b, rest + 1)
            elif kind == 1:
                flags, after = leb(b, rest + 2)
                _, after = leb(b, after)
                if flags & 1:
                    _, after = leb(b, after)
            elif kind == 2:
                flags, after = leb(b, rest + 1)
                _, after = leb(b, after)
                if flags & 1:
                    _, after = leb(b, after)
            elif kind == 3:
                after = rest + 3
            else:
                fail(f"an import of kind {kind}")
            if kind == 0 and mod == module:
                new = short_name(len(renamed))
                renamed[name] = new
                body += b[i:j] + leb_bytes(len(new)) + new.encode() + b[rest:after]
            else:
                body += b[i:after]
            i = after
        header = bytes([2]) + leb_bytes(len(body))
        return b[:at] + header + bytes(body) + b[end:], renamed
    fail("the wasm has no import section")


def rename_js_imports(js, renamed):
    """The glue's import object with its keys renamed as the wasm's imports were."""
    for old, new in renamed.items():
        js, n = re.subn(rf"^{re.escape(old)}: function\(", f"{new}: function(", js, flags=re.M)
        if n != 1 or re.search(rf"\b{re.escape(old)}\b", js):
            fail(f"the JS glue's import {old}: found {n} times")
    return js


def tool(name):
    found = shutil.which(name) or shutil.which(name, path=os.path.join(HERE, "..", ".tools", "node_modules", ".bin"))
    if not found:
        fail(f"{name} not found (scripts/ensure-tools.sh installs binaryen into .tools/)")
    return found


def block_end(js, i):
    """The index after the `}` closing the first `{` at or after `i` (quotes skipped)."""
    depth, quote = 0, None
    while i < len(js):
        c = js[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"`":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    fail("an unclosed block in the JS glue")


def drop_unused_js(js, imports):
    """The glue without the unused classes and the imports the wasm no longer has."""
    for c in UNUSED_CLASSES:
        m = re.search(rf"^export class {c} ", js, re.M)
        if m:
            end = block_end(js, m.start())
            tail = f"\nif (Symbol.dispose) {c}.prototype[Symbol.dispose] = {c}.prototype.free;"
            if js.startswith(tail, end):
                end += len(tail)
            js = js[: m.start()] + js[end + 1:]
        js = re.sub(rf"^const {c}Finalization = [^;]*;\n", "", js, flags=re.M)
    if "__wbindgen_enum_ReadableStreamType[" not in js:
        js = re.sub(r"^const __wbindgen_enum_ReadableStreamType = [^;]*;\n", "", js, flags=re.M)
    keep = set(imports)
    out, i = [], 0
    for m in re.finditer(r"^(__wbg_\w+|__wbindgen_\w+): function\(", js, re.M):
        if m.start() < i or m.group(1) in keep:
            continue
        end = block_end(js, m.start())
        if js.startswith(",\n", end):
            end += 2
        out.append(js[i:m.start()])
        i = end
    js = "".join(out) + js[i:]
    left = [c for c in UNUSED_CLASSES if c in js]
    if left:
        fail(f"the JS glue still names {left}")
    return js


optimized_imports, renamed_imports = None, {}
if os.environ.get("TRUNK_PROFILE") == "release":
    [wasm_file] = [f for f in os.listdir(staging) if re.match(r"warpsight-web-.*_bg\.wasm$", f)]
    path = os.path.join(staging, wasm_file)
    raw = open(path, "rb").read()
    graph = [
        {"name": f"export {e}", "export": e, "root": True}
        for e in wasm_names(raw, 7)
        if not UNUSED_EXPORTS.match(e)
    ]
    features = wasm_features(raw)
    with tempfile.TemporaryDirectory() as tmp:
        graph_file = os.path.join(tmp, "graph.json")
        json.dump(graph, open(graph_file, "w"))
        kept = os.path.join(tmp, "kept.wasm")
        subprocess.run([tool("wasm-metadce"), "-g", *features, "--graph-file", graph_file, path, "-o", kept],
                       check=True, stdout=subprocess.DEVNULL)
        # WARPSIGHT_WASM_NAMES=1 keeps the function names, for a CPU profile of the page
        # (tests/e2e/profile-load.mjs); the bundle is then larger than the guard allows.
        names = ["-g"] if os.environ.get("WARPSIGHT_WASM_NAMES") == "1" else []
        subprocess.run([tool("wasm-opt"), *WASM_OPT_FLAGS, *names, kept, "-o", path], check=True)
    optimized = open(path, "rb").read()
    optimized_imports = wasm_names(optimized, 2)
    optimized, renamed_imports = shorten_imports(optimized, "./warpsight-web_bg.js")
    open(path, "wb").write(optimized)
    if any(UNUSED_EXPORTS.match(e) for e in wasm_names(optimized, 7)):
        fail("wasm-metadce left an unused export")
    print(f"{NAME}: {wasm_file}: {len(raw)} → {len(optimized)} bytes")


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
    if optimized_imports is not None and re.match(r"warpsight-web-[0-9a-f]+\.js$", src.group(2)):
        js = rename_js_imports(drop_unused_js(js, optimized_imports), renamed_imports)
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
