// End-to-end: what a newcomer trips on (issue 35) — validation.html on a phone, a file's
// error in the page's error style, AutoMatch's split in colours of its own, the worked
// table's units.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, ready } from './harness.mjs';

const app = useApp();

test('validation.html at 360 px: each case\'s prediction and ratio on screen, no sideways scroll', async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${app.server.base}validation.html`);
  const cells = await page.$$eval('table tbody tr', (trs) => trs
    .filter((tr) => tr.children.length === 7)
    .map((tr) => [5, 6].map((i) => tr.children[i].getBoundingClientRect().right)));
  assert.ok(cells.length > 20);
  for (const [predicted, ratio] of cells) {
    assert.ok(predicted <= 360 && ratio <= 360, `${predicted}, ${ratio}`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
  assert.match(await page.$eval('table tbody tr:has(td:nth-child(7)) td:nth-child(6)', (td) => getComputedStyle(td, '::before').content), /predicted/);
  await page.close();
});

test('a bad file\'s error has the page\'s error style', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await page.setInputFiles('#profile-input', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('not,a,profile\n1,2,3\n') });
  await page.waitForSelector('p.error');
  const style = await page.$eval('p.error', (p) => ({ bg: getComputedStyle(p).backgroundColor, border: getComputedStyle(p).borderLeftStyle }));
  assert.notEqual(style.bg, 'rgba(0, 0, 0, 0)');
  assert.equal(style.border, 'solid');
  await page.close();
});

test('AutoMatch\'s split bar does not reuse the computation and memory colours', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=automatch'));
  await ready(page);
  await page.waitForSelector('#split rect');
  const split = await page.$$eval('#split rect', (rs) => rs.map((r) => getComputedStyle(r).fill));
  const parts = await page.$$eval('.seg-compute, .seg-current, .seg-prev', (es) => es.map((e) => getComputedStyle(e).fill));
  assert.ok(split.length >= 2);
  for (const c of split) assert.ok(!parts.includes(c), `${c} is a time component's colour`);
  await page.close();
});

test('the worked table says "1 request", not "1 requests"', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280&mlp=1'));
  await ready(page);
  await page.waitForSelector('.worked');
  const text = await page.textContent('.worked');
  assert.match(text, /1 request(?!s)/);
  assert.doesNotMatch(text, /(?<![\d.,])1 requests/);
  await page.close();
});

test('a custom GPU in a device list: its checkbox beside its label, and a link to where its values are typed', async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.link('model=automatch'));
  await ready(page);
  const box = page.locator('.device-list input[value="custom"]').first();
  await box.check();
  const [input, text] = await box.evaluate((e) => [e.getBoundingClientRect(), e.nextElementSibling.getBoundingClientRect()].map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })));
  assert.ok(text.left >= input.right, 'the label beside the box');
  assert.ok(text.top < input.bottom, 'on the same line');
  await page.click('.device-list a[href="#custom-device"]');
  await page.waitForFunction(() => { const r = document.querySelector('#custom-device').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; });
  await page.close();
});
