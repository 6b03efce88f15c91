// Browser benchmark (not a test): the PTX panel on a 5,000-line file (a kernel of ~90 loops,
// each calling a device function, as nvcc prints them). It prints three figures per run:
// - the analysis: the worker's answer to the panel's request (parse, the kernel with its
//   calls inlined, the report as JSON) timed from the post to the answer, in a worker of
//   its own started as the page starts it;
// - the edit: from the textarea's input event to the panel's new summary (the analysis, the
//   page's update, and the browser laying out the 5,000-line textarea);
// - the textarea alone: the same value change with no input event, to the next frame (the
//   browser's own cost of showing the text, which no analysis can remove).
// One frame is 16.7 ms at 60 Hz. Run after `trunk build --release`: node tests/e2e/bench-ptx.mjs
import { startServer, openBrowser, ready } from './harness.mjs';
import { texts } from './ptx-text.mjs';

const pair = texts(5000);
const server = await (process.env.BENCH_DIST ? startServer({}, process.env.BENCH_DIST) : startServer());
const env = await openBrowser();
const page = await env.context.newPage();
await page.goto(`${server.base}?model=luo-suda&device=gtx260`);
await ready(page);
await page.click('#ptx-panel summary');
// The analysis alone, in a worker of its own.
const analysis = await page.evaluate(async (t) => {
  // The worker speaks src/protocol.rs in postcard bytes: a varint is 7 bits a byte, low first.
  const varint = (n) => { const out = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; out.push(b); } while (n); return out; };
  // Envelope { seq, Request::Ptx (variant 4) { text, trips: None, uncoalesced: [], costs: [], kernel: None, memory: false } }.
  const ptxRequest = (seq, text) => {
    const utf8 = new TextEncoder().encode(text);
    return new Uint8Array([...varint(seq), 4, ...varint(utf8.length), ...utf8, 0, 0, 0, 0, 0]);
  };
  const w = new Worker('./warpsight-worker_loader.js');
  // Reply::Ready is variant 0; Reply::Done variant 2.
  await new Promise((ok) => { w.onmessage = (e) => { if (e.data.bytes?.[0] === 0) ok(); }; });
  const times = [];
  for (let k = 0; k < 6; k++) {
    const text = t[k % 2];
    const start = performance.now();
    const answer = await new Promise((ok) => {
      w.onmessage = (e) => { if (e.data.bytes?.[0] === 2) ok(e.data.bytes); };
      w.postMessage({ bytes: ptxRequest(k + 1, text) });
    });
    times.push([performance.now() - start, answer.length]);
  }
  w.terminate();
  return times;
}, pair);
for (const [ms, bytes] of analysis) console.log(`analysis in the worker (parse, kernel, report as ${bytes} postcard bytes): ${ms.toFixed(1)} ms`);
const over = [];
for (let run = 0; run < 4; run++) {
  // Alternate two texts so each run is a new analysis.
  const t = pair[run % 2];
  const ms = await page.evaluate(async (t) => {
    const box = document.querySelector('#ptx-text');
    const before = document.querySelector('#ptx-summary')?.textContent ?? '';
    const start = performance.now();
    box.value = t;
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((ok) => {
      const check = () => {
        const s = document.querySelector('#ptx-summary')?.textContent ?? '';
        if (s && s !== before) ok(); else requestAnimationFrame(check);
      };
      check();
    });
    return performance.now() - start;
  }, t);
  const lines = t.split('\n').length;
  const alone = await page.evaluate(async (t) => {
    const box = document.querySelector('#ptx-text');
    const start = performance.now();
    box.value = t + ' ';
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
    return performance.now() - start;
  }, t);
  console.log(`PTX panel, ${lines} lines: edit to summary in ${ms.toFixed(1)} ms; the textarea alone ${alone.toFixed(1)} ms; the panel's own + ${(ms - alone).toFixed(1)} ms`);
  over.push(ms - alone);
}
over.sort((a, b) => a - b);
console.log(`  edit to summary over the textarea alone: median + ${((over[1] + over[2]) / 2).toFixed(1)} ms (goal: at most + 30 ms)`);
await env.browser.close();
await server.close();
