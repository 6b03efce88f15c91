// Layout as a newcomer meets it: every page at 360 px (with a matrix and a trace loaded where
// the page takes one) and AutoMatch at 1280 px with five architectures and a trace keep to
// the screen's width (tables scroll inside their card); every card has its padding; the
// device facts read as names, values with units, and sources in full.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useApp, ready, ROOT, CLI } from './harness.mjs';

const app = useApp();
const MODELS = JSON.parse(
  execFileSync(CLI, ['models', '--json'], { encoding: 'utf8' }),
).map((m) => m.id);

const MATRIX = `%%MatrixMarket matrix coordinate real general\n5 6 8\n1 1 1.5\n1 6 -2e3\n2 2 3\n4 1 1\n4 2 0\n4 3 1\n5 5 7\n5 6 .5\n`;
function lackeyTrace() {
  const lines = ['==42== Lackey, an example Valgrind tool', 'I  04001000,3'];
  for (let pass = 0; pass < 2; pass++) for (let a = 0; a < 2048; a += 64) lines.push(` L ${(0x10000 + a).toString(16)},8`);
  return lines.join('\n') + '\n';
}

/** Opens the page at `width`, loads its file, opens every <details>; returns the page. */
async function open(query, width) {
  const ctx = await app.env.browser.newContext({ viewport: { width, height: 800 } });
  await ctx.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
  const page = await ctx.newPage();
  await page.goto(app.link(query));
  await ready(page);
  if (await page.$('#matrix-input')) {
    await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(MATRIX) });
    await page.waitForSelector('#matrix-stats');
  }
  if (await page.$('#trace-input')) {
    await page.setInputFiles('#trace-input', { name: 'loop.lackey', mimeType: 'text/plain', buffer: Buffer.from(lackeyTrace()) });
    await page.waitForSelector('#profile-done');
  }
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
    await page.waitForTimeout(100);
  }
  return { page, ctx };
}

/** What sticks out past the screen's right edge (outside a box that scrolls). */
const overflow = (page, width) => page.evaluate((w) => ({
  scrollWidth: document.documentElement.scrollWidth,
  out: [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > w + 1)
    .filter((e) => { for (let p = e.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return false; } return true; })
    .slice(0, 5).map((e) => `${e.tagName}.${e.className}#${e.id}`),
}), width);

for (const id of MODELS) {
  test(`${id} at 360 px, its files loaded: nothing wider than the screen`, async () => {
    const { page, ctx } = await open(`model=${id}`, 360);
    const o = await overflow(page, 360);
    assert.ok(o.scrollWidth <= 360, `${id}: the page is ${o.scrollWidth} px wide (${o.out.join(', ')})`);
    await ctx.close();
  });
}

test('AutoMatch at 1280 px with five architectures and a trace: nothing wider than the screen, the ranked table in its card', async () => {
  const { page, ctx } = await open('model=automatch&devices=i5-2400,i7-4700,c2075,k20c,k20x', 1280);
  const o = await overflow(page, 1280);
  assert.ok(o.scrollWidth <= 1280, `the page is ${o.scrollWidth} px wide (${o.out.join(', ')})`);
  await ctx.close();
});

test('every card has its padding (SpMV and AutoMatch with their files)', async () => {
  for (const [query, cards] of [
    ['model=spmv', ['.matrix-file', '.formats', '.plan']],
    ['model=automatch', ['.profile-source', '.archs-section', '.profile-section']],
  ]) {
    const { page, ctx } = await open(query, 1280);
    for (const sel of cards) {
      const pad = await page.$eval(sel, (e) => parseFloat(getComputedStyle(e).paddingLeft));
      assert.ok(pad >= 8, `${query} ${sel}: padding-left ${pad} px`);
    }
    await ctx.close();
  }
});

test('the device facts read as names and values with units, the source in full, at 360 and 1280 px', async () => {
  for (const width of [360, 1280]) {
    const { page, ctx } = await open('model=hong-kim&device=a100', width);
    const rows = await page.$$eval('#device-facts tr', (trs) => trs.map((tr) => ({
      name: tr.querySelector('th').textContent,
      value: tr.querySelector('td.value').textContent,
      valueHeight: tr.querySelector('td.value').getBoundingClientRect().height,
      sourceHeight: tr.querySelector('td.source').getBoundingClientRect().height,
      clipped: tr.querySelector('td.source').scrollWidth > tr.querySelector('td.source').clientWidth + 1,
    })));
    const latency = rows.find((r) => r.name === 'DRAM access latency (Mem_LD)');
    assert.ok(latency, JSON.stringify(rows.map((r) => r.name)));
    assert.match(latency.value, /^\d[\d,.]* cycles$/);
    assert.equal(rows.find((r) => r.name === 'Memory bandwidth').value, '1,555 GB/s');
    for (const r of rows) {
      assert.doesNotMatch(r.name, /^[a-z0-9_]+$/, `a raw key: ${r.name}`);
      // A value on one line (the issue saw "80 GB/s" one character a line); the source not
      // cut off.
      assert.ok(r.valueHeight < 30, `${r.name}: value ${r.valueHeight} px high`);
      assert.ok(!r.clipped, `${r.name}: its source is cut off`);
    }
    await ctx.close();
  }
});
