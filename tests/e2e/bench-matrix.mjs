// Browser benchmark (not a test): the analysis worker reading a generated Matrix Market file
// of about 150 MB (5 M entries, as benches/matrix.rs generates natively) in each entry order
// (row-sorted, column-sorted, random), plain and
// gzip-compressed (DecompressionStream), timed by the page from the file's choice to its
// statistics, beside the native CLI on the same file (`cargo build --release --bin warpsight`
// first) and fast_matrix_market (scripts/bench-peers.sh installs it). Each best time is split
// by the worker's own account (#matrix-timing): the wasm reader, the browser handing the
// file's bytes to the worker (beside the file read alone, with no reader), and the rest.
// Run after `trunk build --release`: node tests/e2e/bench-matrix.mjs
import { writeFile, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, openBrowser, ready } from './harness.mjs';
import { nativeSeconds, besideNative, besidePeers, floorSeconds } from './native.mjs';

const n = 5_000_000;
const rows = 1_000_000;
// The same entries in each order a real file comes in (issue 58): row by row, column by
// column (as SuiteSparse writes), and random.
let state = 12345;
const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
const entries = [];
for (let k = 0; k < n; k++) {
  const r = next();
  entries.push([Math.floor((k * rows) / n) + 1, (r % rows) + 1, r / 2147483648]);
}
const head = `%%MatrixMarket matrix coordinate real general\n% generated\n${rows} ${rows} ${n}\n`;
const write = (list) => Buffer.from(head + list.map(([i, j, v]) => `${i} ${j} ${v.toExponential(9)}\n`).join(''));
const dir = await mkdtemp(join(tmpdir(), 'warpsight-bench-'));
const files = {};
const text = write(entries);
files['row-sorted.mtx'] = text;
files['column-sorted.mtx'] = write([...entries].sort((a, b) => a[1] - b[1] || a[0] - b[0]));
const shuffled = [...entries];
for (let k = shuffled.length - 1; k > 0; k--) {
  const m = next() % (k + 1);
  [shuffled[k], shuffled[m]] = [shuffled[m], shuffled[k]];
}
files['random.mtx'] = write(shuffled);
for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
const plain = join(dir, 'row-sorted.mtx');
const gz = join(dir, 'bench.mtx.gz');
await writeFile(gz, gzipSync(text, { level: 6 }));
const orders = Object.keys(files).map((name) => join(dir, name));

// BENCH_DIST: another build to measure the same way.
const server = await (process.env.BENCH_DIST ? startServer({}, process.env.BENCH_DIST) : startServer());
const env = await openBrowser();
const page = await env.context.newPage();
await page.goto(`${server.base}?model=spmv`);
await ready(page);
const best = {};
const split = {};
for (const file of [...orders, gz, ...orders]) {
  const name = file.split('/').pop();
  await page.setInputFiles('#matrix-input', file);
  // Long tasks (> 50 ms) on the page's main thread while the worker reads (after
  // setInputFiles: Playwright builds the file inside the page, itself a long task).
  await page.evaluate(() => {
    window.__long = [];
    const from = performance.now();
    new PerformanceObserver((l) => window.__long.push(...l.getEntries()
      .filter((e) => e.startTime >= from).map((e) => e.duration)))
      .observe({ type: 'longtask', buffered: true });
  });
  await page.waitForFunction((name) => document.querySelector('#matrix-stats')?.textContent.includes(`${name}: read in`), name, { timeout: 120_000 });
  const summary = await page.evaluate(() => document.querySelector('#matrix-stats').textContent);
  const seconds = Number(/read in ([\d.]+) s/.exec(summary)[1]);
  const mb = text.length / 1e6;
  const size = (await stat(file)).size / 1e6;
  const long = await page.evaluate(() => window.__long);
  // Where the time went, by the worker's account (#matrix-timing): the reader on the bytes,
  // the browser handing them over, and the rest (the job's start, its answer, the page).
  const [stream, reader] = await page.evaluate(() => {
    const t = document.querySelector('#matrix-timing');
    return [Number(t?.dataset.streamMs), Number(t?.dataset.readerMs)];
  });
  if (!best[file] || seconds < best[file]) split[file] = [reader / 1e3, (stream - reader) / 1e3, seconds - stream / 1e3];
  best[file] = Math.min(best[file] ?? Infinity, seconds);
  console.log(`${file.endsWith('.gz') ? 'gzip' : name} (${size.toFixed(0)} MB file): ${mb.toFixed(0)} MB of text in ${seconds} s = ${(mb / seconds).toFixed(0)} MB/s (the reader ${(reader / 1e3).toFixed(3)} s, the browser handing the file over ${((stream - reader) / 1e3).toFixed(3)} s, the rest ${(seconds - stream / 1e3).toFixed(3)} s); main-thread tasks over 50 ms meanwhile: ${long.length}${long.length ? ` (longest ${Math.max(...long).toFixed(0)} ms)` : ''}`);
}
// The browser's floor: each file read alone, with no parsing.
const floor = {};
for (const file of orders) floor[file] = await floorSeconds(page, file);
for (const file of [...orders, gz]) {
  const native = nativeSeconds(['analyze', 'matrix', file]);
  const [reader, handing, rest] = split[file];
  console.log(`  ${file.endsWith('.gz') ? 'gzip' : file.split('/').pop()}: the browser's best ${best[file].toFixed(3)} s = the wasm reader ${reader.toFixed(3)} s${native && !file.endsWith('.gz') ? ` (${(native / reader).toFixed(2)} × native's whole speed)` : ''} + the browser handing the file over ${handing.toFixed(3)} s${floor[file] ? ` (the file read alone, with no reader: ${floor[file].toFixed(3)} s)` : ''} + the job's start, answer and page ${rest.toFixed(3)} s`);
  besideNative(`${file.endsWith('.gz') ? 'gzip' : file.split('/').pop()}, the browser's best`, best[file], native, 0.8);
  if (!file.endsWith('.gz')) besidePeers('matrix', file, native, best[file]);
}
await env.browser.close();
await server.close();
