// End-to-end: the Luo & Suda page — periods edited in the table, the period types on the
// timeline, the readings switch, and the charts against active warps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, cliEval, ready, settledUrl, readingNotes } from './harness.mjs';

const app = useApp();
const link = (q) => app.link(q);

test('the hand-computed case: four period types, 1,899 cycles', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=luo-suda&device=gtx260&periods=20:400,30:1000,100:50,60:60&n_act=16&p=0.8'));
  await ready(page);
  assert.equal(await page.getAttribute('#total-cycles', 'data-value'), '1899');
  assert.equal(await page.getAttribute('#mpd', 'data-value'), '5');
  const types = await page.$$eval('#periods-table td[data-type]', (tds) => tds.map((td) => td.dataset.type));
  assert.deepEqual(types, ['2', '4', '3', '1']);
  assert.equal(await page.locator('.timeline rect.seg-prev').count(), 2, 'types 3 and 4 wait for the previous period');
  // Both printed readings: 21,391 cycles, and the notes say which applied.
  await page.selectOption('#reading_mpd', 'printed');
  await page.selectOption('#reading_cpd', 'printed');
  await page.waitForFunction(() => document.querySelector('#total-cycles').dataset.value === '21391');
  assert.match(await readingNotes(page), /Eq\. 2 as printed/);
  assert.equal(cliEval(await settledUrl(page)).outputs.total_cycles, 21391);
  await page.close();
});

test('editing a period row changes the total and the URL', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=luo-suda&device=gtx260&periods=20:400,30:1000,100:50,60:60&n_act=16&p=0.8'));
  await ready(page);
  const first = page.locator('#periods-rows tbody tr:nth-child(1) input').nth(0);
  // A cell takes effect as it is typed (no need to leave it).
  await first.fill('50');
  await page.waitForFunction(() => /periods=50:400,30:1000/.test(location.search));
  // A bad cell: only that cell is marked, and the message names its row and column.
  const m2 = page.locator('#periods-rows tbody tr:nth-child(2) input').nth(1);
  await m2.fill('abc');
  await page.waitForSelector('#periods-error:not(:empty)');
  assert.match(await page.textContent('#periods-error'), /^row 2, m: must be a number from 0 to /);
  assert.deepEqual(await page.$$eval('#periods-rows input', (is) => is.map((i) => i.getAttribute('aria-invalid'))),
    ['false', 'false', 'false', 'true', 'false', 'false', 'false', 'false']);
  await m2.fill('1000');
  await page.waitForFunction(() => document.querySelector('#periods-error').textContent === '');
  const total = Number(await page.getAttribute('#total-cycles', 'data-value'));
  assert.notEqual(total, 1899);
  assert.equal(total, cliEval(await settledUrl(page)).outputs.total_cycles);
  // Add a row: blank, it changes nothing (the prediction is not stale); fill it, and the
  // period appears.
  await page.click('#periods-add');
  const cells = page.locator('#periods-rows tbody tr:nth-child(5) input');
  await cells.nth(0).waitFor();
  assert.equal(await page.$('#result.stale'), null, 'a blank new row is no error');
  assert.equal(await page.textContent('#periods-error'), '');
  await cells.nth(0).fill('10');
  await cells.nth(1).fill('900');
  await page.waitForFunction(() => /periods=50:400,30:1000,100:50,60:60,10:900(&|$)/.test(location.search));
  // The paste box's example is this field's own (c m pairs), not another model's.
  assert.equal(await page.getAttribute('#periods-paste', 'placeholder'), '136 400\n87 200');
  assert.equal(await page.locator('#periods-table tbody tr').count(), 5);
  // The charts: time and the two parallel degrees against 1–32 warps.
  assert.equal(await page.locator('section.sweep .chart').count(), 2);
  assert.equal(await page.locator('#degrees-chart path.line').count(), 2);
  await page.close();
});

test('pasting PTX fills the periods; malformed lines are named, the rest still parses', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=luo-suda&device=gtx260'));
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.selectOption('#ptx-example', 'vector-add');
  await page.waitForSelector('#ptx-summary');
  const summary = await page.textContent('#ptx-summary');
  const m = summary.match(/→ (\d+) calculate period/);
  assert.ok(m, summary);
  const urlBefore = page.url();
  await page.click('#ptx-apply');
  await page.waitForFunction((b) => location.href !== b && /periods=\d/.test(location.search) && /[?&]p=auto/.test(location.search), urlBefore);
  assert.equal(await page.locator('#periods-table tbody tr').count(), Number(m[1]));
  const cli = cliEval(await settledUrl(page));
  assert.equal(Number(await page.getAttribute('#total-cycles', 'data-value')), cli.outputs.total_cycles);
  assert.doesNotMatch(page.url(), /ld\.global|%25r/, 'the PTX text never goes into the link');
  // A loop's trip count multiplies its costs: the tiled matrix multiply has loops to set.
  await page.selectOption('#ptx-example', 'matmul-tiled');
  await page.waitForSelector('#ptx-loops');
  // The field says what it holds: trips per call, not "runs [1] times".
  assert.match(await page.textContent('label:has(#ptx-trip-0)'), /^Loop at lines \d+–\d+ \(.*\), trips per call: $/);
  const before = await page.textContent('#ptx-summary');
  await page.fill('#ptx-trip-0', '4');
  await page.waitForFunction((b) => (document.querySelector('#ptx-summary')?.textContent ?? b) !== b, before);
  const withFour = await page.textContent('#ptx-summary');
  // Not a trip count: an error on that loop, and no analysis with stale counts.
  for (const bad of ['abc', '-3', '1e12', '0', '2.5']) {
    await page.fill('#ptx-trip-0', bad);
    await page.waitForSelector('#ptx-trip-0[aria-invalid="true"]');
    assert.equal(await page.textContent('#ptx-trip-0-error'), ' must be a whole number from 1 to 1,000,000,000', bad);
    assert.match(await page.textContent('#ptx-summary'), /trip count is not valid/, bad);
    assert.equal(await page.$('#ptx-apply'), null, `${bad}: nothing to apply`);
  }
  await page.fill('#ptx-trip-0', '4');
  // (Until the worker answers, the last answer, made while the count was not valid, has no
  // analysis to show: the summary is gone for that moment.)
  await page.waitForFunction((w) => document.querySelector('#ptx-summary')?.textContent === w, withFour);
  // Malformed PTX: errors with line numbers, and the good lines still count.
  assert.equal(await page.inputValue('#ptx-example'), 'matmul-tiled', 'the picker shows the loaded kernel');
  await page.fill('#ptx-text', 'add.s32 %r1, %r2, 4;\nmul.lo.s32 %r3, %r1\nld.global.f32 %f1, [%rd1];\n@@@ garbage');
  await page.waitForSelector('#ptx-errors');
  assert.equal(await page.inputValue('#ptx-example'), '', 'edited: your own PTX');
  const lines = await page.$$eval('#ptx-errors li', (lis) => lis.map((li) => Number(li.dataset.line)));
  assert.deepEqual(lines, [2, 4]);
  assert.match(await page.textContent('#ptx-summary'), /^2 instructions/);
  await page.close();
});

test('Hong & Kim: instruction counts from PTX', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=hong-kim&device=gtx280'));
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.selectOption('#ptx-example', 'vector-add');
  await page.waitForSelector('#ptx-memory li');
  // Mark the first global access uncoalesced, then fill the form.
  await page.locator('#ptx-memory input[type=checkbox]').first().check();
  await page.click('#ptx-apply');
  await page.waitForFunction(() => /uncoal_mem_insts=1&/.test(location.search));
  const cli = cliEval(await settledUrl(page));
  assert.equal(cli.inputs.uncoal_mem_insts, 1);
  assert.ok(cli.inputs.coal_mem_insts >= 1);
  assert.ok(cli.inputs.comp_insts > 0);
  assert.equal(await page.inputValue('#synch_insts'), '0');
  await page.close();
});

test('Hong & Kim: a new text clears the uncoalesced marks, and every box shows it', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=hong-kim&device=gtx280'));
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.selectOption('#ptx-example', 'vector-add');
  await page.waitForSelector('#ptx-memory li');
  const first = page.locator('#ptx-memory input[type=checkbox]').first();
  await first.check();
  await page.waitForFunction(() => document.querySelector('#ptx-busy')?.textContent === '');
  assert.equal(await first.isChecked(), true, 'the answer keeps the mark');
  // Another example is a new text: nothing is marked, in the state and on screen (a box the
  // user ticked must not stay ticked in the list the new answer draws in its place).
  await page.selectOption('#ptx-example', 'matmul-tiled');
  await page.waitForFunction(() => document.querySelector('#ptx-text')?.value.includes('matmul'));
  await page.waitForFunction(() => document.querySelector('#ptx-busy')?.textContent === '' && document.querySelectorAll('#ptx-memory li').length > 0);
  const ticked = await page.$$eval('#ptx-memory input[type=checkbox]', (bs) => bs.filter((b) => b.checked).length);
  assert.equal(ticked, 0);
  await page.click('#ptx-apply');
  await page.waitForFunction(() => /uncoal_mem_insts=0&/.test(location.search));
  await page.close();
});
