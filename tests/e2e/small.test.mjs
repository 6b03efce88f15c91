// The small things a demanding user notices: reset, the example picker showing what is loaded,
// no error flashing while a box is cleared to type a new value, device sources said once, and
// an honest note when an old model meets a new GPU.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, ready } from './harness.mjs';

const app = useApp();

test('the example picker shows the loaded example until an input changes; reset restores the defaults', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280'));
  await ready(page);
  const defaults = page.url();
  assert.equal(await page.inputValue('#example'), '');
  await page.selectOption('#example', 'svm');
  await page.waitForFunction(() => document.querySelector('#coal_mem_insts').value === '819');
  assert.equal(await page.inputValue('#example'), 'svm', 'the picker shows the loaded example');
  assert.equal(await page.inputValue('#device'), 'gtx280', 'Table 5 names no device: it stays');
  await page.fill('#comp_insts', '100');
  await page.waitForFunction(() => document.querySelector('#example').value === '');
  // Back to the loaded values: the picker recognises the example again.
  await page.fill('#comp_insts', '10871');
  await page.waitForFunction(() => document.querySelector('#example').value === 'svm');
  await page.click('#reset');
  await page.waitForFunction(() => document.querySelector('#example').value === '');
  assert.equal(await page.inputValue('#comp_insts'), '27');
  // §3.6's example names its machine: the device picker follows.
  await page.selectOption('#example', 'table2');
  await page.waitForFunction(() => document.querySelector('#device').value === 'hk-example');
  assert.equal(await page.inputValue('#example'), 'table2');
  // Reset gives the same link as opening the device's defaults.
  await page.goto(defaults);
  await ready(page);
  await page.fill('#blocks', '7');
  await page.selectOption('#sweep', 'comp_insts');
  await page.click('#reset');
  await page.waitForFunction((d) => location.href === d, defaults);
  await page.close();
});

test('clearing a box marks the prediction stale at once; its error waits until the box is left', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim'));
  await ready(page);
  await page.click('#comp_insts');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  assert.equal(await page.inputValue('#comp_insts'), '');
  assert.equal(await page.textContent('#comp_insts-error'), '');
  // The prediction is marked stale at once (it no longer matches the form).
  await page.waitForSelector('#result.stale');
  assert.equal(await page.textContent('#stale-note'),
    'Computation instructions per thread is empty — showing the last valid prediction.');
  await page.keyboard.type('50');
  await page.waitForFunction(() => /comp_insts=50&/.test(location.search));
  // Emptied and left: the error shows, and the last result stays.
  await page.fill('#comp_insts', '');
  await page.focus('#blocks');
  assert.equal(await page.textContent('#comp_insts-error'), 'must be a whole number from 0 to 1,000,000,000');
  assert.ok(await page.$('#result.stale'));
  await page.close();
});

test('device facts say "vendor spec" once per value, in the badge', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=h100'));
  await ready(page);
  await page.click('#device-facts summary');
  // The facts are built when the details open.
  await page.waitForSelector('#device-facts tr.off-paper td.source');
  const rows = await page.$$eval('#device-facts tr.off-paper td.source', (tds) => tds.map((td) => td.textContent));
  assert.ok(rows.length > 0);
  for (const r of rows) {
    assert.equal(r.match(/not from the papers/g)?.length, 1, r);
    assert.doesNotMatch(r, /\(vendor spec/, r);
  }
  assert.ok(rows.some((r) => /vendor spec, not from the papers$/.test(r)));
  await page.close();
});

test('an old model on a new GPU says what it leaves out; on the paper\'s GPU it does not', async () => {
  const page = await app.env.context.newPage();
  // The naive 2000² matrix multiply on an H100.
  await page.goto(app.link('model=hong-kim&device=h100&threads_per_block=256&blocks=15625&comp_insts=12000&uncoal_mem_insts=0&coal_mem_insts=4000&synch_insts=0'));
  await ready(page);
  // Its last sentence comes with the glossary's texts (glossary.txt, after the first paint).
  await page.waitForFunction(() => document.querySelector('#scope-note')?.textContent.includes('The paper\'s model has no caches'));
  const note = await page.textContent('#scope-note');
  assert.match(note, /^An old model on a new GPU\. Hong & Kim built and checked this model on .*compute capability up to 1\.3\); the H100 \(SXM5\) is compute capability 9\.0\. The paper's model has no caches: every load goes to DRAM at Mem_LD cycles\. Here the L1 and L2 hit rates/);
  await page.goto(app.link('model=hong-kim&device=gtx280'));
  await ready(page);
  assert.equal(await page.$('#scope-note'), null);
  await page.close();
});

test('terms explain themselves on hover and on keyboard focus', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim'));
  await ready(page);
  // The definitions come from glossary.txt, fetched once the page is idle after its first
  // paint (the page's bundle holds the terms alone).
  const filled = (id) => page.waitForFunction((i) => document.getElementById(i)?.textContent.length > 0, id);
  // The result card's MWP, reached with the keyboard.
  await filled('about-r-mwp');
  assert.ok(app.server.requests.includes('/glossary.txt'));
  assert.equal(await page.isVisible('#about-r-mwp'), false);
  await page.focus('[aria-describedby="about-r-mwp"]');
  assert.equal(await page.isVisible('#about-r-mwp'), true);
  assert.match(await page.textContent('#about-r-mwp'), /^Memory Warp Parallelism: how many warps of one SM can wait on memory at the same time/);
  // A form field's symbol, on hover.
  await page.hover('[aria-describedby="about-departure_del_uncoal"]');
  assert.equal(await page.isVisible('#about-departure_del_uncoal'), true);
  // The worked table's terms, for every model.
  for (const [model, name, words] of [['hong-kim', 'departure_delay', /^Cycles between two memory warps leaving an SM/],
    ['luo-suda', 'mpd', /^Memory Parallel Degree/], ['apsp', 't_warp', /^T_Warp: one warp's time/]]) {
    await page.goto(app.link(`model=${model}`));
    await ready(page);
    await filled(`about-w-${name}`);
    await page.focus(`[aria-describedby="about-w-${name}"]`);
    assert.equal(await page.isVisible(`#about-w-${name}`), true, `${model} ${name}`);
    assert.match(await page.textContent(`#about-w-${name}`), words);
  }
  await page.close();
});

test('switching models keeps each model\'s inputs for the visit; a switch is a history entry', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280'));
  await ready(page);
  await page.fill('#threads_per_block', '256');
  await page.waitForFunction(() => /threads_per_block=256&/.test(location.search));
  const length = await page.evaluate(() => history.length);
  await page.selectOption('#model', 'apsp');
  await page.waitForFunction(() => document.querySelector('#result').dataset.ready === 'apsp');
  await page.fill('#n', '97');
  await page.waitForFunction(() => /[?&]n=97&/.test(location.search));
  // One entry for the switch; the edit replaced it.
  assert.equal(await page.evaluate(() => history.length), length + 1);
  await page.selectOption('#model', 'hong-kim');
  await page.waitForFunction(() => document.querySelector('#result').dataset.ready === 'hong-kim');
  assert.match(page.url(), /model=hong-kim/, 'the switch is in the address at once');
  assert.equal(await page.inputValue('#threads_per_block'), '256', 'the inputs as left');
  assert.match(await page.textContent('.result-device'), /GTX 280/);
  // Back: the APSP entry, with its edit; Back again: Hong & Kim with 256 threads.
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#result').dataset.ready === 'apsp');
  await page.waitForSelector('#n');
  assert.equal(await page.inputValue('#n'), '97');
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#result').dataset.ready === 'hong-kim');
  assert.equal(await page.inputValue('#threads_per_block'), '256');
  assert.match(page.url(), /model=hong-kim/);
  await page.close();
});

test('on phones every column of the result tables is on screen, and definitions stay inside it', async () => {
  const page = await app.env.context.newPage();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    // APSP's mappings: T′ and T are on screen.
    await page.goto(app.link('model=apsp&device=c2075&n=81&block_size=8'));
    await ready(page);
    const right = (sel) => page.$$eval(sel, (els) => Math.max(...els.map((e) => e.getBoundingClientRect().right)));
    assert.ok(await right('#result table.mappings tr > *:last-child') <= width, `${width}: T column`);
    assert.ok(await right('#result table.mappings tr > *:nth-last-child(2)') <= width, `${width}: T′ column`);
    // The worked table's values are on screen.
    assert.ok(await right('#worked-table td.num') <= width, `${width}: worked values`);
    // Hong & Kim's Regime definition, focused, stays inside the screen.
    await page.goto(app.link('model=hong-kim&device=gtx280'));
    await ready(page);
    await page.focus('#result .stat button.term-btn >> nth=-1');
    const tip = await page.$eval('#about-r-regime', (t) => { const r = t.getBoundingClientRect(); return [r.left, r.right, getComputedStyle(t).display]; });
    assert.notEqual(tip[2], 'none', 'shown on focus');
    assert.ok(tip[0] >= 0 && tip[1] <= width, `${width}: tip at ${tip}`);
    assert.ok(await right('#worked-table td.num') <= width, `${width}: worked values (hong-kim)`);
  }
  await page.close();
});

test('the loaded example is named in full under its picker', async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.link('model=luo-suda'));
  await ready(page);
  assert.equal(await page.textContent('#example-loaded'),
    'Two loads and a store on the GTX260 (illustrative) — Table 1 costs: add/mul.lo on registers (65 + 136 = 201 → one task of 136 here), ld 200, st 200');
  await page.fill('#n_act', '9');
  await page.waitForFunction(() => document.querySelector('#example-loaded').textContent === '');
  await page.close();
});
