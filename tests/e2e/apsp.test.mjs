// End-to-end: the APSP page — the runtime chart against n with its four mappings, interval,
// jumps explained on hover, measured times pasted by the user, calibration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, cliEval, ready, settledUrl, readingNotes } from './harness.mjs';

const app = useApp();
const link = (q) => app.link(q);

test('the C2075 8×8 case: Buckets jumps 8 → 16 blocks per SM at n = 81', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=apsp&device=c2075&block_size=8&n=81'));
  await ready(page);
  const cell = (name) => page.getAttribute(`#worked-table td[data-name="${name}"]`, 'data-value');
  assert.equal(await cell('blocks_per_sm_buckets'), '16');
  assert.equal(await cell('blocks_per_sm_full'), '9');
  assert.equal(await cell('blocks_per_sm_occ'), '8');
  assert.match(await page.textContent('#worked-table'), /Dümmler & Egerland, Table 4/);
  // The y axis names no unit its ticks do not use (the ticks carry theirs: µs, ms, s).
  const labels = await page.$$eval('section.sweep .axis-label', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(labels, ['Graph size n (vertices)', 'Predicted time']);
  // The measured-times editor's columns: n, and ms once.
  assert.deepEqual(await page.$$eval('#measured-rows thead th[scope=col]', (ths) => ths.map((t) => t.textContent)), ['n nodes', 'ms']);
  // Calibrated by the C2075's illustrative time at n0 = 500, and the page says it is not the paper's.
  assert.match(await page.textContent('#calibration'), /illustrative time at n0, not from the paper/);
  // A GPU without one: symbolic units, and the page says so.
  await page.goto(link('model=apsp&device=gtx780&block_size=8&n=81'));
  await ready(page);
  assert.match(await page.textContent('#calibration'), /Not calibrated/);
  assert.match(await readingNotes(page), /symbolic units/);
  await page.close();
});

test('switching to APSP from the first screen opens on the paper\'s C2075, in milliseconds', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link(''));
  await ready(page);
  await page.selectOption('#model', 'apsp');
  await page.waitForFunction(() => document.querySelector('#result').dataset.ready === 'apsp');
  assert.match(await page.textContent('.result-device'), /Tesla C2075/);
  assert.match(await page.textContent('#interval'), /^[\d.,]+ (ms|µs|s) – [\d.,]+ (ms|µs|s)$/);
  await page.close();
});

test('the chart: four mappings, the interval, and jumps explained on hover', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=apsp&device=c2075&block_size=8&n=81&n_from=50&n_to=100'));
  await ready(page);
  assert.equal(await page.locator('section.sweep .chart path.line').count(), 4);
  assert.equal(await page.locator('section.sweep .chart path.band').count(), 1);
  assert.equal(await page.getAttribute('#sweep-time', 'data-points'), '51');
  // Jumps at n = 57, 65, 73, 81, 89, 97 (a new row of blocks every 8), 66 (a 7th Min-plus step).
  const events = await page.$$eval('section.sweep .chart g.event', (gs) => gs.map((g) => Number(g.dataset.x)));
  for (const n of [57, 65, 66, 73, 81, 89, 97]) assert.ok(events.includes(n), `jump at ${n}: ${events}`);
  // The keyboard walks to n = 66: the tooltip names the extra Min-plus step.
  await page.focus('section.sweep .chart svg');
  for (let i = 0; i <= 16; i++) await page.keyboard.press('ArrowRight');
  const tip = await page.textContent('section.sweep .chart figcaption');
  assert.match(tip, /^Graph size n \(vertices\) = 66; Min: [\d.,e]+ (µs|ms|s|units); Sorted: /);
  assert.match(tip, /one more kernel launch: 6 → 7 Min-plus steps/);
  // Under the chart: the hovered n's warps and blocks per SM, per mapping.
  assert.equal(await page.getAttribute('#hovered', 'data-n'), '66');
  // n = 81: another round of buckets.
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
  const at81 = await page.textContent('section.sweep .chart figcaption');
  assert.match(at81, /^Graph size n \(vertices\) = 81;/);
  assert.match(at81, /another round of buckets: Buckets puts 8 → 16 blocks/);
  assert.match(await page.textContent('#hovered-mappings tr[data-mapping="buckets"]'), /128\s*16/);
  // A wide range: too many jumps to mark them all; the largest stay marked (Buckets'
  // doubling at 81, the Min-plus steps at 66 and 130), a small one (n = 905, one more row of
  // 113 blocks) does not.
  await page.fill('#n_from', '2');
  await page.fill('#n_to', '1000');
  await page.waitForFunction(() => document.querySelector('#sweep-time').dataset.points === '999');
  const wide = await page.$$eval('section.sweep .chart g.event', (gs) => gs.map((g) => Number(g.dataset.x)));
  for (const n of [66, 81, 130]) assert.ok(wide.includes(n), `jump at ${n}: ${wide}`);
  assert.ok(!wide.includes(905), 'a small jump is not marked on a wide range');
  assert.ok(wide.length <= 60, `${wide.length} marks`);
  await page.close();
});

test('measured times pasted by the user calibrate the model and appear on the chart', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=apsp&device=c2075&block_size=8&n=81'));
  await ready(page);
  await page.click('#measured-rows + .rows-actions + details.paste summary');
  await page.fill('#measured-paste', '500 12.5\n60 0.8\n90 1.1');
  await page.click('#measured-paste-add');
  await page.waitForFunction(() => /measured=500:12.5,60:0.8,90:1.1/.test(location.search));
  await page.waitForSelector('#calibration:has-text("Calibrated")');
  const cli = cliEval(await settledUrl(page));
  assert.equal(cli.derived.t_meas_ms, 'the measured pair at n0 = 500');
  // f = 4 × 12.5 / ΣT'(500); the page's interval is f × [min, max] T'(81).
  const f = cli.outputs.f;
  const tsym = ['min', 'sorted', 'full', 'buckets'].map((k) => cli.outputs[`t_sym_${k}`]);
  assert.equal(Number(await page.getAttribute('#interval', 'data-min')), cli.outputs.interval_min_ms);
  assert.equal(cli.outputs.interval_min_ms, f * Math.min(...tsym));
  // Measured points drawn as dots (those inside the chart's range 50–100: n = 60 and 90).
  assert.equal(await page.locator('section.sweep .chart circle.dot.measured').count(), 2);
  // Calibrating with another measurement makes its n the calibration size.
  await page.selectOption('#calibrate-from', '90');
  await page.waitForFunction(() => /[?&]n0=90&/.test(location.search));
  const again = cliEval(await settledUrl(page));
  assert.equal(again.derived.t_meas_ms, 'the measured pair at n0 = 90');
  assert.notEqual(again.outputs.f, f);
  // The rows editor lists the three pairs; removing one updates the link.
  assert.equal(await page.locator('#measured-rows tbody tr').count(), 3);
  await page.click('#measured-rows tbody tr:nth-child(2) button.remove');
  await page.waitForFunction(() => /measured=500:12.5,90:1.1(&|$)/.test(location.search));
  // A row added by hand: blank (no error, nothing stale) until filled, then part of the link.
  await page.click('#measured-add');
  const cells = page.locator('#measured-rows tbody tr:nth-child(3) input');
  await cells.nth(0).waitFor();
  assert.equal(await page.textContent('#measured-error'), '');
  assert.equal(await page.$('#result.stale'), null);
  await cells.nth(0).fill('70');
  await page.waitForSelector('#measured-error:not(:empty)');
  assert.match(await page.textContent('#measured-error'), /^row 3 must have 2 numbers/);
  await cells.nth(1).fill('0.95');
  await page.waitForFunction(() => /measured=500:12.5,90:1.1,70:0.95(&|$)/.test(location.search));
  await page.close();
});

test('Floyd-Warshall and another device from the example picker', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=apsp&blocks_per_sm_occ=3'));
  await ready(page);
  await page.selectOption('#example', 'c2075-fw');
  // An example replaces the whole form: inputs it does not list go back to their defaults.
  await page.waitForFunction(() => document.querySelector('#blocks_per_sm_occ').value === 'auto');
  await page.waitForFunction(() => /algorithm=floyd-warshall/.test(location.search));
  const cli = cliEval(await settledUrl(page));
  assert.equal(cli.outputs.steps, 97);
  assert.equal(Number(await page.getAttribute('#worked-table td[data-name="steps"]', 'data-value')), 97);
  await page.selectOption('#example', 'gtx780-32');
  await page.waitForFunction(() => /device=gtx780/.test(location.search) && /block_size=32/.test(location.search));
  assert.equal(await page.inputValue('#warp_granularity'), '4');
  await page.close();
});

test('no console errors and no offsite requests in these tests', () => {
  assert.deepEqual(app.env.offsite, []);
  assert.deepEqual(app.env.errors, []);
});
