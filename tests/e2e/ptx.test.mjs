// End-to-end: the PTX panel on text as compilers print it — a file of several kernels (the
// picker, each analysed on its own with its calls inlined), why each loop is one, and debug
// PTX flagged. The analysis runs in the worker; the page shows its latest answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { useApp, ready } from './harness.mjs';

const app = useApp();

/** Two kernels, a device function the first calls in a loop, and a weak stub (tests/ptx.rs). */
const FILE = `
.weak .func  (.param .b32 func_retval0) cudaMalloc(
	.param .b64 cudaMalloc_param_0,
	.param .b64 cudaMalloc_param_1
)
{
	.reg .b32 	%r<2>;
	mov.u32 	%r1, 30;
	st.param.b32 	[func_retval0+0], %r1;
	ret;
}
.func  (.param .b32 func_retval0) _Z6squaref(
	.param .b32 _Z6squaref_param_0
)
{
	.reg .f32 	%f<3>;
	ld.param.f32 	%f1, [_Z6squaref_param_0];
	mul.f32 	%f2, %f1, %f1;
	st.param.f32 	[func_retval0+0], %f2;
	ret;
}
.visible .entry first(
	.param .u64 first_param_0
)
{
	.reg .f32 	%f<4>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<3>;
	ld.param.u64 	%rd1, [first_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, 0;
$L__BB2_1:
	ld.global.f32 	%f1, [%rd2];
	{ // callseq 0, 0
	.param .b32 param0;
	st.param.f32 	[param0+0], %f1;
	.param .b32 retval0;
	call.uni (retval0),
	_Z6squaref,
	(
	param0
	);
	ld.param.f32 	%f2, [retval0+0];
	} // callseq 0
	st.global.f32 	[%rd2], %f2;
	add.s32 	%r1, %r1, 1;
	setp.lt.s32 	%p1, %r1, 8;
	@%p1 bra 	$L__BB2_1;
	ret;
}
.visible .entry second()
{
	ret;
}
`;

test('a file with several kernels: pick one; calls are inlined and each loop says why it is one', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=luo-suda&device=gtx260'));
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.fill('#ptx-text', FILE);
  await page.waitForSelector('#ptx-kernel');
  assert.deepEqual(await page.$$eval('#ptx-kernel option', (os) => os.map((o) => o.value)), ['first', 'second']);
  assert.equal(await page.inputValue('#ptx-kernel'), 'first');
  // The inlined function by its C++ name (`_Z6squaref` in the PTX).
  assert.match(await page.textContent('#ptx-notes'), /square\(float\) \(line 12\) inlined here/);
  await page.waitForSelector('#ptx-summary');
  assert.match(await page.textContent('#ptx-summary'), /^16 instructions/);
  assert.match(await page.textContent('#ptx-loops'), /A loop: the branch on line 48 goes back to \$L__BB2_1 \(line 32\), which every path to the branch passes through\./);
  await page.selectOption('#ptx-kernel', 'second');
  await page.waitForFunction(() => /^1 instruction → /.test(document.querySelector('#ptx-summary')?.textContent ?? ''));
  assert.equal(await page.$('#ptx-loops'), null);
  // Debug PTX is named.
  await page.fill('#ptx-text', '.version 7.8\n.target sm_52, debug\n.visible .entry k()\n{\nret;\n}');
  await page.waitForSelector('#ptx-debug');
  assert.match(await page.textContent('#ptx-debug'), /compiled for debugging/);
  await page.close();
});

test('trip counts belong to a file and a loop; binary text is one error; a .ptx file can be dropped or chosen', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=luo-suda&device=gtx260'));
  await ready(page);
  await page.click('#ptx-panel summary');
  await page.fill('#ptx-text', FILE);
  await page.waitForSelector('#ptx-trip-0');
  await page.fill('#ptx-trip-0', '16');
  // The answer for 16 trips: the busy sign goes.
  await page.waitForFunction(() => document.querySelector('#ptx-busy')?.textContent === '');
  // Another file: its first loop starts at 1, not at the other file's 16.
  const other = '.version 7.0\n.target sm_70\n.address_size 64\n.visible .entry other()\n{\n.reg .b32 %r<3>;\n.reg .pred %p<2>;\nmov.u32 %r1, 0;\n$L__BB0_1:\nadd.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, 4;\n@%p1 bra $L__BB0_1;\nret;\n}\n';
  await page.fill('#ptx-text', other);
  await page.waitForFunction(() => document.querySelector('#ptx-loops')?.textContent.includes('$L__BB0_1'));
  assert.equal(await page.inputValue('#ptx-trip-0'), '1');
  // Binary data: one error, not a line of mojibake each.
  await page.fill('#ptx-text', Array.from({ length: 50 }, (_, i) => `\u0001\uFFFD${i}\uFFFD`).join('\n'));
  await page.waitForFunction(() => document.querySelectorAll('#ptx-errors li').length === 1);
  assert.match(await page.textContent('#ptx-errors'), /^line 1: this is not PTX text/);
  // A file chosen (or dropped) fills the box and is analysed.
  await page.setInputFiles('#ptx-input', { name: 'kernels.ptx', mimeType: 'text/plain', buffer: Buffer.from(FILE) });
  await page.waitForSelector('#ptx-kernel');
  assert.equal(await page.inputValue('#ptx-text'), FILE);
  assert.equal(await page.inputValue('#ptx-trip-0'), '1');
  await page.close();
});

test('the header opens the PTX analyzer; long mangled names and 30 inlined calls keep the page in its width and the summary near the top', async () => {
  const page = await app.env.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(app.link('model=luo-suda&device=gtx260'));
  await ready(page);
  await page.click('#to-ptx');
  await ready(page);
  await page.waitForFunction(() => document.querySelector('#ptx-panel')?.open);
  // A device function with a 400-character mangled name, called 30 times.
  const name = `_Z${'Long'.repeat(100)}f`;
  const calls = Array.from({ length: 30 }, (_, i) => `	{ // callseq ${i}, 0
	.param .b32 param0;
	st.param.f32 	[param0+0], %f1;
	.param .b32 retval0;
	call.uni (retval0),
	${name},
	(
	param0
	);
	ld.param.f32 	%f1, [retval0+0];
	} // callseq ${i}`).join('\n');
  const text = `.func  (.param .b32 func_retval0) ${name}(
	.param .b32 ${name}_param_0
)
{
	.reg .f32 	%f<3>;
	ld.param.f32 	%f1, [${name}_param_0];
	mul.f32 	%f2, %f1, %f1;
	st.param.f32 	[func_retval0+0], %f2;
	ret;
}
.visible .entry ${name}_kernel(
	.param .u64 k_param_0
)
{
	.reg .f32 	%f<4>;
	.reg .b64 	%rd<3>;
	ld.param.u64 	%rd1, [k_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	ld.global.f32 	%f1, [%rd2];
${calls}
	st.global.f32 	[%rd2], %f1;
	ret;
}
`;
  await page.fill('#ptx-text', text);
  await page.waitForSelector('#ptx-summary');
  // The 30 notes are folded; the summary sits within a screen of the panel's top.
  assert.match(await page.textContent('#ptx-notes summary'), /30 notes/);
  assert.equal(await page.$eval('#ptx-notes', (d) => d.open), false);
  const [panel, summary] = await page.$$eval('#ptx-panel, #ptx-summary', (es) => es.map((e) => e.getBoundingClientRect().top));
  assert.ok(summary - panel < 900, `summary ${summary - panel} px below the panel's top`);
  await page.click('#ptx-notes summary');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 1280), 'no page wider than the screen');
  await page.close();
});

test('real nvcc PTX: the picker names kernels in C++ (the PTX name on hover), and loads and stores are counted by space', async () => {
  const page = await app.env.context.newPage();
  await page.goto(app.link('model=hong-kim#ptx'));
  await ready(page);
  await page.waitForFunction(() => document.querySelector('#ptx-panel')?.open);
  const text = gunzipSync(await readFile(new URL('../fixtures/profiler/known-kernels-h200/known_kernels.ptx.gz', import.meta.url))).toString();
  await page.setInputFiles('#ptx-input', { name: 'known_kernels.ptx', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForSelector('#ptx-kernel');
  const options = await page.$$eval('#ptx-kernel option', (os) => os.map((o) => [o.textContent, o.title, o.value]));
  assert.equal(options.length, 6);
  assert.deepEqual(options[0], ['vec_add(float const*, float const*, float*, int)', '_Z7vec_addPKfS0_Pfi', '_Z7vec_addPKfS0_Pfi']);
  assert.deepEqual(options[5], ['wmma_gemm_16x16(__half const*, __half const*, float*, int)', '_Z15wmma_gemm_16x16PK6__halfS1_Pfi', '_Z15wmma_gemm_16x16PK6__halfS1_Pfi']);
  await page.waitForSelector('#ptx-spaces');
  assert.equal(await page.textContent('#ptx-spaces'), 'Loads and stores per thread: 3 global, 4 param. Shared, param and const ones stay on chip: both models take them as computation.');
  // The tiled transpose: its shared-memory tile is computation, its global loads memory.
  await page.selectOption('#ptx-kernel', '_Z15transpose_tiledPKfPf');
  await page.waitForFunction(() => /8 global, 8 shared, 2 param/.test(document.querySelector('#ptx-spaces')?.textContent));
  assert.match(await page.textContent('#ptx-summary'), /^Per thread: 37 computation, 8 coalesced and 0 uncoalesced memory/);
  // Local memory (a thread's stack): memory to both models, and said so.
  await page.fill('#ptx-text', '.visible .entry k()\n{\nld.global.f32 %f1, [%rd1];\nst.local.f32 [%SP+0], %f1;\nld.local.f32 %f2, [%SP+0];\nret;\n}\n');
  await page.waitForFunction(() => /1 global, 2 local\. Local ones are each thread's stack/.test(document.querySelector('#ptx-spaces')?.textContent));
  assert.match(await page.textContent('#ptx-summary'), /0 computation, 3 coalesced and 0 uncoalesced memory/);
  await page.close();
});
