// Browser benchmark (not a test): AutoMatch's exact LRU stack distances in the analysis
// worker, on a Lackey trace of 5 M references (a 2-D stencil's sweep, as Valgrind prints it)
// and on the Heat2D generator, timed by the page from the choice to the profile. The rate
// counts references once (each is analysed at every line size asked: 64 and 128 B here).
// Run after `trunk build --release`: node tests/e2e/bench-automatch.mjs
import { writeFile, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, openBrowser, ready } from './harness.mjs';
import { nativeSeconds, besideNative } from './native.mjs';

// A 5-point stencil over a 1,000 × 1,000 grid of doubles, 5 loads and a store per point.
const n = 1000;
const lines = ['==1== Lackey, an example Valgrind tool\n'];
const at = (a, i, j) => (0x10000000 * (a + 1) + (i * n + j) * 8).toString(16);
for (let i = 1; i < n - 1; i++) {
  for (let j = 1; j < n - 1; j++) {
    lines.push(`I  0400a${(j % 16).toString(16)}0,4\n L ${at(0, i - 1, j)},8\n L ${at(0, i + 1, j)},8\n L ${at(0, i, j - 1)},8\n L ${at(0, i, j + 1)},8\n L ${at(0, i, j)},8\n S ${at(1, i, j)},8\n`);
  }
}
const text = Buffer.from(lines.join(''));
const dir = await mkdtemp(join(tmpdir(), 'warpsight-bench-'));
const file = join(dir, 'stencil.lackey');
await writeFile(file, text);

const server = await (process.env.BENCH_DIST ? startServer({}, process.env.BENCH_DIST) : startServer());
const env = await openBrowser();
const page = await env.context.newPage();
await page.goto(`${server.base}?model=automatch&devices=i5-2400,k20x`);
await ready(page);
const done = async () => {
  await page.waitForSelector('#profile-done', { timeout: 300_000 });
  return page.textContent('#profile-done');
};
let lackeyBest = Infinity;
for (let k = 0; k < 2; k++) {
  await page.setInputFiles('#trace-input', file);
  const s = await done();
  const seconds = Number(/analysed in ([\d.]+) s/.exec(s)[1]);
  const refs = Number(/([\d,]+) memory references/.exec(s)[1].replace(/,/g, ''));
  const mb = (await stat(file)).size / 1e6;
  console.log(`Lackey trace (${mb.toFixed(0)} MB): ${(refs / 1e6).toFixed(2)} M references in ${seconds} s = ${(refs / seconds / 1e6).toFixed(1)} M references/s, ${(mb / seconds).toFixed(0)} MB/s`);
  lackeyBest = Math.min(lackeyBest, seconds);
  await page.evaluate(() => document.querySelector('#profile-done')?.remove());
}
// The same work natively: the same trace's stack distances at 64 and at 128 B (two runs of the
// CLI, each reading the file once more than the browser does).
{
  const a = nativeSeconds(['analyze', 'memory', file, '--line', '64']);
  const b = nativeSeconds(['analyze', 'memory', file, '--line', '128']);
  besideNative('Lackey at 64 and 128 B, the browser\'s best', lackeyBest, a === null || b === null ? null : a + b, 0.6);
}
for (const [size, steps] of [[512, 20], [1024, 10]]) {
  await page.fill('#gen-heat2d-n', String(size));
  await page.fill('#gen-heat2d-steps', String(steps));
  await page.click('#gen-run');
  const s = await done();
  const seconds = Number(/analysed in ([\d.]+) s/.exec(s)[1]);
  const refs = Number(/([\d,]+) memory references/.exec(s)[1].replace(/,/g, ''));
  console.log(`Heat2D n = ${size}, ${steps} steps (schedule and stack distances): ${(refs / 1e6).toFixed(1)} M references in ${seconds} s = ${(refs / seconds / 1e6).toFixed(1)} M references/s`);
  await page.evaluate(() => document.querySelector('#profile-done')?.remove());
}
await env.browser.close();
await server.close();
