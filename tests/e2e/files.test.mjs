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
  assert.match(await page.textContent('#kernel-row-0 td[data-label="Occupancy"]'), /^100%/);
  // A pick: the whole comparison on it, as the CLI's --device.
  await page.click('#measured-find ~ .device-hits [data-device="rtx5090"]');
  await page.waitForFunction(() => /RTX 5090/.test(document.querySelector('#kernel-row-0')?.textContent ?? ''));
  assert.equal(await page.locator('#measured-capability').count(), 0);
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
  assert.match(await page.textContent('#measured-results'), /the file names no device/);
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
