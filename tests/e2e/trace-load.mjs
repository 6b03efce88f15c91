// Where a cold load's time goes (not a test): one traced cold load in headless Chromium against
// the release build, its main-thread time by trace event, and the resource timings.
// Run after `trunk build --release`: node tests/e2e/trace-load.mjs [link query]
import { startServer, openBrowser, ready } from './harness.mjs';

const query = process.argv[2] ?? 'model=hong-kim&device=gtx280';
const server = await startServer();
const env = await openBrowser();
for (let run = 0; run < 3; run++) {
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const p = await context.newPage();
  await p.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector('#result[data-ready] .headline .time')) {
        window.__seen = performance.now();
        requestAnimationFrame(() => setTimeout(() => { window.__painted = performance.now(); }, 0));
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await env.browser.startTracing(p, { categories: ['devtools.timeline', 'v8', 'v8.wasm', 'blink.user_timing', 'loading'] });
  await p.goto(`${server.base}?${query}`);
  await ready(p);
  const done = await p.evaluate(() => performance.now());
  const buf = await env.browser.stopTracing();
  const timing = await p.evaluate(() => {
    const r = performance.getEntriesByType('resource').map((e) => [e.name.split('/').pop().slice(0, 40), Math.round(e.startTime), Math.round(e.responseEnd)]);
    const nav = performance.getEntriesByType('navigation')[0];
    const paints = performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]);
    return { seen: Math.round(window.__seen), painted: Math.round(window.__painted), r, domInteractive: Math.round(nav.domInteractive), dcl: Math.round(nav.domContentLoadedEventEnd), paints, marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]) };
  });
  const events = JSON.parse(buf.toString()).traceEvents;
  const main = events.filter((e) => e.ph === 'X' && e.dur);
  const by = new Map();
  for (const e of main) by.set(e.name, (by.get(e.name) ?? 0) + e.dur / 1000);
  const top = [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 18);
  console.log(`run ${run}: ready at ${done.toFixed(0)} ms`, JSON.stringify(timing));
  if (run === 2) for (const [n, d] of top) console.log(`  ${n}: ${d.toFixed(1)} ms`);
  await context.close();
}
await env.browser.close();
server.close();
