// The shared chart, as a user meets it: as wide as its box with text at its CSS size on every
// screen, axes in words, gaps shaded and explained, regime changes marked and explained, up to
// 1,000 points and a log scale, and every chart's points and picture downloadable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useApp, ready, cliEval, settledUrl } from './harness.mjs';

const app = useApp();

/** Downloads what clicking `selector` offers; returns { name, body (Buffer) }. */
async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await dl.path();
  return { name: dl.suggestedFilename(), body: readFileSync(path) };
}

test('no sideways page scroll at 320–390 px (400 % zoom and phones), and chart text of at least 11 px at every width', async () => {
  const page = await app.env.context.newPage();
  for (const model of ['hong-kim', 'luo-suda', 'apsp']) {
    for (const width of [320, 360, 390, 680, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(app.link(`model=${model}`));
      await ready(page);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      // Let the charts take their new width.
      await page.waitForFunction(() => [...document.querySelectorAll('.chart svg')].every((s) =>
        Math.abs(s.viewBox.baseVal.width - s.getBoundingClientRect().width) < 1.5));
      const m = await page.evaluate(() => {
        const sizes = [...document.querySelectorAll('.chart svg text')].map((t) => {
          const svg = t.ownerSVGElement;
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return parseFloat(getComputedStyle(t).fontSize) * scale;
        });
        return {
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
          smallest: Math.min(...sizes),
          texts: sizes.length,
        };
      });
      assert.ok(m.texts > 10, `${model} at ${width}: charts have text`);
      if (width <= 390) assert.equal(m.scroll, m.client, `${model} at ${width}: the page scrolls sideways`);
      assert.ok(m.smallest >= 11 - 1e-9, `${model} at ${width}: chart text is ${m.smallest} px`);
    }
  }
  await page.close();
});

test('axes in words with units; gaps shaded with the model\'s reason', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280&sweep=threads_per_block&sweep_from=32&sweep_to=1024'));
  await ready(page);
  const labels = await page.$$eval('.sweep .axis-label', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(labels, ['Threads per block (threads)', 'Predicted time']);
  // The GTX 280 (CC 1.3) takes at most 512 threads per block: the rest is a gap, said so.
  assert.equal(
    await page.textContent('.sweep .gap-note'),
    'No prediction at 16 of 32 points (first at Threads per block (threads) = 544), shaded as gaps: '
      + 'the model rejects the input there (threads_per_block: must be a whole number from 1 to 512 on compute capability 1.3)',
  );
  assert.equal(await page.$$eval('.sweep rect.gap', (g) => g.length), 1);
  // The keyboard reaches a gap point and reads why.
  await page.focus('.sweep svg');
  await page.keyboard.press('End');
  assert.match(await page.textContent('.sweep figcaption'), /= 1,024 → no prediction; the model rejects the input there/);
  await page.close();
});

test('a regime change is marked and explained (comp_insts 1–1,000 on the default kernel)', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&sweep=comp_insts&sweep_from=1&sweep_to=1000&sweep_points=1000'));
  await ready(page);
  const events = await page.$$eval('.sweep g.event', (es) => es.map((e) => [Number(e.dataset.x), e.querySelector('title').textContent]));
  const regime = events.filter(([, t]) => /regime changes/.test(t));
  assert.equal(regime.length, 1, JSON.stringify(events));
  const [x, text] = regime[0];
  // The CLI agrees: memory-bound (eq. 23) just before x, compute-bound (eq. 24) at x.
  const at = (v) => cliEval(`model=hong-kim&comp_insts=${v}`).outputs.regime;
  const before = Math.round(x - 1);
  assert.deepEqual([at(before), at(x)], [23, 24]);
  assert.match(text, new RegExp(`^${before} → ${x}: regime changes from eq\\. 23 \\(memory-bound\\) to eq\\. 24 \\(compute-bound\\): MWP [\\d.]+ > CWP [\\d.]+, so computation hides the memory waits$`));
  assert.match(await page.textContent('.sweep .legend'), /regime or occupancy change \(hover, tap or arrow keys for why\)/);
  await page.close();
});

test('up to 1,000 points and a log scale, kept in the link; the CSV holds every point', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280'));
  await ready(page);
  await page.selectOption('#sweep', 'comp_insts');
  await page.fill('#sweep_from', '1');
  await page.fill('#sweep_to', '10000');
  await page.fill('#sweep_points', '1001');
  assert.equal(await page.textContent('#sweep-error'), 'Points: must be a whole number from 2 to 1,000');
  await page.fill('#sweep_points', '1000');
  await page.waitForFunction(() => /sweep_points=1000$/.test(location.search));
  const csv = await download(page, '.sweep .export-csv');
  assert.equal(csv.name, 'hong-kim-sweep.csv');
  const rows = csv.body.toString('utf8').trim().split('\n');
  assert.equal(rows[0], 'Computation instructions per thread (insts),predicted time (s)');
  assert.equal(rows.length, 1 + 1000);
  // Every row is the CLI's time to the last digit (spot-check three).
  for (const row of [rows[1], rows[500], rows[1000]]) {
    const [x, t] = row.split(',');
    assert.equal(Number(t), cliEval(`model=hong-kim&device=gtx280&comp_insts=${x}`).outputs.time_s, row);
  }
  await page.check('#sweep_log');
  await page.waitForFunction(() => /sweep_points=1000&sweep_scale=log$/.test(location.search));
  assert.equal(await page.textContent('#sweep-error'), '');
  const ticks = await page.$$eval('.sweep .tick', (ts) => ts.map((t) => t.textContent));
  for (const t of ['1', '10', '100', '1,000', '10,000']) assert.ok(ticks.includes(t), `log tick ${t} in ${ticks}`);
  assert.match(await page.textContent('.sweep .axis-label'), /log scale$/);
  // Whole instruction counts: log spacing repeats small values, which are drawn once.
  const log = (await download(page, '.sweep .export-csv')).body.toString('utf8').trim().split('\n');
  const xs = log.slice(1).map((r) => Number(r.split(',')[0]));
  assert.deepEqual(xs.slice(0, 4), [1, 2, 3, 4]);
  assert.equal(xs.at(-1), 10000);
  assert.ok(xs.length > 500 && xs.length < 1000, `${xs.length} distinct points`);
  assert.match(await page.textContent('.sweep .chart-note'), new RegExp(` ${xs.length} distinct values in this range \\(of the 1000 points asked for\\)\\.$`));
  // A log scale needs a range above 0.
  await page.fill('#sweep_from', '0');
  assert.equal(await page.textContent('#sweep-error'), 'From: must be above 0 on a log scale');
  await page.close();
});

test('every chart downloads as SVG and PNG', async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.link('model=apsp&device=c2075&n=81&block_size=8&measured=500:12.5,81:0.9'));
  await ready(page);
  const svg = await download(page, '.sweep .export-svg');
  assert.equal(svg.name, 'apsp-runtime-vs-n.svg');
  const text = svg.body.toString('utf8');
  assert.match(text, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(text, /<style>svg\{font-family/);
  assert.match(text, /Graph size n \(vertices\)/);
  assert.doesNotMatch(text, /class="tooltip"/);
  const png = await download(page, '.sweep .export-png');
  assert.equal(png.name, 'apsp-runtime-vs-n.png');
  assert.deepEqual([...png.body.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Twice the chart's CSS size, from the PNG header.
  const width = png.body.readUInt32BE(16);
  const height = png.body.readUInt32BE(20);
  const box = await page.$eval('.sweep .chart svg', (s) => [s.viewBox.baseVal.width, s.viewBox.baseVal.height]);
  assert.deepEqual([width, height], [Math.floor(box[0] * 2), box[1] * 2]);
  await page.close();
});

test('the worked table downloads as CSV and the whole evaluation as the CLI\'s JSON (written by the report worker), for every model', async () => {
  const page = await app.env.context.newPage();
  for (const q of [
    'model=hong-kim&device=gtx280&threads_per_block=256&blocks=400&comp_insts=71',
    'model=luo-suda&device=gtx260&periods=20:400,30:1000&n_act=16',
    'model=apsp&device=c2075&n=81&block_size=8&measured=500:12.5,81:0.9',
    'model=spmv&target=custom&device=custom&custom_sms=10&kernel=ell',
  ]) {
    await page.goto(app.link(q));
    await ready(page);
    // The JSON is written by the report worker, which the page loads only when asked.
    const reportLoaded = () => page.evaluate(() => performance.getEntriesByType('resource')
      .some((r) => /warpsight-report/.test(r.name)));
    assert.equal(await reportLoaded(), false, q);
    const json = await download(page, '#export-json');
    assert.equal(await reportLoaded(), true, q);
    const cli = cliEval(await settledUrl(page));
    assert.deepEqual(JSON.parse(json.body.toString('utf8')), cli, q);
    assert.match(json.name, /^warpsight-[a-z-]+-[a-z0-9-]+\.json$/);
    const csv = (await download(page, '#export-worked-csv')).body.toString('utf8').trim().split('\n');
    assert.equal(csv[0], 'section,parameter,name,obtained,value,unit,shown');
    const cells = await page.$$eval('#worked-table td[data-name], #worked-table td[data-occupancy]', (tds) =>
      tds.map((td) => [td.dataset.name ?? td.dataset.occupancy, td.dataset.value]));
    assert.equal(csv.length - 1, cells.length, q);
    // Each row's name and exact value are the table's (names hold no commas or quotes).
    const parsed = csv.slice(1).map((r) => r.match(/^(?:"[^"]*"|[^,]*),(?:"(?:[^"]|"")*"|[^,]*),([^,]*),(?:"(?:[^"]|"")*"|[^,]*),("(?:[^"]|"")*"|[^,]*),/));
    assert.deepEqual(parsed.map((m) => [m[1], m[2].replace(/^"|"$/g, '')]), cells);
  }
  await page.close();
});

test('the every-device table downloads as CSV with exact times', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280'));
  await ready(page);
  await page.click('#compare summary');
  await page.waitForSelector('#compare tbody tr.current');
  const rows = (await download(page, '#export-devices-csv')).body.toString('utf8').trim().split('\n');
  assert.equal(rows[0], 'device,name,time_s,exec_cycles_with_synch,mwp,cwp,regime,error');
  const cli = cliEval(await settledUrl(page)).outputs.time_s_by_device;
  assert.equal(rows.length - 1, Object.keys(cli).length);
  for (const row of rows.slice(1)) {
    const [id, , time] = row.split(',');
    assert.equal(time === '' ? null : Number(time), cli[id], row);
  }
  await page.close();
});

/** Every chart's axis text in `root`: the y title, the y and x tick labels, as client boxes. */
async function axisBoxes(page, sel) {
  return page.$eval(`${sel} svg`, (svg) => {
    const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.right, b.top, b.bottom, e.textContent]; };
    const ticks = [...svg.querySelectorAll('.axes text.tick')];
    // x labels sit under the plot (y > 250); y labels end left of the axis.
    const xTicks = ticks.filter((t) => Number(t.getAttribute('y')) > 250).map(r);
    const yTicks = ticks.filter((t) => Number(t.getAttribute('y')) <= 260 && t.getAttribute('text-anchor') === 'end'
      && Number(t.getAttribute('x')) < 200).map(r);
    return { yTitle: r(svg.querySelectorAll('.axis-label')[1]), yTicks, xTicks, svg: r(svg) };
  });
}

function assertAxisText(boxes, what) {
  for (const t of boxes.yTicks) assert.ok(t[0] >= boxes.yTitle[1] - 0.5, `${what}: y tick "${t[4]}" at ${t[0]} overlaps the y title ending at ${boxes.yTitle[1]}`);
  for (const t of boxes.xTicks) {
    assert.ok(t[1] <= boxes.svg[1] + 0.5, `${what}: x tick "${t[4]}" ends at ${t[1]}, past ${boxes.svg[1]}`);
    assert.ok(t[0] >= boxes.svg[0] - 0.5, `${what}: x tick "${t[4]}" starts at ${t[0]}, before ${boxes.svg[0]}`);
  }
  const xs = [...boxes.xTicks].sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < xs.length; i++) assert.ok(xs[i - 1][1] <= xs[i][0], `${what}: x ticks "${xs[i - 1][4]}" and "${xs[i][4]}" overlap`);
  assert.ok(boxes.xTicks.length >= 3, `${what}: ${boxes.xTicks.length} x ticks (${boxes.xTicks.map((t) => t[4])})`);
}

test('axis text never overlaps or runs off: the y title clears its tick labels, the last x label is whole, three x ticks on a phone; a log y axis', async () => {
  const page = await app.env.context.newPage();
  for (const width of [1280, 390, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(app.link('model=hong-kim&device=a100&sweep=threads_per_block&sweep_from=1&sweep_to=1024'));
    await ready(page);
    await page.click('#occupancy-charts summary');
    await page.waitForSelector('#occupancy-shared svg .tick');
    for (const sel of ['#occupancy-threads', '#occupancy-registers', '#occupancy-shared', 'section.sweep']) {
      assertAxisText(await axisBoxes(page, sel), `${width} px ${sel}`);
    }
    // Luo & Suda's two charts and APSP's.
    for (const [q, sels] of [
      ['model=luo-suda', ['section.sweep > figure.chart', '#degrees-chart']],
      ['model=apsp&device=c2075&n=81&block_size=8&measured=500:12.5,81:0.9', ['section.sweep']],
    ]) {
      await page.goto(app.link(q));
      await ready(page);
      for (const sel of sels) {
        await page.waitForSelector(`${sel} svg .tick`);
        assertAxisText(await axisBoxes(page, sel), `${width} px ${q} ${sel}`);
      }
    }
  }
  await page.close();
});

test('the last x label is whole on the page and in the downloaded picture (1–100,000)', async () => {
  const page = await app.env.context.newPage();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(app.link('model=hong-kim&sweep=comp_insts&sweep_from=1&sweep_to=100000'));
    await ready(page);
    const boxes = await axisBoxes(page, 'section.sweep');
    assertAxisText(boxes, `${width} px`);
    const last = boxes.xTicks.sort((a, b) => a[0] - b[0]).at(-1)[4];
    // Whole on a wide screen; in short form where seven characters a tick do not fit.
    assert.equal(last, width > 400 ? '100,000' : '100k', `${width} px`);
    // The SVG and PNG files are drawn from the same markup: the label ends at the edge.
    const svg = (await download(page, '.sweep .export-svg')).body.toString('utf8');
    const w = Number(svg.match(/<svg [^>]*width="([\d.]+)"/)[1]);
    const tag = svg.match(new RegExp(`<text class="tick" x="([\\d.]+)" y="[\\d.]+" text-anchor="(\\w+)">${last}</text>`));
    assert.ok(tag, `${last} in the SVG file`);
    const [x, anchor] = [Number(tag[1]), tag[2]];
    // Ends at the edge, or centred on its tick with room to spare (11 px text: under 6.6 px a character).
    if (anchor === 'end') assert.equal(x, w - 1);
    else assert.ok(anchor === 'middle' && x + 3.3 * last.length <= w, `${last} at ${x} (${anchor}) in ${w}`);
  }
  await page.close();
});

test('a log y axis spreads a 1–1,024 threads sweep that a 1-thread point flattens', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=a100&sweep=threads_per_block&sweep_from=1&sweep_to=1024'));
  await ready(page);
  // The line's y pixels past its first point (the 1-thread block).
  const spread = () => page.$eval('section.sweep path.line', (p) => {
    const ys = [...p.getAttribute('d').matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1])).slice(1);
    return Math.max(...ys) - Math.min(...ys);
  });
  const linear = await spread();
  assert.equal(await page.isChecked('section.sweep input.log-y'), false);
  await page.check('section.sweep input.log-y');
  await page.waitForFunction(() => /log scale$/.test(document.querySelectorAll('section.sweep .axis-label')[1].textContent));
  const log = await spread();
  assert.ok(log > 2 * linear, `log spread ${log} px, linear ${linear} px`);
  const ticks = await page.$$eval('section.sweep .axes text.tick', (ts) => ts.map((t) => t.textContent));
  assert.ok(ticks.length > 3, `${ticks}`);
  assertAxisText(await axisBoxes(page, 'section.sweep'), 'log y');
  // Every chart has the switch, the occupancy charts too.
  await page.click('#occupancy-charts summary');
  await page.waitForSelector('#occupancy-shared input.log-y');
  await page.close();
});

test('titles keep their units\' case (GB/s), on the page and in the downloaded SVG', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim&device=gtx280&sweep=mem_bandwidth_gbs&sweep_from=10&sweep_to=200'));
  await ready(page);
  const title = 'Predicted time as memory bandwidth (GB/s) varies';
  assert.equal(await page.textContent('section.sweep svg > title'), title);
  assert.match(await page.getAttribute('section.sweep svg', 'aria-label'), /^Predicted time as memory bandwidth \(GB\/s\) varies/);
  const svg = (await download(page, '.sweep .export-svg')).body.toString('utf8');
  assert.ok(svg.includes(`<title>${title}</title>`), svg.slice(svg.indexOf('<title'), svg.indexOf('<title') + 200));
  assert.doesNotMatch(svg, /<!---->/, 'no empty placeholder comments in the file');
  assert.doesNotMatch(svg, /gb\/s/);
  await page.close();
});
