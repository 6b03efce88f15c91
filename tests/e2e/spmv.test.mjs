// End-to-end: Guo & Wang's SpMV page — the prediction against the CLI, the formats × GPUs
// table, and Matrix Market files read in the analysis worker (plain, gzip, errors, Cancel),
// with the page never blocked while a file is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useApp, cliEval, cliJson, ready, settled, settledUrl, assertCellsMatchCli, readingNotes } from './harness.mjs';

const app = useApp();
const link = (q) => app.link(q);

/** Rows of lengths 2, 1, 0, 3, 2: mode 2, longest 3, 8 non-zeros (tests/matrix_market.rs). */
const GENERAL = `%%MatrixMarket matrix coordinate real general
% a comment
5 6 8
1 1 1.5
1 6 -2e3
2 2 3
4 1 1
4 2 0
4 3 1
5 5 7
5 6 .5
`;

test('the prediction, every intermediate value, and the table of formats × GPUs agree with the CLI', async () => {
  const page = await app.env.context.newPage();
  const q = 'model=spmv&kernel=ell&target=k20m&t_ref_ms=2&c_tar_ell=0.003&e_tar_ell=0.02,0.05&n_r=100000&x1=4&t_ref_csr_ms=3';
  await page.goto(link(q));
  await ready(page);
  const cli = cliEval(await settledUrl(page));
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cli.outputs.t_tar_ms);
  assert.ok(Math.abs(cli.outputs.t_tar_ms - 2.4117884615384613) < 1e-12); // by hand in tests/spmv.rs
  assert.ok(await assertCellsMatchCli(page, cli) > 30);
  // The single device picker is hidden: the target is a field.
  assert.equal(await page.$('#device'), null);
  assert.equal(await page.inputValue('#target'), 'k20m');
  // The table: ELL and CSR rows have times on each GPU; the K20m's ELL cell is the headline.
  const cell = (k, d) => page.getAttribute(`#formats-table tr[data-kernel="${k}"] td[data-device="${d}"]`, 'data-value');
  assert.equal(Number(await cell('ell', 'k20m')), cli.outputs.t_tar_ms);
  assert.equal(Number(await cell('csr', 'gtx295')), cli.outputs.t_ms_csr.gtx295);
  assert.equal(await cell('coo', 'c2050'), null); // no C2050 time for COO
  assert.equal(await page.locator('#formats-table td.best').count(), 1);
  // A target measured on (its ELL coefficients typed) is not estimated for ELL… but CSR's are.
  assert.match(await page.textContent('#formats-table thead'), /Tesla K20mtarget/);
  // Switching the target in its picker changes the prediction and the link.
  await page.selectOption('#target', 'm2090');
  await page.waitForFunction(() => /[?&]target=m2090(&|$)/.test(location.search));
  assert.match(await page.textContent('.result-device'), /^Tesla M2090 · ELL/);
  await page.close();
});

test('an estimated target says so, and the C2050 as its own target predicts T_Ref', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv&target=c2050&t_ref_ms=1.25'));
  await ready(page);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), 1.25);
  assert.equal(Number(await page.getAttribute('#p', 'data-value')), 1);
  assert.equal(await page.$('#target-source'), null, 'the reference is Table II itself');
  assert.equal(await page.$('#estimated'), null, 'nor in the card');
  await page.goto(link('model=spmv&target=gtx295'));
  await ready(page);
  assert.match(await page.textContent('#estimated'), /Estimated target/);
  assert.match(await readingNotes(page), /ratio of memory bandwidths/);
  // The headline says so too, and the summary in the header.
  assert.equal(await page.textContent('.headline #target-source'), 'estimated: nothing measured on the target yet');
  await page.waitForFunction(() => /· target estimated/.test(document.body.textContent));
  // A mode above the longest row is refused with the field named; the last result stays.
  const before = await page.getAttribute('#time', 'data-value');
  await page.fill('#p_nz_csr', '500');
  await page.waitForSelector('#result.stale');
  await page.waitForSelector('#p_nz_csr-error:not(:empty)');
  assert.match(await page.textContent('#p_nz_csr-error'), /at most the longest row \(78\)/);
  assert.equal(await page.getAttribute('#time', 'data-value'), before);
  await page.close();
});

test('a Matrix Market file is read in the worker and fills the matrix fields; the link keeps only statistics', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv&target=k20m'));
  await ready(page);
  const workerLoaded = () => page.evaluate(() => performance.getEntriesByType('resource')
    .some((r) => /warpsight-worker/.test(r.name)));
  assert.equal(await workerLoaded(), false, 'the worker loads only when a file is read');
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForSelector('#matrix-stats');
  assert.equal(await workerLoaded(), true);
  assert.equal(await page.textContent('#matrix-rows'), '5');
  assert.equal(await page.textContent('#matrix-nnz'), '8');
  assert.equal(await page.textContent('#matrix-mode'), '2');
  assert.equal(await page.textContent('#matrix-max'), '3');
  assert.equal(await page.locator('#matrix-histogram rect.bar').count(), 4);
  // The worker's account of the file's time (the benches split it): the reader's share of
  // the stream, the stream within the whole read the page shows (give or take the clocks'
  // whole milliseconds and the shown time's three digits).
  const [stream, reader, whole] = await page.evaluate(() => {
    const t = document.querySelector('#matrix-timing');
    const shown = /read in ([\d.]+) s/.exec(document.querySelector('#matrix-stats').textContent);
    return [Number(t.dataset.streamMs), Number(t.dataset.readerMs), Number(shown[1]) * 1e3];
  });
  assert.ok(reader >= 0 && reader <= stream + 2 && stream <= whole + 5, `reader ${reader} ms, stream ${stream} ms, whole ${whole} ms`);
  await page.waitForFunction(() => /[?&]n_r=5&nnz=8&p_nz_csr=2&p_nz_ell=3&hyb_thd=0(&|$)/.test(location.search));
  const url = await settledUrl(page);
  assert.doesNotMatch(decodeURIComponent(url), /MatrixMarket|2e3/);
  // The same statistics as `warpsight analyze matrix` on the same file.
  const file = join(await mkdtemp(join(tmpdir(), 'warpsight-')), 'demo.mtx');
  await writeFile(file, GENERAL);
  const stats = cliJson(['analyze', 'matrix', file]);
  assert.ok(url.includes(stats.link), `${url} holds ${stats.link}`);
  assert.equal(await page.textContent('#matrix-rows'), String(stats.rows));
  assert.equal(await page.textContent('#matrix-max'), String(stats.p_nz_ell));
  assert.equal(await page.inputValue('#n_r'), '5');
  const cli = cliEval(url);
  assert.equal(cli.inputs.nnz, 8);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cli.outputs.t_tar_ms);

  // The same file gzip-compressed, through the browser's DecompressionStream.
  await page.setInputFiles('#matrix-input', { name: 'sym.mtx.gz', mimeType: 'application/gzip',
    buffer: gzipSync('%%MatrixMarket matrix coordinate pattern symmetric\n3 3 5\n1 1\n2 1\n2 2\n3 1\n3 3\n') });
  await page.waitForFunction(() => document.querySelector('#matrix-nnz')?.textContent === '7');
  await page.waitForFunction(() => /[?&]n_r=3&nnz=7&p_nz_csr=2&p_nz_ell=3/.test(location.search));
  // A symmetric file: the entries it stores, and the non-zeros with the mirrored ones.
  assert.equal(await page.textContent('#matrix-symmetry'), 'Symmetric: 5 stored, 7 with the mirror.');
  await page.close();
});

test('a loaded matrix drives the prediction: T_Ref estimated from the matrix, labelled and asked for, until typed', async () => {
  const page = await app.env.context.newPage();
  // A link without the new state behaves as before: the example's illustrative 0.8 ms.
  await page.goto(link('model=spmv&target=k20m'));
  await ready(page);
  const example = Number(await page.getAttribute('#time', 'data-value'));
  assert.ok(Math.abs(example - 0.5667478021978022) < 1e-12);
  assert.equal(await page.$('#t-ref-source'), null);
  // Rows of 2, 1, 0, 3, 2: one CSR strip, T_Ref = T1_Ref = 0.00027·2 + 0.078 = 0.07854 ms.
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForFunction(() => /[?&]n_r=5&/.test(location.search) && /[?&]t_ref_ms=auto(&|$)/.test(location.search));
  await page.waitForSelector('#t-ref-source');
  assert.match(await page.textContent('#t-ref-source'), /estimated from the matrix/);
  assert.match(await page.textContent('#t-ref-prompt'), /T_Ref estimated from the matrix.*Type the C2050's measured CSR time for this matrix/);
  assert.equal(await page.getAttribute('#t-ref-prompt label', 'for'), 't_ref_ms');
  assert.ok(Math.abs(Number(await page.getAttribute('#t-ref', 'data-value')) - 0.07854) < 1e-12);
  let cli = cliEval(await settledUrl(page));
  const first = Number(await page.getAttribute('#time', 'data-value'));
  assert.equal(first, cli.outputs.t_tar_ms);
  assert.notEqual(first, example);
  // A second matrix, 1,500 rows of 5: three CSR strips on the C2050, another prediction.
  const rows = [];
  for (let r = 1; r <= 1500; r++) for (let c = 1; c <= 5; c++) rows.push(`${r} ${c} 1`);
  await page.setInputFiles('#matrix-input', { name: 'five.mtx', mimeType: 'text/plain',
    buffer: Buffer.from(`%%MatrixMarket matrix coordinate real general\n1500 5 7500\n${rows.join('\n')}\n`) });
  await page.waitForFunction(() => /[?&]n_r=1500&/.test(location.search));
  await page.waitForFunction((f) => Number(document.querySelector('#time')?.dataset.value) !== f, first);
  cli = cliEval(await settledUrl(page));
  const second = Number(await page.getAttribute('#time', 'data-value'));
  assert.equal(second, cli.outputs.t_tar_ms);
  assert.ok(second > first, `${second} > ${first}`);
  // (0.00027·5 + 0.078)/(0.00027 + 0.078) · (0.07827 + 0.0061·2), as tests/spmv.rs works it.
  assert.ok(Math.abs(Number(await page.getAttribute('#t-ref', 'data-value')) - 0.07935 / 0.07827 * (0.07827 + 0.0122)) < 1e-12);
  assert.match(await page.textContent('#t-ref-source'), /estimated from the matrix/);
  // Typing the measured time removes the label.
  await page.fill('#t_ref_ms', '0.2');
  await page.waitForFunction(() => /[?&]t_ref_ms=0\.2(&|$)/.test(location.search));
  await page.waitForFunction(() => !document.querySelector('#t-ref-source'));
  assert.equal(await page.$('#t-ref-prompt'), null);
  await page.close();
});

test('a matrix typed by hand gets T_Ref estimated from it, labelled, until a time is typed; the example keeps its 0.8 ms', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv&target=c2050'));
  await ready(page);
  assert.equal(Number(await page.getAttribute('#t-ref', 'data-value')), 0.8);
  assert.equal(await page.$('#t-ref-source'), null);
  assert.match(await settledUrl(page), /[?&]t_ref_ms=auto(&|$)/);
  // Issue 35's matrix: ⌈50000/672⌉ = 75 strips, T_Ref = 0.0807/0.07827 · (0.07827 + 0.0061·74).
  for (const [id, v] of [['n_r', '50000'], ['nnz', '500000'], ['p_nz_csr', '10'], ['p_nz_ell', '30']]) {
    await page.fill(`#${id}`, v);
  }
  await page.waitForFunction(() => /[?&]p_nz_ell=30(&|$)/.test(location.search));
  await page.waitForSelector('#t-ref-source');
  assert.match(await page.textContent('#t-ref-prompt'), /T_Ref estimated from the matrix.*50,000 rows/);
  const t = Number(await page.getAttribute('#t-ref', 'data-value'));
  assert.ok(Math.abs(t - 0.0807 / 0.07827 * 0.52967) < 1e-12, `${t}`);
  // The C2050 as its own target: T_Tar = T_Ref, as the CLI says for the same link.
  const cli = cliEval(await settledUrl(page));
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cli.outputs.t_tar_ms);
  assert.equal(cli.outputs.t_tar_ms, t);
  await page.fill('#t_ref_ms', '0.3');
  await page.waitForFunction(() => !document.querySelector('#t-ref-source'));
  assert.equal(Number(await page.getAttribute('#t-ref', 'data-value')), 0.3);
  await page.close();
});

test('a malformed or dense file is an error naming its line, and changes nothing', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv'));
  await ready(page);
  const before = await settledUrl(page);
  await page.setInputFiles('#matrix-input', { name: 'bad.mtx', mimeType: 'text/plain',
    buffer: Buffer.from('%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n4 2 1\n') });
  await page.waitForSelector('#matrix-error');
  assert.equal(await page.textContent('#matrix-error'), 'bad.mtx: line 4: row index 4 is outside 1 to 3. Nothing was changed.');
  await page.setInputFiles('#matrix-input', { name: 'dense.mtx', mimeType: 'text/plain',
    buffer: Buffer.from('%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n') });
  await page.waitForFunction(() => /dense \(array\)/.test(document.querySelector('#matrix-error')?.textContent));
  await page.setInputFiles('#matrix-input', { name: 'cut.mtx.gz', mimeType: 'application/gzip',
    buffer: gzipSync(GENERAL).subarray(0, 40) });
  await page.waitForFunction(() => /cut\.mtx\.gz: the gzip data is damaged or truncated/.test(document.querySelector('#matrix-error')?.textContent));
  assert.equal(await settledUrl(page), before);
  await page.close();
});

test('a large file shows progress with MB/s and can be cancelled; the page stays responsive', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv'));
  await ready(page);
  const before = await settledUrl(page);
  // 50 million entries (300 MB once decompressed), about a megabyte compressed.
  const n = 50_000_000;
  const body = Buffer.alloc(n * 6, '1 1 1\n');
  const file = gzipSync(Buffer.concat([Buffer.from(`%%MatrixMarket matrix coordinate real general\n1000000 1000000 ${n}\n`), body]), { level: 1 });
  await page.setInputFiles('#matrix-input', { name: 'big.mtx.gz', mimeType: 'application/gzip', buffer: file });
  await page.waitForFunction(() => / MB\/s · \d+%/.test(document.querySelector('#matrix-rate')?.textContent ?? ''));
  const rate = await page.textContent('#matrix-rate');
  assert.match(rate, /^Reading big\.mtx\.gz: [\d.]+ MB · [\d.]+ MB\/s · \d+%$/);
  // The page answers while the worker reads: an edit is predicted at once.
  await page.fill('#t_ref_ms', '0.9');
  await page.waitForFunction(() => /[?&]t_ref_ms=0\.9(&|$)/.test(location.search));
  await page.click('#matrix-cancel');
  await page.waitForSelector('#matrix-cancelled');
  assert.equal(await page.$('#matrix-reading'), null);
  await settled(page);
  assert.equal(page.url(), before.replace('t_ref_ms=auto', 't_ref_ms=0.9'));
  console.log(`spmv reader in the browser worker: ${rate}`);
  // A second file after the cancel is read whole, in a new worker.
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForSelector('#matrix-stats');
  assert.equal(await page.textContent('#matrix-nnz'), '8');
  await page.waitForFunction(() => /[?&]n_r=5&nnz=8&p_nz_csr=2&p_nz_ell=3&hyb_thd=0(&|$)/.test(location.search));
  await page.close();
});

test('the benchmark plan for a target, its CSV, and coefficients fitted from pasted times', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv&kernel=coo&target=gtx295&t_ref_ms=2&nnz=4007383'));
  await ready(page);
  // Nine CSR, five ELL and three COO matrices; the GTX 295's 1 GB (GiB) from the paper's §5.1.
  assert.equal(await page.locator('#plan-table tbody tr').count(), 17);
  assert.equal(await page.inputValue('#plan-memory'), '1');
  const row = (id) => page.$$eval(`#plan-table tr[data-bench="${id}"] td`, (tds) => tds.map((t) => t.textContent));
  assert.deepEqual((await row('csr-n0')).slice(0, 4), ['CSR', '1', '960', '512']); // R = S_CSR · 1, P = 512
  assert.deepEqual((await row('coo-3')).slice(0, 4), ['COO', '4', '122,880', '1']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#plan-csv')]);
  assert.equal(download.suggestedFilename(), 'spmv-benchmark-plan-gtx295.csv');
  const csv = await readFile(await download.path(), 'utf8');
  assert.equal(csv.split('\n')[0], 'id,kernel,strips,rows,columns,nnz_per_row,nnz,bytes,role,time_ms');
  // Too little memory for the widest CSR matrix: the plan says which.
  await page.fill('#plan-memory', '0.001');
  await page.waitForSelector('#plan-error');
  assert.match(await page.textContent('#plan-error'), /^csr-.*do not fit 0\.001 GiB/);
  await page.fill('#plan-memory', '1');
  // COO's three times: C_Tar_COO by least squares over strips 1, 2, 4; T1 is the first.
  await page.fill('#plan-times', 'coo-1 0.05\ncoo-2 0.06\ncoo-3 0.081');
  await page.waitForSelector('#fit-table tr[data-field="c_tar_coo"]');
  const slope = Number(await page.getAttribute('#fit-table tr[data-field="c_tar_coo"] td:nth-of-type(2)', 'data-value'));
  assert.ok(Math.abs(slope - 0.145 / 14) < 1e-12, String(slope)); // Σ(x−x̄)(y−ȳ) / Σ(x−x̄)²
  assert.ok(Number(await page.getAttribute('#fit-table tr[data-field="c_tar_coo"] td:nth-of-type(4)', 'data-value')) < 1);
  assert.match(await page.textContent('#fit-missing'), /Not measured yet: csr-m0, /);
  // The points and the fitted line, over strips only (no line over non-zeros per row yet).
  assert.equal(await page.locator('#fit-chart-strips circle.dot').count(), 3);
  assert.equal(await page.locator('#fit-chart-strips path.line').count(), 1);
  assert.equal(await page.$('#fit-chart-width'), null);
  await page.click('#fit-apply');
  await page.waitForFunction(() => /[?&]c_tar_coo=0\.01035714/.test(location.search) && /[?&]t1=0\.05(&|$)/.test(location.search));
  const cli = cliEval(await settledUrl(page));
  assert.equal(cli.inputs.c_tar_coo, slope);
  assert.equal(cli.inputs.t1, 0.05);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cli.outputs.t_tar_ms);
  // The downloaded plan dropped back with its time column filled: the same fit.
  const times = { 'coo-1': '0.05', 'coo-2': '0.06', 'coo-3': '0.081' };
  const filled = csv.trim().split('\n').map((l) => (times[l.split(',')[0]] ? l + times[l.split(',')[0]] : l)).join('\n');
  await page.fill('#plan-times', '');
  await page.setInputFiles('#plan-times-file', { name: 'times.csv', mimeType: 'text/csv', buffer: Buffer.from(filled) });
  await page.waitForFunction(() => document.querySelector('#plan-times').value.startsWith('id,kernel'));
  await page.waitForSelector('#fit-table tr[data-field="c_tar_coo"]');
  assert.equal(Number(await page.getAttribute('#fit-table tr[data-field="c_tar_coo"] td:nth-of-type(2)', 'data-value')), slope);
  // A bad line names itself.
  await page.fill('#plan-times', 'coo-1 0.05\ncoo-2 fast');
  await page.waitForSelector('#fit-error');
  assert.equal(await page.textContent('#fit-error'), 'line 2: the time of coo-2 must be a time above 0, in ms (0.081) or with its unit (81 µs, 0.081 ms, 8.1e-5 s), not “fast”');
  // Times with their units, as a profiler prints them, fit as the same times in ms.
  await page.fill('#plan-times', 'coo-1 50 µs\ncoo-2 0.06 ms\ncoo-3 81us');
  await page.waitForFunction(() => !document.querySelector('#fit-error') && document.querySelector('#fit-table tr[data-field="c_tar_coo"]'));
  const again = Number(await page.getAttribute('#fit-table tr[data-field="c_tar_coo"] td:nth-of-type(2)', 'data-value'));
  assert.ok(Math.abs(again - 0.145 / 14) < 1e-12, String(again));
  await page.close();
});

test('a custom GPU as the target: its values typed on the page, in the link, as the CLI predicts', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv&kernel=ell&target=m2090'));
  await ready(page);
  assert.equal(await page.$('#custom-device'), null);
  await page.selectOption('#target', 'custom');
  await page.waitForSelector('#custom-device');
  await page.selectOption('#custom_cc', '3.5');
  await page.fill('#custom_sms', '10');
  await page.fill('#custom_bandwidth_gbs', '200');
  await page.waitForFunction(() => /[?&]custom_sms=10(&|$)/.test(location.search)
    && /[?&]custom_bandwidth_gbs=200(&|$)/.test(location.search) && /[?&]target=custom(&|$)/.test(location.search));
  const url = await settledUrl(page);
  assert.match(url, /[?&]device=custom(&|$)/);
  const cli = cliEval(url);
  // CC 3.5: 64 warps and 2,048 threads an SM, 1,024 threads a block; ten SMs.
  assert.equal(cli.inputs.n_sm, 10);
  assert.equal(cli.inputs.warps_per_sm, 64);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cli.outputs.t_tar_ms);
  assert.match(await page.textContent('.result-device'), /^Custom/);
  // The comparison names it too; a preset again hides the custom values.
  assert.equal(await page.locator('#formats-table th[data-device="custom"]').count(), 1);
  await page.selectOption('#target', 'k20m');
  await page.waitForFunction(() => document.querySelector('#custom-device') === null);
  await page.close();
});

test('any CUDA GPU found by name joins the GPUs compared, and the link brings it back', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=spmv'));
  await ready(page);
  // The T4: a preset only the worker holds, found in the list's own search box.
  await page.fill('#targets-find', 't4');
  await page.click('#targets-find ~ .device-hits button[data-device="t4"]');
  await page.waitForSelector('#formats-table th[data-device="t4"]');
  assert.equal(await page.isChecked('#targets input[value="t4"]'), true);
  const url = await settledUrl(page);
  assert.match(url, /targets=c2050,m2090,k20m,gtx295,t4/);
  const cli = cliEval(url);
  await assertCellsMatchCli(page, cli);
  // In a fresh browser context the link asks the worker for the T4 before the page opens.
  const fresh = await app.env.browser.newContext();
  const other = await fresh.newPage();
  await other.goto(url);
  await ready(other);
  await other.waitForSelector('#formats-table th[data-device="t4"]');
  await assertCellsMatchCli(other, cli);
  await fresh.close();
  await page.close();
});

test('no console errors and no offsite requests in these tests', () => {
  assert.deepEqual(app.env.offsite, []);
  assert.deepEqual(app.env.errors, []);
});
