// End-to-end: offline and installable. The manifest and its icons, the service worker
// answering with no network, and two console/network nits: no `integrity` warning for the
// wasm preload, and the page icon fetched at most once per load.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { useApp, startServer, ready, ROOT, DIST } from './harness.mjs';

const app = useApp();
const warnings = [];

/** A new page of the test context whose console warnings go to `warnings`. */
async function newPage() {
  const page = await app.env.context.newPage();
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  return page;
}

const SHARE = 'model=hong-kim&device=gtx280&threads_per_block=256';

/** The page's manifest as the browser sees it: its URL, JSON and Chromium's parse errors. */
async function manifestOf(page) {
  const href = await page.$eval('link[rel="manifest"]', (l) => l.href);
  const json = await page.evaluate(async (u) => (await fetch(u)).json(), href);
  const cdp = await page.context().newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  await cdp.detach();
  return { href, json, parsed };
}

test('index.html: the CSP allows the worker and manifest from the origin only; SRI where it works', async () => {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const csp = html.match(/<meta[^>]*Content-Security-Policy[^>]*content="([^"]+)"/)?.[1]
    ?? html.match(/<meta content="([^"]+)"[^>]*Content-Security-Policy/)?.[1];
  assert.ok(csp, 'CSP meta present');
  assert.match(csp, /worker-src 'self';/);
  assert.match(csp, /manifest-src 'self';/);
  assert.doesNotMatch(csp, /unsafe-inline|'unsafe-eval'/);
  const tags = html.match(/<link\b[^>]*>/g);
  const tag = (re) => tags.filter((t) => re.test(t));
  // Chromium ignores (and warns about) integrity on a preload as=fetch: the wasm's has none.
  assert.equal(tag(/\.wasm/).length, 1);
  assert.doesNotMatch(tag(/\.wasm/)[0], /integrity/);
  // The stylesheet and the module-preloaded js keep theirs.
  assert.match(tag(/\.css/)[0], /integrity=/);
  assert.match(tag(/modulepreload/)[0], /integrity=/);
});

test('the page icon is inline, and an edit does not fetch an icon again', async () => {
  const page = await newPage();
  const from = app.server.requests.length;
  await page.goto(app.server.base);
  await ready(page);
  const icon = await page.$eval('link[rel="icon"]', (l) => l.href);
  assert.match(icon, /^data:image\/png;base64,/);
  // Each edit rewrites the address (history.replaceState), after which Chromium asks for the
  // page's icon again: with a file icon that was one more request per edit.
  await page.fill('#comp_insts', '270');
  await page.waitForFunction(() => /comp_insts=270/.test(location.search));
  await page.fill('#comp_insts', '271');
  await page.waitForFunction(() => /comp_insts=271/.test(location.search));
  await ready(page);
  const fetched = app.server.requests.slice(from).filter((p) => /favicon|icon/.test(p));
  // favicon.svg may be fetched once, by the service worker caching the manifest's icons.
  assert.ok(fetched.filter((p) => p === '/favicon.svg').length <= 1, fetched.join(', '));
  assert.deepEqual(fetched.filter((p) => p !== '/favicon.svg' && !/^\/icon-\d+\.png$/.test(p)), []);
  await page.close();
});

test('the manifest is linked, parses, and its icons load at their sizes', async () => {
  const page = await newPage();
  await page.goto(app.link(SHARE));
  await ready(page);
  const { href, json, parsed } = await manifestOf(page);
  assert.deepEqual(parsed.errors, [], 'Chromium parses the manifest without errors');
  assert.equal(parsed.url, href);
  assert.equal(json.name, 'warpsight');
  assert.ok(json.short_name && json.description);
  assert.equal(json.start_url, './');
  assert.equal(json.scope, './');
  assert.equal(json.display, 'standalone');
  // The colours are the page's: the header's and the background's in style/main.css.
  const css = await readFile(join(ROOT, 'style', 'main.css'), 'utf8');
  assert.ok(css.includes(`--bg: ${json.background_color};`), `background ${json.background_color}`);
  assert.match(css, new RegExp(`\\.top \\{[^}]*background: ${json.theme_color};`));
  assert.equal(await page.getAttribute('meta[name="theme-color"]', 'content'), json.theme_color);
  // Icons: the SVG at any size, and PNGs of 192 and 512 px (Chromium wants a PNG >= 144 px).
  const sizes = json.icons.map((i) => i.sizes).sort();
  assert.deepEqual(sizes, ['192x192', '512x512', 'any']);
  for (const icon of json.icons) {
    const got = await page.evaluate(async ({ src, base }) => {
      const url = new URL(src, base).href;
      const response = await fetch(url);
      const img = new Image();
      img.src = url;
      await img.decode(); // rejects if the image does not decode
      return { status: response.status, type: (await response.blob()).type,
        width: img.naturalWidth, height: img.naturalHeight };
    }, { src: icon.src, base: href });
    assert.equal(got.status, 200, icon.src);
    assert.equal(got.type, icon.type, icon.src);
    if (icon.sizes !== 'any') assert.equal(`${got.width}x${got.height}`, icon.sizes, icon.src);
  }
  await page.close();
});

test('after the first visit, a share link loads and predicts with no network', async () => {
  const page = await newPage();
  await page.goto(app.link(SHARE));
  await ready(page);
  const online = await page.getAttribute('#time', 'data-value');
  // The first visit registers the worker, which precaches the build and claims the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const from = app.server.requests.length;
  await app.env.context.setOffline(true);
  try {
    await page.reload();
    await ready(page);
    assert.equal(await page.getAttribute('#time', 'data-value'), online);
    assert.match(await page.textContent('#result .headline .time'), /\d.*(µs|ms|s)$/);
    // Any link works offline (the page is the same file; the app reads the query).
    await page.goto(app.link('model=hong-kim&device=gtx280&threads_per_block=128&embed=1'));
    await ready(page);
    assert.ok(await page.$('main.embed'));
    assert.notEqual(await page.getAttribute('#time', 'data-value'), online);
  } finally {
    await app.env.context.setOffline(false);
  }
  // The browser's own update check of sw.js (after a navigation, as a new build is found) may
  // reach the server: Playwright's offline switch covers the pages, not that check, and on a
  // busy machine it lands inside this window. Nothing else may.
  const reached = app.server.requests.slice(from).filter((path) => path !== '/sw.js');
  assert.deepEqual(reached, [], 'nothing reached the server');
  await page.close();
});

test('a new build takes over: its worker precaches it and deletes the old cache', async () => {
  // A copy of dist/ on its own server (its own origin), changed in place as a deploy would.
  const dir = await mkdtemp(join(tmpdir(), 'warpsight-dist-'));
  await cp(DIST, dir, { recursive: true });
  const server = await startServer({}, dir);
  const page = await newPage();
  try {
    await page.goto(`${server.base}?${SHARE}`);
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const swPath = join(dir, 'sw.js');
    const sw = await readFile(swPath, 'utf8');
    const old = sw.match(/const VERSION = "([0-9a-f]{16})"/)[1];
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`warpsight / ${old}`]);

    // The next build: another version, and a file whose name has no hash changed.
    const next = [...old].reverse().join('');
    const manifestPath = join(dir, 'manifest.webmanifest');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    await writeFile(manifestPath, JSON.stringify({ ...manifest, description: 'next build' }));
    await writeFile(swPath, sw.replace(old, next));
    // What the browser does on a navigation after a deploy, done now; then wait until the
    // new worker is activated (its activate handler, which deletes old caches, has finished).
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const current = registration.active;
      await registration.update();
      const worker = registration.installing ?? registration.waiting
        ?? (registration.active !== current ? registration.active : null);
      if (!worker) throw new Error('no new worker after update()');
      await new Promise((ok, fail) => {
        const check = () => {
          if (worker.state === 'activated') ok();
          if (worker.state === 'redundant') fail(new Error('the new worker failed to install'));
        };
        worker.addEventListener('statechange', check);
        check();
      });
    });
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`warpsight / ${next}`]);

    // Offline, the page and the changed file come from the new cache.
    await app.env.context.setOffline(true);
    try {
      await page.reload();
      await ready(page);
      const description = await page.evaluate(async () =>
        (await (await fetch('manifest.webmanifest')).json()).description);
      assert.equal(description, 'next build');
    } finally {
      await app.env.context.setOffline(false);
    }
  } finally {
    await page.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('Chromium can install it', async () => {
  // Installability is not checked in incognito contexts (every browser.newContext()), so
  // this uses a throwaway profile.
  const profile = await mkdtemp(join(tmpdir(), 'warpsight-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await context.route('**/*', (route) =>
      new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort());
    const page = await context.newPage();
    await page.goto(app.link(SHARE));
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('no integrity or preload warnings, no errors, nothing offsite', () => {
  assert.deepEqual(warnings.filter((w) => /integrity|preload/i.test(w)), []);
  assert.deepEqual(app.env.errors, []);
  assert.deepEqual(app.env.offsite, []);
});

after(() => {
  if (warnings.length) console.log('console warnings:', warnings);
});
