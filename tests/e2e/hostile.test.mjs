// End-to-end: hostile files never take the page down. Each reader's bound gives its error in
// words, the last good result stays, and the page answers the next edit; a worker that dies
// (simulated: its script throws on the job) is said in words, and the next file gets a fresh
// worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, ready, settledUrl } from './harness.mjs';

const app = useApp();
const link = (q) => app.link(q);

const MIB = 1 << 20;
/** A stand-in worker's first words: Reply::Ready, the postcard byte 0 (src/protocol.rs). */
const READY = 'postMessage({ bytes: new Uint8Array([0]) });';
/** 2 MiB with no newline after a first line (`head`). */
const endless = (head) => Buffer.concat([Buffer.from(head), Buffer.alloc(2 * MIB, '7')]);
const GENERAL = '%%MatrixMarket matrix coordinate real general\n5 6 8\n1 1 1.5\n1 6 -2e3\n2 2 3\n4 1 1\n4 2 0\n4 3 1\n5 5 7\n5 6 .5\n';

/** A fresh context without the service worker, so the worker's script can be replaced. */
async function freshPage() {
  const context = await app.env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
  const errors = [];
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** The time shown, as a number. */
const time = (page) => page.getAttribute('#time', 'data-value').then(Number);

test('a line with no end, on the SpMV and AutoMatch pages: the error in words, the page answers the next edit', async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(link('model=spmv&target=k20m'));
  await ready(page);
  const before = await settledUrl(page);
  await page.setInputFiles('#matrix-input', { name: 'endless.mtx', mimeType: 'text/plain',
    buffer: endless('%%MatrixMarket matrix coordinate real general\n') });
  await page.waitForSelector('#matrix-error');
  assert.equal(await page.textContent('#matrix-error'),
    'endless.mtx: line 2: longer than 1 MiB (is this a text file?). Nothing was changed.');
  assert.equal(await settledUrl(page), before);
  const t = await time(page);
  await page.fill('#t_ref_ms', '0.4');
  await page.waitForFunction((t) => Number(document.querySelector('#time')?.dataset.value) !== t, t);

  await page.goto(link('model=automatch'));
  await ready(page);
  await page.setInputFiles('#trace-input', { name: 'endless.lackey', mimeType: 'text/plain', buffer: endless('') });
  await page.waitForSelector('#profile-error');
  assert.equal(await page.textContent('#profile-error'),
    'endless.lackey: line 1: longer than 1 MiB (is this a text file?). Nothing was changed.');
  const before2 = await page.textContent('#time');
  await page.fill('#w_add', '1');
  await page.waitForFunction((b) => document.querySelector('#time')?.textContent !== b, before2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a profiler file with a 2 MiB record: the error names its line, the page stays', async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(link('page=measured'));
  await page.waitForSelector('#profile-input');
  await page.setInputFiles('#profile-input', { name: 'huge.csv', mimeType: 'text/csv',
    buffer: endless('"ID","Process ID","Process Name","Host Name","Kernel Name"\n"') });
  const error = await page.waitForSelector('#measured-error');
  assert.match(await error.textContent(), /^huge\.csv: line 2: .*1 MiB.*Nothing was changed\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a worker that dies is said in words; the last result stays and the next file gets a fresh worker', async () => {
  const { context, page, errors } = await freshPage();
  // The analysis worker's script, replaced by one that says it is ready and throws on the
  // job, as a worker out of memory does. (Reply::Ready is one postcard byte, 0:
  // src/protocol.rs; tests/protocol.rs checks it.)
  const dying = READY + " onmessage = () => { throw new Error('out of memory (simulated)'); };";
  await context.route('**/warpsight-worker_loader.js', (route) => route.fulfill({ contentType: 'text/javascript', body: dying }));
  await page.goto(link('model=spmv&target=k20m'));
  await ready(page);
  const before = await settledUrl(page);
  const t = await time(page);
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForSelector('#matrix-error');
  assert.match(await page.textContent('#matrix-error'),
    /^demo\.mtx: the analysis stopped: its worker ran out of memory or failed \(.*out of memory \(simulated\)\)\. Nothing was changed\.$/);
  assert.equal(await settledUrl(page), before);
  assert.equal(await time(page), t, 'the last result stays');
  // The real worker again: the same file is read by a fresh one.
  await context.unroute('**/warpsight-worker_loader.js');
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForFunction(() => /[?&]n_r=5&/.test(location.search));
  assert.equal(await page.$('#matrix-error'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a worker whose wasm cannot load, started early by the pointer: the job says so, it does not wait for ever", async () => {
  const { context, page, errors } = await freshPage();
  await context.route('**/warpsight-worker_bg.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(link('model=spmv&target=k20m'));
  await ready(page);
  const t = await time(page);
  // The pointer on the drop zone starts the worker before the file is chosen (Job::warm).
  const started = page.waitForEvent('worker');
  await page.hover('#matrix-drop');
  await started;
  await page.waitForTimeout(300);
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForSelector('#matrix-error');
  assert.match(await page.textContent('#matrix-error'),
    /^demo\.mtx: the analysis stopped: its worker ran out of memory or failed \(.+\)\. Nothing was changed\.$/);
  assert.equal(await time(page), t, 'the last result stays');
  // The wasm back: the same file is read by a fresh worker.
  await context.unroute('**/warpsight-worker_bg.wasm');
  await page.setInputFiles('#matrix-input', { name: 'demo.mtx', mimeType: 'text/plain', buffer: Buffer.from(GENERAL) });
  await page.waitForFunction(() => /[?&]n_r=5&/.test(location.search));
  assert.equal(await page.$('#matrix-error'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

/** f1 calls f2 20 times, … 8 levels deep, one kernel calls f1 (tests/hostile_ptx_cases). */
function nestedCalls(levels, calls) {
  let s = '.version 7.0\n.target sm_70\n.address_size 64\n';
  for (let f = levels; f >= 1; f--) {
    s += `.func f${f}()\n{\n`;
    s += f < levels ? `call f${f + 1};\n`.repeat(calls) : 'add.s32 %r1, %r1, 1;\n';
    s += 'ret;\n}\n';
  }
  return s + '.visible .entry k()\n{\ncall f1;\nret;\n}\n';
}

test('PTX: calls nested 20⁸ deep are inlined to the cap with a note; a dying worker is said, Cancel past the budget', async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(link('model=luo-suda&device=gtx260'));
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.fill('#ptx-text', nestedCalls(8, 20));
  await page.waitForSelector('#ptx-summary');
  assert.match(await page.textContent('#ptx-notes'), /would pass 131,072 inlined instructions, the most the analysis inlines/);
  const t = await time(page);
  await page.fill('#n_act', '2');
  await page.waitForFunction((t) => Number(document.querySelector('#time')?.dataset.value) !== t, t);

  // A worker whose analysis never ends: past 2 s the panel offers Cancel, which ends it.
  await context.route('**/warpsight-worker_loader.js', (route) => route.fulfill({ contentType: 'text/javascript',
    body: READY + " onmessage = () => { for (;;) {} };" }));
  const summary = await page.textContent('#ptx-summary');
  // A fresh page: the panel's worker starts when the panel is opened.
  await page.reload();
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.fill('#ptx-text', nestedCalls(2, 3));
  await page.waitForSelector('#ptx-cancel', { timeout: 10_000 });
  assert.match(await page.textContent('#ptx-busy'), /Still analysing, past 2 seconds/);
  await page.click('#ptx-cancel');
  await page.waitForSelector('#ptx-failed');
  assert.equal(await page.textContent('#ptx-failed'), 'The analysis was cancelled: the last summary stays, and the next edit starts it again.');
  // A worker that dies on the job.
  await context.route('**/warpsight-worker_loader.js', (route) => route.fulfill({ contentType: 'text/javascript',
    body: READY + " onmessage = () => { throw new Error('out of memory (simulated)'); };" }));
  await page.fill('#ptx-text', nestedCalls(2, 4));
  await page.waitForFunction(() => /^The analysis stopped: its worker ran out of memory or failed \(.*simulated.*\): the last summary stays/.test(document.querySelector('#ptx-failed')?.textContent ?? ''));
  // The real worker: the next edit is analysed by a fresh one.
  await context.unroute('**/warpsight-worker_loader.js');
  await page.fill('#ptx-text', nestedCalls(8, 20));
  await page.waitForFunction((s) => document.querySelector('#ptx-summary')?.textContent === s && !document.querySelector('#ptx-failed'), summary);
  assert.deepEqual(errors, []);
  await context.close();
});
