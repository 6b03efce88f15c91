// Browser benchmark (not a test): the cost of showing the PTX panel's lists on Hong & Kim's
// page, where the panel lists every loop (with its trip-count box) and every global memory
// instruction (with its "uncoalesced" box). A 5,000-line kernel (tests/e2e/ptx-text.mjs) has
// ~90 loops and ~720 memory instructions. For each run it prints:
// - the edit: from the textarea's input event to the frame after both lists hold every row
//   (the worker's analysis, the page's update, the lists built and laid out);
// - the analysis alone: the same request in a worker of its own (bench-ptx.mjs's figure);
// - the lists alone: the lists' HTML set again into their elements and laid out, to the next
//   frame (what the browser spends on them, with no analysis).
// Run after `trunk build --release`: node tests/e2e/bench-ptx-lists.mjs (BENCH_DIST=dir for
// another build, to compare a variant).
import { startServer, openBrowser, ready } from './harness.mjs';
import { texts } from './ptx-text.mjs';

const pair = texts(5000);
const server = await (process.env.BENCH_DIST ? startServer({}, process.env.BENCH_DIST) : startServer());
const env = await openBrowser();
const page = await env.context.newPage();
await page.goto(`${server.base}?model=hong-kim`);
await ready(page);
await page.click('#ptx-panel summary');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const edits = [];
const alone = [];
let rows = [0, 0];
for (let run = 0; run < 7; run++) {
  // Alternate two texts so each run is a new analysis with the same lists' sizes.
  const t = pair[run % 2];
  const r = await page.evaluate(async (t) => {
    const box = document.querySelector('#ptx-text');
    const before = document.querySelector('#ptx-summary')?.textContent ?? '';
    const start = performance.now();
    box.value = t;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((ok) => {
      const check = () => {
        const s = document.querySelector('#ptx-summary')?.textContent ?? '';
        const full = document.querySelectorAll('#ptx-memory li').length > 0 && document.querySelectorAll('#ptx-loops li').length > 0;
        if (s && s !== before && full) requestAnimationFrame(() => ok()); else requestAnimationFrame(check);
      };
      check();
    });
    const edit = performance.now() - start;
    // The lists alone: their markup set again and laid out.
    const lists = ['#ptx-memory', '#ptx-loops'].map((id) => document.querySelector(id));
    const html = lists.map((l) => l.innerHTML);
    const again = performance.now();
    lists.forEach((l, i) => { l.innerHTML = html[i]; });
    void document.body.offsetHeight;
    await new Promise((ok) => requestAnimationFrame(() => ok()));
    return { edit, alone: performance.now() - again, rows: lists.map((l) => l.children.length) };
  }, t);
  if (run > 0) { edits.push(r.edit); alone.push(r.alone); }
  rows = r.rows;
}
console.log(`PTX lists on Hong & Kim's panel (${rows[0]} memory instructions, ${rows[1]} loops):`);
console.log(`  edit to both lists shown: median ${median(edits).toFixed(1)} ms (${edits.map((x) => x.toFixed(1)).join(', ')})`);
console.log(`  the lists' markup set and laid out again: median ${median(alone).toFixed(1)} ms`);
await env.browser.close();
await server.close();
