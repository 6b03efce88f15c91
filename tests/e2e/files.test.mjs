// End-to-end: the measured page on real files' classes, round 2 (tests/fixtures/profiler/round2,
// tests/files_round2.rs): a GPU given only by its compute capability (the page states it and
// its search lists that capability's GPUs; a pick gives the whole comparison, a contradicting
// one a warning), a GPU named in the application's output above the table, the Visual
// Profiler's CSV, and nvprof's issued instructions labelled, each as the CLI reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useApp, cliJson, ROOT } from './harness.mjs';

const app = useApp();
const ROUND2 = join(ROOT, 'tests', 'fixtures', 'profiler', 'round2');
const fixture = (name) => join(ROUND2, name);
const DEVICE_LINE = 'device: NVIDIA GeForce RTX 5070 (sm_120), 48 SMs\n';

async function dropFile(page, name, buffer) {
  await page.setInputFiles('#profile-input', { name, mimeType: 'text/csv', buffer });
}

test('a GPU given only by its compute capability: stated, its GPUs listed, a pick compared, a wrong one warned of', async () => {
  const text = readFileSync(fixture('ncu_rtx5070_2026.csv'), 'utf8').replace(DEVICE_LINE, '');
  const file = join(mkdtempSync(join(tmpdir(), 'warpsight-')), 'cc_only.csv');
  writeFileSync(file, text);
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'cc_only.csv', Buffer.from(text));
  const note = await page.waitForSelector('#measured-capability');
  assert.match(await note.textContent(), /only as compute capability 12\.0 \(Blackwell\)/);
  assert.match(await page.textContent('#kernel-row-0 td[data-label="Device"]'), /compute capability 12\.0/);
  // The device search opens with that capability's GPUs, presets first.
  assert.equal(await page.inputValue('#measured-find'), 'cc 12.0');
  await page.waitForSelector('#measured-find ~ .device-hits [data-device="rtx5090"]');
  const cli = cliJson(['analyze', 'measured', file]);
  assert.equal(cli.kernels[0].device.compute_capability, '12.0');
  assert.equal(cli.kernels[0].device.candidates[0].id, 'rtx5090');
  // Occupancy from the capability alone, as the CLI's.
  // The file gives no shared memory: the occupancy counts none, an upper limit, said so.
  assert.match(await page.textContent('#kernel-row-0 td[data-label="Occupancy"]'), /^at most 100% assumes no shared memory/);
  // The capability alone still bounds the time: the bound on its fastest GPU, said so.
  assert.equal(
    Number(await page.getAttribute('#kernel-row-0 td[data-model="roofline"]', 'data-time-s')),
    cli.kernels[0].predictions.roofline.time_s,
  );
  assert.match(await page.textContent('#kernel-row-0 td[data-model="roofline"] .bound-on'), /^on the fastest GPU of compute capability 12\.0 \(GeForce RTX 5090\)$/);
  // A pick: the whole comparison on it, as the CLI's --device.
  await page.click('#measured-find ~ .device-hits [data-device="rtx5090"]');
  await page.waitForFunction(() => /RTX 5090/.test(document.querySelector('#kernel-row-0 td[data-label="Device"]')?.textContent ?? ''));
  assert.equal(await page.locator('#measured-capability').count(), 0);
  assert.equal(await page.locator('#kernel-row-0 .bound-on').count(), 0);
  const on = cliJson(['analyze', 'measured', file, '--device', 'rtx5090']);
  assert.equal(
    Number(await page.getAttribute('#kernel-row-0 td[data-model="roofline"]', 'data-time-s')),
    on.kernels[0].predictions.roofline.time_s,
  );
  // A GPU of another capability: the comparison says it is not this file's GPU.
  await page.fill('#measured-find', '1080 ti');
  await page.click('#measured-find ~ .device-hits [data-device="tpu-c2877"]');
  const warning = await page.waitForSelector('#measured-warning');
  assert.match(await warning.textContent(), /compute capability 12\.0 \(Blackwell\), and the GeForce GTX 1080 Ti is 6\.1/);
  await page.close();
});

test('a GPU named above the table, the Visual Profiler CSV, and issued instructions labelled', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  // The application's output names the GPU above ncu's table.
  await dropFile(page, 'stream.csv', readFileSync(fixture('ncu_rtx5070_2026.csv')));
  await page.waitForFunction(() => /GeForce RTX 5070/.test(document.querySelector('#kernel-row-0')?.textContent ?? ''));
  assert.match(await page.textContent('#measured-results'), /named in the lines before the table/);
  const cli = cliJson(['analyze', 'measured', fixture('ncu_rtx5070_2026.csv')]);
  assert.equal(cli.kernels[0].device.how, 'before');
  assert.equal(
    Number(await page.getAttribute('#kernel-row-0 td[data-model="roofline"]', 'data-time-s')),
    cli.kernels[0].predictions.roofline.time_s,
  );
  // The Visual Profiler's export: no device column, so the comparison asks for one.
  await dropFile(page, 'nvvp.csv', readFileSync(fixture('nvvp_gpu_details.csv')));
  await page.waitForFunction(() => document.querySelector('#measured-summary')?.textContent.includes('Visual Profiler CSV'));
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), 2);
  assert.match(await page.textContent('#measured-results'), /The file names no device/);
  // nvprof's trace with its metrics, which count instructions issued, not executed.
  const trace = fixture('nvprof_trace_titan.csv');
  const metrics = fixture('nvprof_metrics_titan.csv');
  await page.setInputFiles('#profile-input', [
    { name: 'trace.csv', mimeType: 'text/csv', buffer: readFileSync(trace) },
    { name: 'metrics.csv', mimeType: 'text/csv', buffer: readFileSync(metrics) },
  ]);
  await page.waitForFunction(() => document.querySelector('#measured-summary')?.textContent.includes('--metrics'));
  const titan = cliJson(['analyze', 'measured', trace, metrics]);
  assert.equal(titan.kernels[0].counters.insts_issued, true);
  for (const [i, k] of titan.kernels.entries()) {
    const hk = k.predictions['hong-kim'];
    assert.ok(hk.complete, k.name);
    assert.equal(Number(await page.getAttribute(`#kernel-row-${i} td[data-model="hong-kim"]`, 'data-time-s')), hk.time_s);
  }
  assert.match(await page.textContent('#measured-results'), /issued \(includes replays\): an upper estimate/);
  await page.close();
});

test('a file with no GPU and a long name fits 1280 px and 360 px; the missing GPU is said once', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  const name = 'visual_profiler_export_of_the_matrix_multiply_benchmark_run_on_the_lab_machine_2026_11_27.csv';
  await dropFile(page, name, readFileSync(fixture('nvvp_gpu_details.csv')));
  await page.waitForSelector('#measured-kernels tbody tr');
  assert.equal(await page.locator('#measured-no-device').count(), 1);
  assert.equal(await page.locator('#measured-kernels td[data-model]', { hasText: 'needs the GPU' }).count(), 2 * 4);
  const fits = () => page.evaluate(() => {
    const table = document.querySelector('#measured-kernels');
    return {
      page: document.documentElement.scrollWidth,
      view: innerWidth,
      table: table.scrollWidth,
      box: table.closest('.table-scroll').clientWidth,
    };
  });
  let m = await fits();
  assert.ok(m.page <= m.view, `1280 px: the page is ${m.page} px wide`);
  assert.ok(m.table <= m.box, `1280 px: the table is ${m.table} px in a ${m.box} px box`);
  await page.setViewportSize({ width: 360, height: 800 });
  m = await fits();
  assert.ok(m.page <= 360, `360 px: the page is ${m.page} px wide`);
  // The kernel's name breaks only where a reader would (the cell holds <wbr> there).
  assert.match(await page.innerHTML('#kernel-row-0 th .kernel-name'), /matrix<wbr>Mul/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.close();
});

test('every model: a link with inputs still to type shows what is missing, no time, bound or chart; typed, the prediction returns', async () => {
  const page = await app.env.context.newPage();
  for (const [model, field] of [['roofline', 'dram_bytes'], ['hong-kim', 'comp_insts'], ['luo-suda', 'periods']]) {
    await page.goto(app.link(`model=${model}&measured_s=0.00004928&measured_kernel=cuda_compute_flux&to_type=${field}`));
    const pending = await page.waitForSelector('#pending', { timeout: 30000 });
    assert.match(await pending.textContent(), new RegExp(`No prediction yet\\. The profile does not give ${field}:`));
    assert.equal(await page.$('#result .headline'), null, model);
    assert.equal(await page.$('#roofline'), null, model);
    assert.doesNotMatch(await page.textContent('#result'), /Lower bound|Predicted time|What would change it/);
    // The defaults standing in equal the paper's Table 2 kernel; the picker does not claim it.
    if (model === 'hong-kim') assert.equal(await page.inputValue('#example'), '');
  }
  // A GPU the profile does not name is missing too, until one is picked.
  await page.goto(app.link('model=roofline&measured_s=0.00004928&device_unknown=1'));
  assert.match(await (await page.waitForSelector('#pending')).textContent(), /does not give the GPU:/);
  // The roofline of a kernel with no FLOPs: the memory roof and the measured point.
  await page.goto(app.link('model=roofline&device=gtx280&dram_bytes=1000000&warp_insts=1000&flops_fp64=0&flops_fp32=0&measured_s=0.00004928'));
  await page.waitForSelector('#roofline .measured-point');
  assert.match(await page.textContent('#roofline-none'), /No FLOPs: the memory roof alone/);
  await page.close();
});

test('at 360 px the example picker\'s own-inputs text is whole', async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(app.link('model=hong-kim&threads_per_block=96'));
  await page.waitForSelector('#example');
  const fit = await page.$eval('#example', (sel) => {
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = getComputedStyle(sel).font;
    return { text: sel.options[sel.selectedIndex].text, width: ctx.measureText(sel.options[sel.selectedIndex].text).width, box: sel.clientWidth };
  });
  assert.equal(fit.text, 'Your own inputs (no example)');
  // The select's arrow and padding take about 2.5 rem of its box.
  assert.ok(fit.width <= fit.box - 40, `${fit.width} px of text in a ${fit.box} px select`);
  await page.close();
});

const ROUND3 = join(ROOT, 'tests', 'fixtures', 'profiler', 'round3');

test('round 3: a log that names no GPU but its SM count lists the GPUs of that count, nearest its clock first, and a pick compares; a time from cycles is said so', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  const log = join(ROUND3, 'ncu2019_metrics_v100.csv');
  await dropFile(page, 'saxpy.csv', readFileSync(log));
  const note = await page.waitForSelector('#measured-sms');
  assert.match(await note.textContent(), /its 80 SMs fit \d+ GPUs of the catalogue/);
  const cli = cliJson(['analyze', 'measured', log]);
  assert.equal(cli.kernels[0].device.how, 'sms');
  // The search opens on the nearest candidate; the V100 preset is a pick away.
  assert.equal(await page.inputValue('#measured-find'), cli.kernels[0].device.candidates[0].name);
  await page.fill('#measured-find', 'v100');
  await page.click('#measured-find ~ .device-hits [data-device="v100"]');
  await page.waitForFunction(() => /V100/.test(document.querySelector('#kernel-row-0 td[data-label="Device"]')?.textContent ?? ''));
  const on = cliJson(['analyze', 'measured', log, '--device', 'v100']);
  for (const model of ['hong-kim', 'sim', 'roofline']) {
    assert.equal(
      Number(await page.getAttribute(`#kernel-row-0 td[data-model="${model}"]`, 'data-time-s')),
      on.kernels[0].predictions[model].time_s,
      model,
    );
  }
  await page.close();
});

test('round 3: a raw page with no duration gets its time from the cycles, said so, and an L2-bound kernel its bound at the L2', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('page=measured'));
  await page.waitForSelector('#profile-drop');
  await dropFile(page, 'reread.csv', readFileSync(join(ROUND3, 'ncu_raw_rtx3090_2023.csv')));
  await page.waitForFunction(() => /derived: cycles ÷ clock/.test(document.querySelector('#kernel-row-0 .measured-time')?.textContent ?? ''));
  assert.match(await page.textContent('#kernel-row-0 td[data-model="roofline"]'), /bound 0\.623×/);
  await page.close();
});
