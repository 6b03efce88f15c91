// Accessibility: an automated audit (axe-core) of every registered model's page and embed, in
// the light and dark themes and on a 390 px phone, with no serious or critical violation allowed; the
// skip link; and the sticky summary bar at 200% zoom not covering what has focus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { useApp, ready, ROOT, CLI } from './harness.mjs';

// axe's source, evaluated in the page: the page's CSP allows no inline script, and evaluation
// through the DevTools protocol is not subject to it (nothing in the app changes for the test).
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAIL = new Set(['serious', 'critical']);
// The rules whose outcome depends on colours. The dark theme changes colours alone (its CSS
// sets colour variables and an SVG stroke, nothing else: the test below holds it), so a page
// audited in full in light is audited in dark for these; the rest would repeat the same DOM.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// Every model the CLI lists, so a new model is audited without editing this file.
const MODELS = JSON.parse(
  execFileSync(CLI, ['models', '--json'], { encoding: 'utf8' }),
).map((m) => m.id);

const app = useApp();

/** A browser context like the harness's (off-site requests blocked, errors collected). */
async function context(options = {}) {
  const ctx = await app.env.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await ctx.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
    app.env.offsite.push(url.href);
    return route.abort();
  });
  ctx.on('page', app.env.watch);
  return ctx;
}

const frames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

/** Opens every collapsed <details> (twice: opening one may render more), and a PTX example. */
async function expandAll(page) {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
    await frames(page);
  }
  if (await page.$('#ptx-example')) {
    const value = await page.$eval('#ptx-example option[value]:not([value=""])', (o) => o.value);
    await page.selectOption('#ptx-example', value);
    await frames(page);
  }
}

/**
 * Runs axe on the page; logs moderate/minor violations and returns a description of the
 * serious/critical ones ('' when there are none).
 */
async function audit(page, where, rules = null) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE}\n;void 0`);
  const violations = await page.evaluate(async ([tags, rules]) => {
    // The phone's sticky summary bar passes over everything as the page scrolls; axe scrolls
    // each text into view and would measure whatever is under the bar against the bar's
    // colour. The bar's own contrast is still audited, where it sits.
    const bar = document.querySelector('.mobile-summary');
    if (bar) bar.style.position = 'static';
    const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags };
    const r = await window.axe.run(document, { runOnly, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary ?? '',
    }));
  }, [TAGS, rules]);
  const line = (v) =>
    `  ${v.id} (${v.impact}): ${v.help} — ${v.targets.length} node(s): ${v.targets.slice(0, 4).join(' | ')}`
    + (v.targets.length > 4 ? ' …' : '');
  const bad = violations.filter((v) => FAIL.has(v.impact));
  const rest = violations.filter((v) => !FAIL.has(v.impact));
  if (rest.length) console.log(`a11y ${where}: ${rest.length} moderate/minor (not failing):\n${rest.map(line).join('\n')}`);
  if (!bad.length) return '';
  return `a11y ${where}: ${bad.length} serious/critical violation(s):\n`
    + bad.map((v) => `${line(v)}\n    ${v.summary.replace(/\n/g, '\n    ')}`).join('\n');
}

/**
 * Switches the page to a colour scheme in place: the themes are CSS alone (no script reads
 * the scheme), so a page switched after loading is styled as one loaded in that scheme, and
 * each audit costs no second load of the app (the audits are a third of the e2e run's time).
 */
async function scheme(page, colorScheme) {
  await page.emulateMedia({ colorScheme });
  assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), colorScheme === 'dark');
  await frames(page);
}

/** Audits a page in each colour scheme; fails listing every serious/critical violation. */
async function auditSchemes(query, where, options = {}) {
  const failures = [];
  const ctx = await context({ colorScheme: 'light', ...options });
  try {
    const page = await ctx.newPage();
    await page.goto(app.link(query));
    await ready(page);
    await expandAll(page);
    for (const colorScheme of ['light', 'dark']) {
      await scheme(page, colorScheme);
      failures.push(await audit(page, `${where}, ${colorScheme}`, colorScheme === 'dark' ? COLOUR_RULES : null));
    }
  } finally {
    await ctx.close();
  }
  const bad = failures.filter(Boolean);
  if (bad.length) assert.fail(bad.join('\n'));
}

test('the dark theme changes colours alone (so its audits run the colour rules; one page is audited in full in dark below)', () => {
  const css = readFileSync(join(ROOT, 'style', 'main.css'), 'utf8');
  const declarations = [];
  // Every rule for the dark theme: inside `@media (prefers-color-scheme: dark)`, or selecting
  // `[data-theme="dark"]`.
  for (const m of css.matchAll(/@media\s*\(prefers-color-scheme:\s*dark\)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g)) {
    for (const r of m[1].matchAll(/\{([^{}]*)\}/g)) declarations.push(...r[1].split(';'));
  }
  for (const r of css.matchAll(/([^{}]*data-theme="dark"[^{}]*)\{([^{}]*)\}/g)) declarations.push(...r[2].split(';'));
  const set = declarations.map((d) => d.trim()).filter(Boolean);
  assert.ok(set.length >= 24, `found ${set.length} dark declarations`);
  for (const d of set) assert.match(d, /^(--[a-z-]+|stroke)\s*:\s*#[0-9a-f]{3,8}$/, d);
  assert.equal((css.match(/prefers-color-scheme/g) ?? []).length, 2, 'a new dark block: check it here');
});

for (const id of MODELS) {
  test(`${id}: the page has no serious or critical accessibility violations (light and dark)`, () =>
    auditSchemes(`model=${id}`, `${id} page`));

  test(`${id}: the embed has no serious or critical accessibility violations (light and dark, 720 and 320 px)`, async () => {
    await auditSchemes(`model=${id}&embed=1`, `${id} embed`, { viewport: { width: 720, height: 600 } });
    await auditSchemes(`model=${id}&embed=1`, `${id} embed at 320 px`, { viewport: { width: 320, height: 600 } });
  });

  test(`${id}: a 390 px phone has no serious or critical accessibility violations (light and dark)`, () =>
    auditSchemes(`model=${id}`, `${id} phone`, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }));
}

test('the measured page with a profile read has no serious or critical violations (light and dark, 1280 and 390 px), and no sideways scroll at 360 px', async () => {
  const failures = [];
  const csv = readFileSync(join(ROOT, 'tests', 'fixtures', 'profiler', 'ncu_counters_a100.csv'));
  for (const [width, height] of [[1280, 900], [390, 844], [360, 740]]) {
    const ctx = await context({ colorScheme: 'light', viewport: { width, height } });
    try {
      const page = await ctx.newPage();
      await page.goto(app.link('page=measured'));
      await page.waitForSelector('#profile-drop');
      await page.setInputFiles('#profile-input', { name: 'run.csv', mimeType: 'text/csv', buffer: csv });
      await page.waitForSelector('#measured-kernels tbody tr');
      await expandAll(page);
      for (const colorScheme of ['light', 'dark']) {
        await scheme(page, colorScheme);
        if (width === 360) {
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(wide <= 360, `the page is ${wide} px wide at 360 px (${colorScheme})`);
        } else {
          failures.push(await audit(page, `measured page, ${width} px, ${colorScheme}`, colorScheme === 'dark' ? COLOUR_RULES : null));
        }
      }
    } finally {
      await ctx.close();
    }
  }
  const bad = failures.filter(Boolean);
  if (bad.length) assert.fail(bad.join('\n'));
});

test('the dark theme chosen with the toggle passes too (system light)', async () => {
  const ctx = await context({ colorScheme: 'light' });
  const page = await ctx.newPage();
  await page.goto(app.link(`model=${MODELS[0]}`));
  await ready(page);
  assert.equal(await page.textContent('#theme-toggle'), 'Theme: auto');
  await page.click('#theme-toggle');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await expandAll(page);
  const failure = await audit(page, `${MODELS[0]} page, toggled dark`);
  await ctx.close();
  if (failure) assert.fail(failure);
});

test('validation.html: a main landmark, its icon, a background in each theme (the system\'s, or the toggle\'s), no serious violations', async () => {
  const failures = [];
  const bg = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  for (const [scheme, chosen, dark] of [['light', null, false], ['dark', null, true], ['light', 'dark', true], ['dark', 'light', false]]) {
    const ctx = await context({ colorScheme: scheme });
    try {
      const page = await ctx.newPage();
      // The choice the app's toggle stores (as clicking it does; the app's own test covers that).
      if (chosen) await page.addInitScript((t) => localStorage.setItem('warpsight-theme', t), chosen);
      const from = app.server.requests.length;
      await page.goto(`${app.server.base}validation.html`);
      await page.waitForSelector('main h2#v100');
      assert.equal(await bg(page), dark ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)', `${scheme}, chosen ${chosen}`);
      assert.equal(await page.locator('main').count(), 1);
      await frames(page);
      const fetched = app.server.requests.slice(from);
      assert.ok(!fetched.includes('/favicon.ico'), fetched.join(', '));
      failures.push(await audit(page, `validation.html, ${scheme}${chosen ? `, ${chosen} chosen` : ''}`));
    } finally {
      await ctx.close();
    }
  }
  const bad = failures.filter(Boolean);
  if (bad.length) assert.fail(bad.join('\n'));
});

test('an invalid input, a stale result and notices about the link pass too (light and dark)', async () => {
  const failures = [];
  const ctx = await context({ colorScheme: 'light' });
  try {
    const page = await ctx.newPage();
    await page.goto(app.link(`model=${MODELS[0]}&no_such_field=1`));
    await ready(page);
    await page.waitForSelector('#notices');
    const field = await page.$eval('form.kernel input[type=text]', (el) => el.id);
    await page.fill(`#${field}`, 'abc');
    await page.waitForSelector(`#${field}-error:not(:empty)`);
    await page.waitForSelector('#result.stale');
    for (const colorScheme of ['light', 'dark']) {
      await scheme(page, colorScheme);
      failures.push(await audit(page, `${MODELS[0]} page with errors, ${colorScheme}`, colorScheme === 'dark' ? COLOUR_RULES : null));
    }
  } finally {
    await ctx.close();
  }
  const bad = failures.filter(Boolean);
  if (bad.length) assert.fail(bad.join('\n'));
});

test('the first Tab reaches "Skip to the prediction"; Enter moves focus to the result', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(app.link(`model=${MODELS[0]}`));
  await ready(page);
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const a = document.activeElement;
    const r = a.getBoundingClientRect();
    return { tag: a.tagName, text: a.textContent, visible: r.width > 1 && r.height > 1 && r.top >= 0 };
  });
  assert.deepEqual(focused, { tag: 'A', text: 'Skip to the prediction', visible: true });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'result');
  const top = await page.$eval('#result', (el) => el.getBoundingClientRect().top);
  assert.ok(top > -1 && top < 100, `the result is at the top of the view (top ${top})`);
  // The next Tab goes on from the result, not from the top of the page.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.querySelector('section.outputs').contains(document.activeElement)));
  await ctx.close();
});

test('the embed has no skip link', async () => {
  const ctx = await context();
  const page = await ctx.newPage();
  await page.goto(app.link(`model=${MODELS[0]}&embed=1`));
  await ready(page);
  assert.equal(await page.$('.skip-link'), null);
  await ctx.close();
});

/**
 * On a narrow screen the summary bar sticks to the top. A field focused from further down the
 * page, and the result the skip link jumps to, must not end up under it.
 */
async function notCovered(page, where) {
  const bar = await page.$eval('.mobile-summary', (el) => ({
    sticky: getComputedStyle(el).position === 'sticky',
    bottom: el.getBoundingClientRect().bottom,
  }));
  const top = await page.evaluate(() => document.activeElement.getBoundingClientRect().top);
  // (1 px: scrolling lands on fractional pixels.)
  if (bar.sticky) assert.ok(top > bar.bottom - 1, `${where}: top ${top} is under the sticky bar (bottom ${bar.bottom})`);
  else assert.ok(top > -1, `${where}: top ${top} is in view`);
}

for (const [width, height] of [[640, 450], [640, 800]]) {
  test(`${width}×${height} (e.g. 200% zoom): the summary bar covers neither a focused field nor the result`, async () => {
    for (const id of MODELS) {
      const ctx = await context({ viewport: { width, height } });
      const page = await ctx.newPage();
      await page.goto(app.link(`model=${id}`));
      await ready(page);
      // A field near the bottom of the form, scrolled to just under the top edge, then focused
      // (as when tabbing backwards up the form): it must come out from under the bar.
      const underTop = (sel) => page.$eval(sel, (el) => {
        document.activeElement?.blur();
        window.scrollBy(0, el.getBoundingClientRect().top - 4);
        el.focus();
      });
      const fields = await page.$$eval('form.kernel input:not([type=hidden]), form.kernel select',
        (els) => els.map((el) => (el.id ? `#${CSS.escape(el.id)}` : null)).filter(Boolean));
      await underTop(fields.at(-1));
      await notCovered(page, `${id}: ${fields.at(-1)} focused`);
      // Shift+Tab up from a field just below the bar.
      await page.$eval(fields.at(-2), (el) => el.scrollIntoView({ block: 'center' }));
      await page.focus(fields.at(-2));
      await page.evaluate((sel) => window.scrollBy(0, document.querySelector(sel).getBoundingClientRect().top - 60), fields.at(-2));
      await page.keyboard.press('Shift+Tab');
      await notCovered(page, `${id}: Shift+Tab to the field above`);
      // The skip link from the top of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.focus('.skip-link');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'result');
      await notCovered(page, `${id}: the result`);
      await ctx.close();
    }
  });
}

test('no console errors and no offsite requests in these tests', () => {
  assert.deepEqual(app.env.offsite, []);
  assert.deepEqual(app.env.errors, []);
});

test('an old model on a new GPU (its note), gaps in a sweep and a log scale pass too (light and dark)', () =>
  auditSchemes('model=hong-kim&device=h100&sweep=threads_per_block&sweep_from=32&sweep_to=2048&sweep_points=200&sweep_scale=log',
    'hong-kim on the H100 with gaps'));
