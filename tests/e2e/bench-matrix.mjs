// Browser benchmark (not a test): the analysis worker reading a generated Matrix Market file
// of about 150 MB (5 M entries, as benches/matrix.rs generates natively), plain and
// gzip-compressed (DecompressionStream), timed by the page from the file's choice to its
// statistics, beside the native CLI on the same file (`cargo build --release --bin warpsight`
// first) and fast_matrix_market (scripts/bench-peers.sh installs it).
// Run after `trunk build --release`: node tests/e2e/bench-matrix.mjs
import { writeFile, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, openBrowser, ready } from './harness.mjs';
import { nativeSeconds, besideNative, besidePeers } from './native.mjs';

const n = 5_000_000;
const rows = 1_000_000;
const lines = [`%%MatrixMarket matrix coordinate real general\n% generated\n${rows} ${rows} ${n}\n`];
let state = 12345;
for (let k = 0; k < n; k++) {
  state = (state * 1103515245 + 12345) % 2147483648;
  lines.push(`${Math.floor((k * rows) / n) + 1} ${(state % rows) + 1} ${(state / 2147483648).toExponential(9)}\n`);
}
const text = Buffer.from(lines.join(''));
const dir = await mkdtemp(join(tmpdir(), 'warpsight-bench-'));
const plain = join(dir, 'bench.mtx');
const gz = join(dir, 'bench.mtx.gz');
await writeFile(plain, text);
await writeFile(gz, gzipSync(text, { level: 6 }));

// BENCH_DIST: another build to measure the same way.
const server = await (process.env.BENCH_DIST ? startServer({}, process.env.BENCH_DIST) : startServer());
const env = await openBrowser();
const page = await env.context.newPage();
await page.goto(`${server.base}?model=spmv`);
await ready(page);
const best = {};
for (const file of [plain, gz, plain]) {
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
  best[file] = Math.min(best[file] ?? Infinity, seconds);
  console.log(`${file.endsWith('.gz') ? 'gzip' : 'plain'} (${size.toFixed(0)} MB file): ${mb.toFixed(0)} MB of text in ${seconds} s = ${(mb / seconds).toFixed(0)} MB/s; main-thread tasks over 50 ms meanwhile: ${long.length}${long.length ? ` (longest ${Math.max(...long).toFixed(0)} ms)` : ''}`);
}
for (const file of [plain, gz]) {
  const native = nativeSeconds(['analyze', 'matrix', file]);
  besideNative(`${file.endsWith('.gz') ? 'gzip' : 'plain'}, the browser's best`, best[file], native, 0.8);
  if (file === plain) besidePeers('matrix', file, native, best[file]);
}
await env.browser.close();
await server.close();
