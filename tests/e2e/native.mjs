// What the browser benchmarks print their figures beside (issue 48): the native CLI on the same
// generated file, and the Python peers where `scripts/bench-peers.sh` installed them.
import { existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

// The CLI built for speed (`cargo build --release --bin warpsight`), not the tests' debug one.
const CLI = process.env.WARPSIGHT_NATIVE ?? join(ROOT, 'target', 'release', 'warpsight');

// Seconds the native CLI takes for `args` (best of `runs`), or null where it is not built.
export function nativeSeconds(args, runs = 2) {
  if (!existsSync(CLI)) {
    console.log('  native: no release CLI (cargo build --release --bin warpsight), so no ratio');
    return null;
  }
  const built = statSync(CLI).mtimeMs;
  const source = statSync(join(ROOT, 'Cargo.lock')).mtimeMs;
  if (built < source) console.log('  (the release CLI is older than Cargo.lock: rebuild it for a fair figure)');
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(CLI, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0) throw new Error(`${CLI} ${args.join(' ')}: ${r.stderr}`);
    best = Math.min(best, s);
  }
  return best;
}

// Prints the browser's seconds beside the native CLI's on the same work: the browser's speed as
// a multiple of native (goal: at least `goal`).
export function besideNative(what, browserS, nativeS, goal) {
  if (nativeS === null) return;
  console.log(`  ${what}: native CLI ${nativeS.toFixed(3)} s; the browser ${browserS.toFixed(3)} s = ${(nativeS / browserS).toFixed(2)} × native's speed (goal: at least ${goal})`);
}

// [seconds, peer] for each installed Python peer of `kind` on `file` (scripts/peers.py).
export function peers(kind, file) {
  const python = join(ROOT, '.tools', 'python');
  if (!existsSync(python)) {
    console.log('  peers: not installed (bash scripts/bench-peers.sh)');
    return [];
  }
  const r = spawnSync('python3', [join(ROOT, 'scripts', 'peers.py'), kind, file], {
    env: { ...process.env, PYTHONPATH: python }, encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.log(`  peers failed: ${r.stderr.trim()}`);
    return [];
  }
  return r.stdout.trim().split('\n').filter(Boolean).map((l) => {
    const [s, name] = l.split('\t');
    return [Number(s), name];
  });
}

// Prints each peer beside warpsight's native and browser seconds.
export function besidePeers(kind, file, nativeS, browserS) {
  for (const [s, name] of peers(kind, file)) {
    const native = nativeS === null ? '' : `; warpsight natively ${(s / nativeS).toFixed(2)} ×`;
    console.log(`  peer ${name}: ${s.toFixed(3)} s${native}; the browser ${(s / browserS).toFixed(2)} × the peer's speed`);
  }
}

// The browser's floor for `file`: the file read alone, chunk by chunk as the worker streams
// it, with no parsing (best of `runs` seconds): the least any reader in this browser could
// take. Uses a hidden file input of its own on `page`.
export async function floorSeconds(page, file, runs = 3) {
  await page.evaluate(() => {
    if (document.querySelector('#bench-floor')) return;
    const input = document.createElement('input');
    Object.assign(input, { type: 'file', id: 'bench-floor', hidden: true });
    document.body.append(input);
  });
  await page.setInputFiles('#bench-floor', file);
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const ms = await page.evaluate(async () => {
      const file = document.querySelector('#bench-floor').files[0];
      const start = performance.now();
      const reader = file.stream().getReader();
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
      }
      return bytes === file.size ? performance.now() - start : NaN;
    });
    best = Math.min(best, ms / 1000);
  }
  return best;
}
