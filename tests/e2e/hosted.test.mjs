// End-to-end: dist/ as GitHub Pages serves a project, under a sub-path (/warpsight/) and
// nothing at the origin's root. A share link, a profiler file read in the worker, the
// validation page, a reload with no network, and an embed on another origin's page all work
// from there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, openBrowser, cliEval, cliJson, ready, ROOT, DIST } from './harness.mjs';

let server, env;
before(async () => {
  server = await startServer({}, DIST, '/warpsight/');
  env = await openBrowser();
});
after(async () => {
  await env?.browser.close();
  await server?.close();
  assert.deepEqual(env?.offsite ?? [], [], 'requests that would leave the machine');
  assert.deepEqual(env?.errors ?? [], [], 'console errors');
});

const SHARE = 'v=1&model=hong-kim&device=gtx280&threads_per_block=256&blocks=60';

test('under /warpsight/: a share link predicts as the CLI does, and every request stays under the sub-path', async () => {
  assert.match(server.base, /\/warpsight\/$/);
  const page = await env.context.newPage();
  await page.goto(`${server.base}?${SHARE}`);
  await ready(page);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), cliEval(SHARE).outputs.time_s);
  // The validation page, linked from the app, is beside it.
  await page.goto(`${server.base}validation.html`);
  assert.equal(await page.textContent('h1'), 'The models against published measurements');
  const outside = server.requests.filter((p) => !p.startsWith('/warpsight/'));
  assert.deepEqual(outside, [], 'requests outside the sub-path');
  await page.close();
});

test('under /warpsight/: a profiler file is read in the worker', async () => {
  const page = await env.context.newPage();
  await page.goto(`${server.base}?page=measured`);
  await page.waitForSelector('#profile-drop');
  const file = join(ROOT, 'tests', 'fixtures', 'profiler', 'ncu_counters_a100.csv');
  await page.setInputFiles('#profile-input', { name: 'run.csv', mimeType: 'text/csv', buffer: readFileSync(file) });
  await page.waitForSelector('#measured-kernels tbody tr', { timeout: 30000 });
  const cli = cliJson(['analyze', 'measured', file]);
  assert.equal(await page.locator('#measured-kernels tbody tr').count(), cli.kernels.length);
  assert.equal(Number(await page.getAttribute('#measured-kernels tbody tr .measured-time', 'data-time-s')), cli.kernels[0].measured_s);
  assert.ok(server.requests.some((p) => /^\/warpsight\/warpsight-worker.*\.wasm$/.test(p)), 'the worker came from the sub-path');
  await page.close();
});

test('under /warpsight/: after the first visit, a reload works with no network', async () => {
  const page = await env.context.newPage();
  await page.goto(`${server.base}?${SHARE}`);
  await ready(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const online = await page.getAttribute('#time', 'data-value');
  await env.context.setOffline(true);
  try {
    await page.reload();
    await ready(page);
    assert.equal(await page.getAttribute('#time', 'data-value'), online);
  } finally {
    await env.context.setOffline(false);
  }
  await page.close();
});

test('under /warpsight/: docs/embedding.md\'s snippet on another origin\'s page shows the live prediction', async () => {
  const md = readFileSync(join(ROOT, 'docs', 'embedding.md'), 'utf8');
  const snippet = md.match(/```html\n([\s\S]*?)```/)[1];
  // The snippet names the hosted page; here it is this server's sub-path.
  assert.match(snippet, /src="https:\/\/<owner>\.github\.io\/<repo>\//);
  const body = snippet.replace('https://<owner>.github.io/<repo>/', server.base);
  const doc = await startServer({ '/doc.html': `<!DOCTYPE html><html><head><title>Doc</title></head><body>${body}</body></html>` });
  try {
    const page = await env.context.newPage();
    await page.goto(`${doc.base}doc.html`);
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    await frame.waitForSelector('#time[data-value]', { timeout: 30000 });
    assert.ok(await frame.$('main.embed'));
    // The snippet's listener sizes the frame from the frame's message.
    await page.waitForFunction(() => document.querySelector('iframe').style.height !== '');
    const open = await frame.getAttribute('.embed-foot a', 'href');
    assert.ok(new URL(open, frame.url()).pathname.startsWith('/warpsight/'), open);
    await page.close();
  } finally {
    await doc.close();
  }
});
