// End-to-end: the measured page as a workbench (issue 57) on the real H100 exports
// (../shared/profiles/known-h100) and the H200 export of the same kernels: two runs read as
// two runs with each model's predicted change, a baseline chosen, the same kernels on another
// GPU with the CLI's --on numbers, the comparison downloaded as the CLI writes it, and a file's
// absurd figures refused with their line while the kernel stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { useApp, cliJson, ROOT } from './harness.mjs';

const app = useApp();
const KNOWN = join(ROOT, '..', 'shared', 'profiles', 'known-h100');
const H200 = join(ROOT, 'tests', 'fixtures', 'profiler', 'known-kernels-h200');
const H100_RAW = join(KNOWN, 'h100_raw_full.csv');
const H100_DETAILS = join(KNOWN, 'h100_details_full.csv');
const H200_RAW = join(H200, 'h200_full_raw.csv.gz');
const haveShared = existsSync(H100_RAW);

async function open(page) {
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
}

async function choose(page, paths) {
  await page.setInputFiles('#profile-input', paths);
}

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: dl.suggestedFilename(), body: readFileSync(await dl.path()) };
}

const num = async (page, selector, attribute) => Number(await page.getAttribute(selector, attribute));

test('two runs of the same kernels (H100, H200) are two runs: measured and predicted change, as the CLI; a baseline chosen', { skip: !haveShared }, async () => {
  const page = await app.env.context.newPage();
  await open(page);
  await choose(page, [H100_RAW, H200_RAW]);
  await page.waitForSelector('#measured-runs');
  assert.match(await page.textContent('#measured-summary'), /^2 runs side by side; run 1 is the baseline\.$/);
  assert.equal(await page.locator('#measured-runs tbody tr').count(), 2);
  assert.match(await page.textContent('#measured-runs tr[data-run="1"] td[data-label="GPU"]'), /H200/);
  const cli = cliJson(['analyze', 'measured', H100_RAW, H200_RAW]);
  const change = cli.changes[0];
  assert.equal(change.run, 1);
  assert.ok(change.kernels.length >= 1);
  const rows = page.locator('#measured-change-2 tbody tr');
  assert.equal(await rows.count(), change.kernels.length);
  for (let i = 0; i < change.kernels.length; i++) {
    const k = change.kernels[i];
    const row = `#measured-change-2 tbody tr:nth-child(${i + 1})`;
    assert.equal(await num(page, `${row} td.measured-ratio`, 'data-ratio'), k.ratio, k.name);
    for (const m of k.models) {
      const shown = await page.getAttribute(`${row} td[data-model="${m.model}"]`, 'data-ratio');
      assert.equal(shown === '' ? null : Number(shown), m.ratio, `${k.name} ${m.model}`);
    }
  }
  // Each run's own comparison stays: the baseline's under the page's ids, the other's its own.
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), cli.runs[0].kernels.length);
  assert.equal(await page.locator('#run2-measured-kernels tbody tr').count(), cli.runs[1].kernels.length);
  // The H200 made the baseline: the CLI's --baseline 2.
  await page.click('#measured-runs button[data-baseline="1"]');
  await page.waitForFunction(() => /run 2 is the baseline/.test(document.querySelector('#measured-summary')?.textContent ?? ''));
  const flipped = cliJson(['analyze', 'measured', H100_RAW, H200_RAW, '--baseline', '2']);
  assert.equal(flipped.baseline, 1);
  assert.equal(await num(page, '#measured-change-1 tbody tr:first-child td.measured-ratio', 'data-ratio'), flipped.changes[0].kernels[0].ratio);
  await page.close();
});

test('pages of one profile join as one run; the same run at another clock is a run of its own', { skip: !haveShared }, async () => {
  const page = await app.env.context.newPage();
  await open(page);
  await choose(page, [H100_DETAILS, H100_RAW]);
  await page.waitForSelector('#measured-kernels');
  assert.equal(await page.locator('#measured-runs').count(), 0);
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 13);
  assert.match(await page.textContent('#measured-runs-note'), /Files join the run before them when they add to it/);
  // The same kernels at the boost clock (--clock-control none): another run.
  await choose(page, [H100_DETAILS, join(KNOWN, 'h100_noclock.csv')]);
  await page.waitForSelector('#measured-runs');
  assert.equal(await page.locator('#measured-runs tbody tr').count(), 2);
  assert.equal(await page.locator('#measured-change-2 tbody tr').count(), 13);
  await page.close();
});

test('on another GPU on the page: each model there beside the measured time, anchored on it, as the CLI --on', { skip: !haveShared }, async () => {
  const page = await app.env.context.newPage();
  await open(page);
  await choose(page, [H100_RAW]);
  await page.waitForSelector('#measured-kernels');
  // A kernel's detail leads to the search for another GPU.
  await page.evaluate(() => { document.querySelector('#kernel-0').open = true; });
  await page.click('#kernel-0 button[data-on-another]');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'measured-on-find');
  await page.fill('#measured-on-find', 'h200');
  await page.click('#measured-on-find ~ .device-hits [data-device="h200"]');
  await page.waitForSelector('#measured-projection');
  assert.match(await page.textContent('#measured-on'), /H200/);
  assert.match(await page.textContent('#kernel-row-0 td[data-label="Device"]'), /H200.*measured on H100/s);
  const cli = cliJson(['analyze', 'measured', H100_RAW, '--on', 'h200']);
  for (let i = 0; i < cli.kernels.length; i++) {
    for (const [model, p] of Object.entries(cli.kernels[i].predictions)) {
      if (p.time_s == null) continue;
      const cell = `#kernel-row-${i} td[data-model="${model}"]`;
      assert.equal(await num(page, cell, 'data-time-s'), p.time_s, `${i} ${model}`);
      if (p.anchored_s != null) {
        assert.equal(await num(page, `${cell} .anchored`, 'data-anchored-s'), p.anchored_s, `${i} ${model}`);
        assert.ok(Math.abs(p.anchored_s - cli.kernels[i].measured_s * p.time_s / p.here_s) < 1e-12);
      }
    }
  }
  // Back to the file's own GPU.
  await page.click('text=Back to the file\'s own GPU');
  await page.waitForSelector('#measured-models');
  assert.equal(await page.locator('#measured-projection').count(), 0);
  await page.close();
});

test('the comparison downloads as the CLI writes it: JSON the same document, CSV a row per kernel and model', { skip: !haveShared }, async () => {
  const page = await app.env.context.newPage();
  await open(page);
  await choose(page, [H100_RAW, H200_RAW]);
  await page.waitForSelector('#measured-runs');
  const json = await download(page, '#measured-export button[data-export="json"]');
  assert.equal(json.name, 'warpsight-measured.json');
  const cli = cliJson(['analyze', 'measured', H100_RAW, H200_RAW]);
  const got = JSON.parse(json.body.toString('utf8'));
  // The files' names are the browser's (no directories), as the CLI's.
  assert.deepEqual(got, cli);
  const csv = await download(page, '#measured-export button[data-export="csv"]');
  assert.equal(csv.name, 'warpsight-measured.csv');
  const lines = csv.body.toString('utf8').trim().split('\n');
  assert.match(lines[0], /^run,files,baseline,kernel,grid,block,invocations,measured_s,/);
  const models = Object.keys(cli.runs[0].predictions ?? cli.runs[0].kernels[0].predictions).length;
  const kernels = cli.runs[0].kernels.length + cli.runs[1].kernels.length;
  assert.equal(lines.length - 1, kernels * models);
  await page.close();
});

test('a file\'s absurd duration and hit rate are refused with their line; the kernel stays, the rest of the file too', async () => {
  const head = '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"\n';
  const row = (id, kernel, name, unit, value) => `"${id}","1","a","h","${kernel}","1","7","(256, 1, 1)","(1024, 1, 1)","0","9.0","S","${name}","${unit}","${value}"\n`;
  const text = head
    + row(0, 'k_bad', 'Duration', 'second', '1e308')
    + row(0, 'k_bad', 'L2 Hit Rate', '%', '250')
    + row(0, 'k_bad', 'Registers Per Thread', 'register/thread', '32')
    + row(1, 'k_good', 'Duration', 'usecond', '12.5')
    + row(1, 'k_good', 'Registers Per Thread', 'register/thread', '32');
  const page = await app.env.context.newPage();
  await open(page);
  await page.setInputFiles('#profile-input', { name: 'absurd.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const note = await page.waitForSelector('#measured-invalid');
  assert.match(await note.textContent(), /line 2: "1e308" is not a kernel's time: from 0 to 1 day/);
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 2);
  const bad = page.locator('#measured-kernels tbody tr', { hasText: 'k_bad' });
  assert.match(await bad.locator('td[data-label="Measured"]').textContent(), /the file's duration is invalid/);
  const good = page.locator('#measured-kernels tbody tr', { hasText: 'k_good' });
  assert.match(await good.locator('td[data-label="Measured"]').textContent(), /12\.5 µs/);
  // The detail lists both refused figures, each with its line.
  await page.evaluate(() => document.querySelectorAll('details.kernel-detail').forEach((d) => { d.open = true; }));
  const listed = await page.textContent('.invalid-figures');
  assert.match(listed, /line 2: "1e308"/);
  assert.match(listed, /line 3: "250" is not a hit rate/);
  // No NaN or infinity anywhere.
  assert.doesNotMatch(await page.textContent('#measured-results'), /NaN|Infinity|∞/);
  await page.close();
});

test('at 360 px every table of the comparison fits (runs, changes, kernels, details), with nothing only in a hover title', { skip: !haveShared }, async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  await open(page);
  await choose(page, [H100_RAW, H200_RAW]);
  await page.waitForSelector('#measured-runs');
  await page.evaluate(() => document.querySelectorAll('details.kernel-detail').forEach((d) => { d.open = true; }));
  const wide = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('#measured-results table, #measured-results caption, #measured-results td, #measured-results th')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1)) {
        out.push(`${el.tagName}.${el.className} ${Math.round(r.width)}px right ${Math.round(r.right)}: ${el.textContent.slice(0, 40)}`);
      }
    }
    return out;
  });
  assert.deepEqual(wide, []);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  // Each input's origin is said in words beside it, not only in a title.
  const computed = await page.locator('.inputs-used .computed + .muted').first().textContent();
  assert.match(computed, /^\(.+\)$/);
  // Tap targets: the downloads and the baseline buttons are at least 24 px each way.
  for (const sel of ['#measured-export button[data-export="csv"]', '#measured-runs button[data-baseline="1"]']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box.width >= 24 && box.height >= 24, `${sel} ${box.width}×${box.height}`);
  }
  await page.close();
});

test('the calculator: one Tab stop per field, definitions and checkboxes of at least 24 px', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim'));
  await page.waitForSelector('#comp_insts');
  await page.focus('#comp_insts');
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => ({ tag: document.activeElement.tagName, id: document.activeElement.id, cls: document.activeElement.className }));
  assert.notEqual(next.cls, 'term-btn', JSON.stringify(next));
  assert.equal(next.id, 'uncoal_mem_insts', JSON.stringify(next));
  // The field is described by its definition, which it no longer needs a Tab stop to reach.
  assert.match(await page.getAttribute('#comp_insts', 'aria-describedby'), /about-comp_insts/);
  // Where its number comes from.
  await page.waitForFunction(() => /From PTX/.test(document.querySelector('#about-comp_insts')?.textContent ?? ''));
  const boxes = await page.$$eval('.field .term-btn, input[type="checkbox"]', (els) => els
    .filter((e) => e.offsetParent !== null)
    .map((e) => { const r = e.getBoundingClientRect(); return [r.width, r.height, e.id || e.textContent]; }));
  assert.ok(boxes.length > 5);
  for (const [w, h, what] of boxes) assert.ok(w >= 24 && h >= 24, `${what}: ${w}×${h}`);
  await page.close();
});
