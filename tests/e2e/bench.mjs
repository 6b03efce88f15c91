// Browser benchmark (not a test): the APSP runtime chart for n = 2…10,000 with all four
// mappings, in headless Chromium against the release build. Prints the sweep's compute time
// as the page measures it (performance.now around the engine) and the time from an edit to
// the redrawn chart (input event → two animation frames), median and max of 15 edits.
// Run after `trunk build --release`: node tests/e2e/bench.mjs
import { startServer, openBrowser, ready } from './harness.mjs';

const server = await startServer();
const env = await openBrowser();
const page = await env.context.newPage();
const link = `${server.base}?model=apsp&device=c2075&block_size=8&n=81&n_from=2&n_to=10000&measured=500:12.5`;
await page.goto(link);
await ready(page);
await page.waitForSelector('#sweep-time');
const points = await page.getAttribute('#sweep-time', 'data-points');

const compute = [];
const edit = [];
for (let i = 0; i < 15; i++) {
  const value = String(2000 + 10 * i); // t_read: every edit changes every point
  const ms = await page.evaluate(async (v) => {
    const input = document.querySelector('#t_read');
    const t0 = performance.now();
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return performance.now() - t0;
  }, value);
  await page.waitForFunction((v) => new URLSearchParams(location.search).get('t_read') === v, value);
  compute.push(Number(await page.getAttribute('#sweep-time', 'data-ms')));
  edit.push(ms);
}
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms`;
};
console.log(`apsp sweep in the browser, ${points} values of n × 4 mappings: compute ${stats(compute)}`);
console.log(`apsp edit → redrawn chart (input event to the second animation frame): ${stats(edit)}`);
await env.browser.close();
await server.close();
