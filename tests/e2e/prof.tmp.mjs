import { startServer, openBrowser, ready } from './harness.mjs';
const server = await startServer();
const env = await openBrowser();
const p = await env.context.newPage();
await p.goto(`${server.base}?${process.argv[2]}`);
await ready(p);
const cdp = await env.context.newCDPSession(p);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
for (let i = 0; i < 25; i++) {
  await p.evaluate(async (v) => {
    const input = document.querySelector('#mem_ld');
    input.value = v; input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
  }, String(300 + 20 * i));
}
const { profile } = await cdp.send('Profiler.stop');
const dt = {}; const byId = new Map(profile.nodes.map(n => [n.id, n]));
const self = {};
profile.samples.forEach((id, i) => { const n = byId.get(id); const k = n.callFrame.functionName || n.callFrame.url.split('/').pop() || '(anon)'; self[k] = (self[k] || 0) + (profile.timeDeltas[i] || 0); });
const top = Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [k, v] of top) console.log((v / 1000).toFixed(1).padStart(8), 'ms', k.slice(0, 100));
await env.browser.close(); await server.close();
