// Test harness: a static server for dist/ on 127.0.0.1, headless Chromium (Debian's), and the
// CLI, so tests can compare what the page shows with what `warpsight eval` prints.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';

export const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
export const DIST = join(ROOT, 'dist');
/**
 * The CLI: $WARPSIGHT_CLI, else the newer of the release and the debug build (`cargo test`
 * builds the debug one, so scripts/test.sh needs no release build of the CLI; the files the
 * tests give it are small).
 */
export const CLI = process.env.WARPSIGHT_CLI ?? (() => {
  const built = ['release', 'debug'].map((p) => join(ROOT, 'target', p, 'warpsight')).filter((f) => existsSync(f));
  if (!built.length) throw new Error('no CLI: run `cargo build --bin warpsight` (scripts/test.sh runs `cargo test`, which builds it)');
  return built.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
})();

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves dist/ (or another folder, `root`) plus any extra {path: html} pages; records every
 * request path. With `prefix` (say '/warpsight/'), the folder is served under that path
 * alone, as GitHub Pages serves a project, and `base` ends with it.
 */
export async function startServer(extraPages = {}, root = DIST, prefix = '/') {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error('dist/ is missing: run `trunk build --release` (scripts/test.sh does)');
  }
  const requests = [];
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(full);
    if (extraPages[full]) {
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      res.end(extraPages[full]);
      return;
    }
    if (!full.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    const path = `/${full.slice(prefix.length)}`;
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    base: `http://127.0.0.1:${port}${prefix}`,
    requests,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/**
 * Headless Chromium with the flags this closed network needs. Every request that would leave
 * 127.0.0.1 is blocked and recorded in `offsite`; console errors and page errors in `errors`.
 */
export async function openBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      // Shared memory in /tmp: a container's /dev/shm may be 64 MB, which several
      // browsers at once (two test files, each its own) outgrow.
      '--disable-dev-shm-usage',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const offsite = [];
  const errors = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
    offsite.push(url.href);
    return route.abort();
  });
  const watch = (page) => {
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
  };
  context.on('page', watch);
  return { browser, context, offsite, errors, watch };
}

/** `warpsight eval <link>` as parsed JSON. */
export function cliEval(link) {
  return JSON.parse(execFileSync(CLI, ['eval', link], { encoding: 'utf8' }));
}

/** Runs the CLI with these arguments and parses its JSON. */
export function cliJson(args) {
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

/** Runs the CLI expecting failure; returns { status, stderr }. */
export function cliFail(args) {
  try {
    execFileSync(CLI, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { status: 0, stderr: '' };
  } catch (e) {
    return { status: e.status, stderr: String(e.stderr) };
  }
}

/** Waits until the app has rendered a prediction (any model). */
export async function ready(page) {
  await page.waitForSelector('#result[data-ready] .headline .time', { timeout: 30000 });
  // The rest of the page (form, charts, tables) is built after the first frame: wait until
  // the page marks the frame that shows all of it.
  // (A build before the page was built in parts has neither mark.)
  await page.waitForFunction(() => performance.getEntriesByName('warpsight:page-painted').length > 0
    || performance.getEntriesByName('warpsight:first-frame-built').length === 0, null, { timeout: 30000 });
  await settled(page);
}

/**
 * Waits until the address bar holds the current state: the app writes it when the browser is
 * next idle after an edit, and idle callbacks run in the order they were asked for.
 */
export async function settled(page) {
  // With a timeout: some Chromium builds stop granting idle periods after certain
  // interactions; the app's own idle work waits at most 200 ms, so this still runs after it.
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(), { timeout: 1000 })));
}

/** The page's link once the address bar holds the current state (see `settled`). */
export async function settledUrl(page) {
  await settled(page);
  return page.url();
}

/** The text a worked-table cell's `data-value` holds for a CLI JSON value. */
export function cliText(v) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((row) => (Array.isArray(row) ? row.join(':') : String(row))).join(',');
  return String(v);
}

/**
 * Every `td[data-name]` of the worked table equals the CLI's JSON value of that name (an
 * output, else an input): numbers to the last digit, words and lists as their text.
 * Returns how many cells were compared.
 */
export async function assertCellsMatchCli(page, cli) {
  const cells = await page.$$eval('#worked-table td[data-name]', (tds) =>
    tds.map((td) => [td.dataset.name, td.dataset.value]));
  const lookup = (name) => {
    if (name in cli.outputs) return cli.outputs[name];
    const [output, device] = name.split('.'); // per-device outputs: `name.device`
    if (device !== undefined) return cli.outputs[output]?.[device];
    return cli.inputs[name];
  };
  for (const [name, value] of cells) {
    const expected = lookup(name);
    if (typeof expected === 'number') {
      if (Number(value) !== expected) throw new Error(`${name}: page ${value}, CLI ${expected}`);
    } else if (value !== cliText(expected)) {
      throw new Error(`${name}: page ${JSON.stringify(value)}, CLI ${JSON.stringify(expected)}`);
    }
  }
  return cells.length;
}

/**
 * A test file's server and browser: started before its tests, closed after. `app.link(q)`
 * is the page with query `q`.
 */
export function useApp() {
  const app = {};
  before(async () => {
    app.server = await startServer();
    app.env = await openBrowser();
  });
  after(async () => {
    await app.env?.browser.close();
    await app.server?.close();
    // Watched for the whole file: no request tried to leave 127.0.0.1.
    assert.deepEqual(app.env?.offsite ?? [], [], 'requests that would leave the machine');
  });
  app.link = (q) => `${app.server.base}?${q}`;
  return app;
}

/**
 * The reading notes' text, once every note has it: the texts come with the glossary
 * (glossary.txt, fetched when the page is idle after its first paint).
 */
export async function readingNotes(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('#reading-notes li')].every((li) => li.textContent.length > 0));
  return page.textContent('#reading-notes');
}
