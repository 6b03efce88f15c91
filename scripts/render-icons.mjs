// Renders static/favicon.svg to the PNG app icons the manifest lists (static/icon-192.png,
// static/icon-512.png): Chromium wants a PNG of at least 144 px to offer installation. And
// the page icon (static/icon-32.png): inlined into index.html, a small PNG is decoded in
// microseconds where an SVG icon costs Chromium an SVG document (about 5 ms) after every
// URL change. Run
// once after changing the SVG, and commit the PNGs: `node scripts/render-icons.mjs`
// (uses the e2e tests' playwright-core and Debian's Chromium).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '../tests/e2e/node_modules/playwright-core/index.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'static', 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of [32, 192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const img = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>` +
      `<img src="${img}" width="${size}" height="${size}" style="display:block">`);
    await page.waitForFunction(() => document.images[0].complete);
    await page.screenshot({ path: join(root, 'static', `icon-${size}.png`), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
