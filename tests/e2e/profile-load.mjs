// Where a cold load's script time goes, by function (not a test): Chromium's sampling CPU
// profile of five cold loads in headless Chromium, from navigation to the whole page painted
// (`warpsight:page-painted`), averaged per load: self time, then total time (the function and
// what it calls). "(program)" is the browser's own work outside script: style, layout, paint,
// compiling. A normal build's page wasm has no function names; for them, build with
//   WARPSIGHT_WASM_NAMES=1 trunk build --release --dist /tmp/dist-names
// and run: BENCH_DIST=/tmp/dist-names node tests/e2e/profile-load.mjs [link query]
import { startServer, openBrowser, ready } from './harness.mjs';
const query = process.argv[2] ?? 'model=hong-kim&device=gtx280';
const server = process.env.BENCH_DIST ? await startServer({}, process.env.BENCH_DIST) : await startServer();
const env = await openBrowser();
const self = new Map(), total = new Map();
const N = 5;
const short = (n) => n.replace(/::h[0-9a-f]{16}$/, '').replace(/<[^<>]*>/g, '').replace(/<[^<>]*>/g, '').slice(0, 110);
for (let run = 0; run < N; run++) {
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const p = await context.newPage();
  const s = await context.newCDPSession(p);
  await s.send('Profiler.enable');
  await s.send('Profiler.setSamplingInterval', { interval: 100 });
  await s.send('Profiler.start');
  await p.goto(`${server.base}?${query}`);
  await ready(p);
  await p.waitForFunction(() => performance.getEntriesByName('warpsight:page-painted').length > 0);
  const { profile } = await s.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000 / N;
    const k0 = short(byId.get(id).callFrame.functionName);
    self.set(k0, (self.get(k0) ?? 0) + ms);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const k = short(byId.get(x).callFrame.functionName);
      if (!seen.has(k)) { seen.add(k); total.set(k, (total.get(k) ?? 0) + ms); }
    }
  });
  await context.close();
}
const show = (m, n) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, d]) => console.log(d.toFixed(1).padStart(8), k));
console.log('--- self'); show(self, 40);
console.log('--- total'); show(total, 90);
await env.browser.close(); server.close();
