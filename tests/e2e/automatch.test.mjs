// End-to-end: AutoMatch's page — the ranking and the split against the CLI, the profile
// derived in the analysis worker from a built-in generator (progress, Cancel) and from trace
// files (Lackey's memory trace, the operation trace), equal to `warpsight analyze` on the
// same files, and the links carrying only the profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useApp, cliEval, cliJson, ready, settled, settledUrl, assertCellsMatchCli } from './harness.mjs';

const app = useApp();
const link = (q) => app.link(q);

const workerLoaded = (page) => page.evaluate(() => performance.getEntriesByType('resource')
  .some((r) => /warpsight-worker/.test(r.name)));

test('the ranking, the stacked times and the split, as the CLI computes them', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=automatch'));
  await ready(page);
  const cli = cliEval(await settledUrl(page));
  // The default node of Fig. 11: ARC1 and ARC5, the K20X fastest.
  assert.deepEqual(cli.outputs.rank, { 'i5-2400': 2, k20x: 1 });
  assert.match(await page.textContent('#result .headline .label'), /^Fastest: Tesla K20X/);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cli.outputs.t_total_s_by_device.k20x);
  assert.equal(Number(await page.getAttribute('#t-combined', 'data-value')), cli.outputs.t_combined_s);
  assert.equal(Number(await page.getAttribute('#t-even', 'data-value')), cli.outputs.t_even_s);
  assert.equal(await page.textContent('#bottleneck'), cli.outputs.bottleneck_by_device.k20x);
  // The table: fastest first, each share as the CLI's, three segments per stacked bar.
  const rows = await page.$$eval('#arch-table tbody tr', (trs) => trs.map((tr) => tr.dataset.device));
  assert.deepEqual(rows, ['k20x', 'i5-2400']);
  for (const d of rows) {
    const share = Number(await page.getAttribute(`#arch-table tr[data-device="${d}"] td:last-child`, 'data-value'));
    assert.equal(share, cli.outputs.share[d]);
    assert.equal(await page.locator(`#arch-table tr[data-device="${d}"] svg.stack rect`).count(), 3);
  }
  assert.equal(await page.locator('#split svg rect').count(), 2);
  assert.match(await page.textContent('#split'), /an even split \(1\/2 each\)/);
  // The parallelism profile: w_i against the level.
  assert.equal(await page.locator('#levels-chart path.line').count(), 1);
  assert.equal(await workerLoaded(page), false, 'the worker loads only when a profile is derived');
  // On a phone the table fits: the stacked bar stands for the three times.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(link('model=automatch&devices=i5-2400,c2075,k20x'));
  await ready(page);
  const fit = await page.evaluate(() => [document.documentElement.scrollWidth, document.querySelector('#arch-table').getBoundingClientRect().right]);
  assert.ok(fit[0] <= 360 && fit[1] <= 360, `no sideways scroll: ${fit}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  // One architecture: the scalar outputs, and its Table I values in the form.
  await page.goto(link('model=automatch&devices=c2075'));
  await ready(page);
  const one = cliEval(await settledUrl(page));
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), one.outputs.t_total_s);
  assert.equal(await page.$('#split'), null);
  // Its Table I values are the form's auto values.
  assert.equal(await page.inputValue('#np'), 'auto');
  assert.equal(one.inputs.np, 448);
  await page.close();
});

test('the workload picker shows the chosen workload\'s sizes, and Generate runs that workload', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=automatch'));
  await ready(page);
  // Heat2D first, its sizes shown and the others hidden.
  assert.equal(await page.isVisible('#gen-heat2d-n'), true);
  assert.equal(await page.isVisible('#gen-matmul-n'), false);
  await page.selectOption('#gen-workload', 'matmul');
  assert.equal(await page.isVisible('#gen-matmul-n'), true);
  assert.equal(await page.isVisible('#gen-heat2d-n'), false);
  assert.equal(await page.textContent('#gen-sizes-matmul label span'), 'Matrix side n (1–256)');
  assert.equal(await page.inputValue('#gen-matmul-n'), '96');
  await page.fill('#gen-matmul-n', '4');
  await page.click('#gen-run');
  await page.waitForSelector('#profile-done');
  assert.match(await page.textContent('#profile-done'), /^matrix multiply, n = 4: analysed in [\d.]+ s; /);
  // Out of range: the message names the size and its range, nothing runs.
  await page.fill('#gen-matmul-n', '300');
  await page.click('#gen-run');
  await page.waitForSelector('#profile-error');
  assert.match(await page.textContent('#profile-error'), /Matrix side n: must be a whole number from 1 to 256/);
  await page.close();
});

test('a generator runs in the worker with progress; Cancel stops it; a small one fills the profile', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=automatch'));
  await ready(page);
  const before = await settledUrl(page);
  // The largest Heat2D: hundreds of millions of references, long enough to cancel.
  await page.fill('#gen-heat2d-n', '1024');
  await page.fill('#gen-heat2d-steps', '1000');
  await page.click('#gen-run');
  await page.waitForFunction(() => / M references\/s · \d+%/.test(document.querySelector('#profile-rate')?.textContent ?? '')
    || /\d+%/.test(document.querySelector('#profile-rate')?.textContent ?? ''));
  assert.equal(await workerLoaded(page), true);
  await page.click('#profile-cancel');
  await page.waitForSelector('#profile-cancelled');
  assert.equal(await page.$('#profile-reading'), null);
  assert.equal(await settledUrl(page), before, 'a cancelled run changes nothing');
  // A size out of range is named before anything runs.
  await page.fill('#gen-heat2d-n', '2');
  await page.click('#gen-run');
  await page.waitForSelector('#profile-error');
  assert.match(await page.textContent('#profile-error'), /Grid side n: must be a whole number from 3 to 1,024/);
  // Heat2D on 6 × 6, one step (tests/automatch.rs by hand): 16 points at each of 4 levels,
  // 48 additions, 16 multiplications, one synchronization; every operation vectorizes.
  await page.fill('#gen-heat2d-n', '6');
  await page.fill('#gen-heat2d-steps', '1');
  await page.click('#gen-run');
  await page.waitForSelector('#profile-done');
  await page.waitForFunction(() => /[?&]w=16\*4(&|$)/.test(location.search) && /q_by_capacity=/.test(location.search));
  const url = await settledUrl(page);
  const cli = cliEval(url);
  assert.equal(cli.inputs.d, 4);
  assert.equal(cli.inputs.w_add, 48);
  assert.equal(cli.inputs.w_mul, 16);
  assert.equal(cli.inputs.w_vec, 64);
  assert.equal(cli.inputs.s, 1);
  // 80 references (five per point) on lines of 64 and 128 B: each architecture's row.
  const q = new URLSearchParams(new URL(url).search).get('q_by_capacity').split(',').map((r) => r.split(':').map(Number));
  assert.deepEqual(q.map((r) => r.slice(0, 2)), [[64, 98304], [128, 18841]]);
  for (const r of q) assert.equal(r[2] + r[3], 80);
  assert.match(await page.textContent('#profile-note'), /every operation vectorizes/);
  assert.equal(await page.locator('#sd-histogram rect.bar').count() > 1, true);
  // Each architecture's capacity, on the histogram of its own line size: the GPU's 128-byte
  // lines and the CPU's 64-byte ones.
  const marks = await page.$$eval('figure.histogram', (fs) => fs.map((f) => [f.id, [...f.querySelectorAll('text.tick')].map((t) => t.textContent).filter((t) => t.includes(': C = '))]));
  assert.deepEqual(marks.map((m) => m[1].length), [1, 1], JSON.stringify(marks));
  assert.equal(marks[0][0], 'sd-histogram');
  assert.match(marks[1][0], /^sd-histogram-(64|128)$/);
  await assertCellsMatchCli(page, cli);
  await page.close();
});

test('a memory trace names the fields it leaves from the previous workload; clear them or fill them from a generator', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=automatch'));
  await ready(page);
  await page.setInputFiles('#trace-input', { name: 'loop.lackey', mimeType: 'text/plain', buffer: Buffer.from(lackeyTrace()) });
  await page.waitForSelector('#stale-fields');
  const text = await page.textContent('#stale-fields');
  assert.match(text, /w \(operations per level\), W_add, W_mul, W_vec, S still hold/);
  assert.match(text, /gives only the memory/);
  // The Q_f and Q_s boxes show what is used: the i5-2400's row (64 B lines, 98,304 lines of
  // fast memory: 32 cold misses, 32 hits at distance 31).
  await page.waitForFunction(() => /q_by_capacity=64:98304:32:32/.test(location.search));
  await page.waitForFunction(() => document.querySelector('#q_f').value === '32' && document.querySelector('#q_s').value === '32');
  let cli = cliEval(await settledUrl(page));
  assert.equal(cli.inputs.q_f, 32);
  assert.equal(cli.inputs.w_add, 314572800, 'Heat2D\'s example still, as the notice says');
  // Fill from a generator: only the schedule is taken; the trace's memory stays.
  await page.click('#stale-fill');
  await page.waitForSelector('#stale-filling');
  await page.fill('#gen-heat2d-n', '6');
  await page.fill('#gen-heat2d-steps', '1');
  await page.click('#gen-run');
  await page.waitForFunction(() => /[?&]w=16\*4(&|$)/.test(location.search));
  await page.waitForFunction(() => !document.querySelector('#stale-fields'));
  cli = cliEval(await settledUrl(page));
  assert.equal(cli.inputs.w_add, 48);
  assert.equal(cli.inputs.s, 1);
  assert.match(new URL(page.url()).search, /q_by_capacity=64:98304:32:32/, 'the trace\'s memory, not the generator\'s 80 references');
  // Again, then Clear: the schedule's fields are emptied, the prediction is the memory alone.
  await page.setInputFiles('#trace-input', { name: 'loop.lackey', mimeType: 'text/plain', buffer: Buffer.from(lackeyTrace()) });
  await page.waitForSelector('#stale-fields');
  assert.match(await page.textContent('#stale-fields'), /still hold the values of Heat2D, 6 × 6 grid/);
  await page.click('#stale-clear');
  await page.waitForFunction(() => /[?&]w=0(&|$)/.test(location.search) && /[?&]w_add=0(&|$)/.test(location.search) && /[?&]s=0(&|$)/.test(location.search));
  await page.waitForFunction(() => !document.querySelector('#stale-fields'));
  cli = cliEval(await settledUrl(page));
  for (const d of ['i5-2400', 'k20x']) {
    assert.equal(cli.outputs.t_syn_s_by_device[d], 0, d);
    assert.equal(cli.outputs.t_comp_s_by_device[d], 0, d);
  }
  await page.close();
});

/** Lackey's output for a loop over 2 KiB twice (64 B lines: 32 cold, then 32 at distance 31). */
function lackeyTrace() {
  const lines = ['==42== Lackey, an example Valgrind tool', 'I  04001000,3'];
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < 2048; a += 64) lines.push(` L ${(0x10000 + a).toString(16)},8`);
  }
  return lines.join('\n') + '\n';
}

const OPS = `# two products and their sum, stored; then a sync
ld r1 100
ld r2 108
mul r3 r1 r2
mul r4 r1 r1
add r5 r3 r4
st 200 r5
sync
`;

test('SpMV on a matrix: the SpMV page\'s matrix, or a Matrix Market file dropped here, as `warpsight analyze profile` replays it', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv&target=k20m'));
  await ready(page);
  // A 3 × 3 matrix stored column by column: rows [0, 2], [1], [0, 1, 2].
  const mtx = '%%MatrixMarket matrix coordinate real general\n3 3 6\n1 1 1\n3 1 2\n2 2 3\n3 2 4\n1 3 5\n3 3 6\n';
  await page.setInputFiles('#matrix-input', { name: 'small.mtx', mimeType: 'text/plain', buffer: Buffer.from(mtx) });
  await page.waitForSelector('#matrix-stats');
  await page.selectOption('#model', 'automatch');
  await page.waitForSelector('#gen-spmv-page');
  assert.equal(await page.textContent('#gen-spmv-page'), 'SpMV on small.mtx, the SpMV page\'s matrix');
  await page.click('#gen-spmv-page');
  await page.waitForSelector('#profile-done');
  assert.match(await page.textContent('#profile-done'), /^SpMV on the file's matrix, 3 × 3, 6 non-zeros: analysed in [\d.]+ s; /);
  const file = join(await mkdtemp(join(tmpdir(), 'warpsight-')), 'small.mtx');
  await writeFile(file, mtx);
  const p = cliJson(['analyze', 'profile', file]);
  assert.equal(p.schedule.w, '6,2,1');
  await page.waitForFunction((w) => new URLSearchParams(location.search).get('w') === w, p.schedule.w);
  const url = await settledUrl(page);
  const cli = cliEval(url);
  assert.equal(cli.inputs.w_add, p.schedule.w_add);
  assert.equal(cli.inputs.w_mul, p.schedule.w_mul);
  assert.equal(cli.inputs.w_vec, 0);
  // Each architecture's Q_f from the replay's histogram at its line size (every distance is
  // below the capacities: only the 4 or 5 cold lines miss).
  const rows = new URLSearchParams(new URL(url).search).get('q_by_capacity').split(',').map((r) => r.split(':').map(Number));
  for (const m of p.memory.filter((m) => rows.some((r) => r[0] === m.line))) {
    const row = rows.find((r) => r[0] === m.line);
    assert.deepEqual([row[2], row[3]], [m.references - m.cold, m.cold], `${m.line} B`);
  }
  // The same file dropped on AutoMatch's own file input gives the same profile.
  await page.evaluate(() => document.querySelector('#profile-done')?.remove());
  await page.setInputFiles('#trace-input', { name: 'again.mtx', mimeType: 'text/plain', buffer: Buffer.from(mtx) });
  await page.waitForSelector('#profile-done');
  assert.match(await page.textContent('#profile-done'), /^SpMV on the file's matrix, 3 × 3/);
  assert.equal(await settledUrl(page), url);
  await page.close();
});

test('trace files: the page derives what `warpsight analyze` prints, and links keep only the profile', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=automatch'));
  await ready(page);
  const dir = await mkdtemp(join(tmpdir(), 'warpsight-'));
  // The operation trace: the schedule's fields.
  await page.setInputFiles('#trace-input', { name: 'ops.txt', mimeType: 'text/plain', buffer: Buffer.from(OPS) });
  await page.waitForSelector('#profile-done');
  const opsFile = join(dir, 'ops.txt');
  await writeFile(opsFile, OPS);
  const ops = cliJson(['analyze', 'ops', opsFile]);
  assert.equal(ops.w, '2,1');
  await page.waitForFunction((w) => new URLSearchParams(location.search).get('w') === w, ops.w);
  let cli = cliEval(await settledUrl(page));
  assert.equal(cli.inputs.w_add, ops.w_add);
  assert.equal(cli.inputs.w_mul, ops.w_mul);
  assert.equal(cli.inputs.s, ops.s);
  assert.equal(cli.inputs.d, ops.d);
  assert.match(await page.textContent('#profile-note'), /W_vec cannot come from a trace/);
  // Counts in words, singular for one; the drop zone says what an operation trace is.
  assert.match(await page.textContent('#profile-done'), /D = 2 levels, W = 3 operations, S = 1/);
  assert.match(await page.textContent('#trace-drop'), /an operation trace \(one operation a line: add, sub, mul/);
  // The memory trace: each architecture's Q_f and Q_s, as `analyze memory` counts them.
  const trace = lackeyTrace();
  await page.setInputFiles('#trace-input', { name: 'loop.lackey', mimeType: 'text/plain', buffer: Buffer.from(trace) });
  await page.waitForSelector('#profile-done');
  await page.waitForFunction(() => /q_by_capacity=/.test(location.search));
  const memFile = join(dir, 'loop.lackey');
  await writeFile(memFile, trace);
  const mem = cliJson(['analyze', 'memory', memFile]);
  assert.equal(mem.references, 64);
  // 64 references in a moment: no rate, which would be a meaningless "0.0000… M/s".
  assert.match(await page.textContent('#profile-done'), /; 64 memory references, 32 distinct 64-byte lines\.$/);
  assert.doesNotMatch(await page.textContent('#profile-done'), /M\/s/);
  assert.equal(mem.cold, 32);
  assert.deepEqual(mem.histogram, [[31, 32]]);
  const url = await settledUrl(page);
  cli = cliEval(url);
  const rows = new URLSearchParams(new URL(url).search).get('q_by_capacity').split(',').map((r) => r.split(':').map(Number));
  for (const [d, l] of [['i5-2400', 64], ['k20x', 128]]) {
    const row = rows.find((r) => r[0] === l);
    assert.deepEqual([row[2], row[3]], [mem.q_f_by_device[d], mem.q_s_by_device[d]], d);
  }
  // The schedule is the operation trace's still; the trace text never enters the link.
  assert.equal(cli.inputs.w_add, ops.w_add);
  assert.doesNotMatch(decodeURIComponent(url), /Lackey|10000,8/);
  assert.equal(await page.locator('#arch-table .tag').count(), 2, 'both rows priced from the trace');
  // A file that is neither: its line is named, nothing changes.
  await page.setInputFiles('#trace-input', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('add r1 r2\nmov r1 r2\n') });
  await page.waitForSelector('#profile-error');
  assert.match(await page.textContent('#profile-error'), /^bad\.txt: line 2: expected add, sub, mul, div, other, ld, st or sync, not “mov”\. Nothing was changed\.$/);
  assert.equal(await settledUrl(page), url);
  await page.close();
});

test('adding the custom architecture keeps the prediction, moves nothing, and names what is still needed at once', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=automatch'));
  await ready(page);
  const box = page.locator('input[type=checkbox][value="custom"]');
  const before = await box.boundingBox();
  await box.check();
  await page.waitForSelector('#custom-device');
  await settled(page);
  const after = await box.boundingBox();
  assert.ok(Math.abs(after.y - before.y) < 2, `the box moved ${after.y - before.y} px`);
  // Still a prediction (not an error), the custom architecture ranked with the rest.
  assert.equal(await page.$('#result.stale'), null);
  const hints = await page.$$eval('.field-hint', (ps) => ps.map((p) => p.textContent).filter((t) => t.includes('still needed')));
  assert.equal(hints.length, 6, JSON.stringify(hints));
  await page.close();
});
