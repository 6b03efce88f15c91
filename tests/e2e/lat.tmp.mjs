import { startServer, openBrowser, ready } from './harness.mjs';
const server = await startServer();
const env = await openBrowser();
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return `median ${s[Math.floor(s.length / 2)].toFixed(1)} max ${s[s.length - 1].toFixed(1)}`; };
for (const q of process.argv.slice(2)) {
  const p = await env.context.newPage();
  await p.goto(`${server.base}?${q}`);
  await ready(p);
  if (process.env.HIDE) await p.evaluate((sel) => document.querySelectorAll(sel).forEach((e) => { e.style.display = 'none'; }), process.env.HIDE);
  const edits = [];
  for (let i = 0; i < 25; i++) {
    const value = String(300 + 20 * i);
    edits.push(await p.evaluate(async (v) => {
      const input = document.querySelector('#mem_ld');
      const t0 = performance.now();
      input.value = v;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      const t1 = performance.now();
      await new Promise((r) => requestAnimationFrame(r));
      const t2 = performance.now();
      await new Promise((r) => setTimeout(r, 0));
      return [t1 - t0, t2 - t0, performance.now() - t0];
    }, value));
  }
  console.log(q.slice(0, 90), 'work', stats(edits.map(e => e[0])), 'raf', stats(edits.map(e => e[1])), 'painted', stats(edits.map(e => e[2])));
  await p.close();
}
await env.browser.close(); await server.close();
