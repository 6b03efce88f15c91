// End-to-end checks every registered model gets, from one table: the share link shows what
// the CLI prints to the last digit, editing changes the URL, an invalid input names its field
// and range while the last result stays, the embed renders, and markup in a link stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { useApp, cliEval, ready, assertCellsMatchCli, ROOT, settledUrl, CLI } from './harness.mjs';

// One row per model. `link` is a share link; `edit` a field and a new valid text; `invalid` a
// field, a bad text and the message it must show.
const MODELS = [
  {
    id: 'hong-kim',
    link: 'model=hong-kim&device=gtx280&threads_per_block=256&blocks=400&comp_insts=71',
    edit: ['comp_insts', '270'],
    invalid: ['threads_per_block', '4096', 'must be a whole number from 1 to 2,048', 'Threads per block'],
  },
  {
    id: 'sim',
    link: 'model=sim&device=c2050&threads_per_block=256&blocks=112&insts=100&mem_insts=10&dram_lat=440&delta=20',
    edit: ['insts', '1000'],
    invalid: ['insts', '0', 'must be a number from 1 to 1,000,000,000,000', 'Instructions per warp'],
  },
  {
    id: 'luo-suda',
    link: 'model=luo-suda&device=gtx260&periods=20:400,30:1000,100:50,60:60&n_act=16&p=0.8',
    edit: ['n_act', '8'],
    invalid: ['n_act', '0', 'must be a whole number from 1 to 64', 'Active warps per SM'],
  },
  {
    id: 'apsp',
    link: 'model=apsp&device=c2075&n=81&block_size=8&measured=500:12.5,81:0.9',
    edit: ['n', '97'],
    invalid: ['block_size', '64', 'must be a whole number from 1 to 32', 'Block size (BlockSize × BlockSize threads)'],
  },
  {
    id: 'spmv',
    link: 'model=spmv&kernel=hyb&target=k20m&n_r=100000&nnz=3000000&p_nz_csr=30&p_nz_ell=90&hyb_thd=30&t_ref_ms=2&c_tar_ell=0.003&e_tar_ell=0.02,0.05&c_tar_coo=0.01&t1=0.04',
    edit: ['t_ref_ms', '3'],
    invalid: ['n_r', '0', 'must be a whole number from 1 to 10,000,000,000', 'Rows'],
  },
  {
    id: 'automatch',
    link: 'model=automatch&devices=i5-2400,k20x&w=1048576*300,12&w_add=200000000&w_mul=100000000&w_vec=300000000&q_f=400000000&q_s=20000000&s=50',
    edit: ['s', '80'],
    invalid: ['d', '0', 'must be a whole number from 1 to 10,000,000, or auto', 'Levels (the critical path)'],
  },
  {
    id: 'roofline',
    link: 'model=roofline&device=h100&dram_bytes=402653184&warp_insts=1000000000&flops_fp32=2000000000&clock_ghz=1.59',
    edit: ['dram_bytes', '805306368'],
    invalid: ['dram_bytes', '-1', 'must be a whole number from 0 to 9,000,000,000,000,000', 'DRAM bytes read and written'],
  },
];

const app = useApp();
const link = (q) => app.link(q);

test('every registered model has a row in this table', () => {
  const listed = JSON.parse(execFileSync(CLI, ['models', '--json'], { encoding: 'utf8' }));
  assert.deepEqual(listed.map((m) => m.id).sort(), MODELS.map((m) => m.id).sort());
});

for (const m of MODELS) {
  test(`${m.id}: the share link shows what the CLI prints, to the last digit`, async () => {
    const page = await app.env.context.newPage();
    await page.goto(link(m.link));
    await ready(page);
    assert.equal(await page.getAttribute('#result', 'data-ready'), m.id);
    assert.equal(await page.inputValue('#model'), m.id);
    const cli = cliEval(await settledUrl(page));
    const n = await assertCellsMatchCli(page, cli);
    assert.ok(n >= 20, `${n} cells`);
    // The link the page writes back opens the same state in the CLI.
    assert.equal(cli.model, m.id);
    await page.close();
  });

  test(`${m.id}: editing an input changes the result and the URL`, async () => {
    const page = await app.env.context.newPage();
    await page.goto(link(m.link));
    await ready(page);
    const [field, text] = m.edit;
    const before = await page.textContent('#worked-table');
    await page.fill(`#${field}`, text);
    await page.waitForFunction(([f, t]) => new URLSearchParams(location.search).get(f) === t, [field, text]);
    await page.waitForFunction((b) => document.querySelector('#worked-table').textContent !== b, before);
    await assertCellsMatchCli(page, cliEval(await settledUrl(page)));
    await page.close();
  });

  test(`${m.id}: an invalid input names the field and range; the last result stays`, async () => {
    const page = await app.env.context.newPage();
    await page.goto(link(m.link));
    await ready(page);
    const [field, text, message, label] = m.invalid;
    const shown = await page.textContent('#result .headline .time');
    const url = page.url();
    await page.fill(`#${field}`, text);
    await page.waitForSelector(`#${field}-error:not(:empty)`);
    assert.equal(await page.textContent(`#${field}-error`), message);
    assert.equal(await page.textContent('#stale-note'), `${label}: ${message} — showing the last valid prediction.`);
    assert.equal(await page.textContent('#result .headline .time'), shown);
    assert.equal(page.url(), url, 'the link keeps the last valid state');
    assert.doesNotMatch(await page.textContent('body'), /NaN|Infinity|∞/);
    await page.close();
  });

  test(`${m.id}: embed shows the result and the model's visuals, no form`, async () => {
    const page = await app.env.context.newPage();
    await page.goto(link(`${m.link}&embed=1`));
    await ready(page);
    assert.equal(await page.$('form.kernel'), null);
    assert.equal(await page.$('#worked-table'), null);
    assert.ok(await page.$('main.embed .chart svg'));
    assert.doesNotMatch(await page.getAttribute('.embed-foot a', 'href'), /embed=1/);
    await page.close();
  });

  test(`${m.id}: markup in a link is data, never HTML`, async () => {
    const evil = encodeURIComponent('<img src=x onerror="window.__pwned=1">');
    const page = await app.env.context.newPage();
    await page.goto(link(`${m.link}&${m.edit[0]}=${evil}&${evil}=2`));
    await ready(page);
    const notices = await page.textContent('#notices');
    assert.match(notices, /<img src=x onerror="window\.__pwned=1">/);
    assert.equal(await page.$('img'), null);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.close();
  });
}

test('switching model keeps the device where the new model takes it', async () => {
  const page = await app.env.context.newPage();
  await page.goto(link('model=hong-kim&device=gtx780'));
  await ready(page);
  await page.selectOption('#model', 'apsp');
  await page.waitForSelector('#result[data-ready="apsp"]');
  assert.equal(await page.inputValue('#device'), 'gtx780');
  assert.equal(await page.inputValue('#cores_per_sm'), '192');
  await page.waitForFunction(() => /model=apsp/.test(location.search) && /device=gtx780/.test(location.search));
  await page.selectOption('#model', 'hong-kim');
  await page.waitForSelector('#result[data-ready="hong-kim"] #time');
  assert.equal(await page.inputValue('#device'), 'gtx780');
  await page.close();
});

test('no console errors and no offsite requests in these tests', () => {
  assert.deepEqual(app.env.offsite, []);
  assert.deepEqual(app.env.errors, []);
});

test("Sim et al.'s example is the hand reference: 12,800 cycles, 11.13 µs, memory-bound, with its bars", async () => {
  const page = await app.env.context.newPage();
  const m = 'model=sim&device=c2050&threads_per_block=256&blocks=112&active_sms=14&active_blocks_per_sm=4&insts=100&mem_insts=10&dram_lat=440&delta=20&freq_ghz=1.15&mem_bandwidth_gbs=144&transaction_bytes=128&gamma=64&avg_inst_lat=18&simd_width=32&sfu_width=4';
  await page.goto(link(m));
  await ready(page);
  assert.equal(Number(await page.getAttribute('#time', 'data-value')), 12800 / 1.15e9);
  assert.match(await page.textContent('#time'), /11\.13 µs/);
  assert.match(await page.textContent('#bound'), /Memory-bound/);
  assert.ok(await page.$('#sim-bars'));
  assert.match(await page.textContent('#result'), /12,800 cycles/);
  await page.close();
});
