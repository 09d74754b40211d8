// `node --test scripts/import-graph.test.mjs` (part of `pnpm test:scripts`): the import graph check
// of `pnpm lint` (.dependency-cruiser.mjs) fails on a circle of run-time imports and only warns
// about a circle closed by `import type`. The probes live in a temporary folder outside the tree.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'need40-graph-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function cruise(files) {
  const folder = mkdtempSync(path.join(dir, 'probe-'));
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(folder, name), code);
  const r = spawnSync(path.join(root, 'node_modules/.bin/depcruise'), [folder, '--config', '.dependency-cruiser.mjs'], { cwd: root, encoding: 'utf8' });
  // Under CI depcruise colours its report; compare the plain text.
  return { status: r.status, out: stripVTControlCharacters(`${r.stdout}${r.stderr}`) };
}

test('a circle of run-time imports fails the check', () => {
  const r = cruise({
    'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  });
  assert.notEqual(r.status, 0, r.out);
  assert.match(r.out, /error no-circular:/);
});

test('a circle closed by `import type` fails too (the types belong in a module of their own)', () => {
  const r = cruise({
    'c.ts': "import type { D } from './d';\nexport interface C { d?: D }\n",
    'd.ts': "import { type C } from './c';\nexport interface D { c?: C }\nexport const none: C = {};\n",
  });
  assert.notEqual(r.status, 0, r.out);
  assert.match(r.out, /error no-circular-types:/);
  assert.doesNotMatch(r.out, /error no-circular:/);
});

test('imports without a circle pass quietly', () => {
  const r = cruise({ 'e.ts': "import { f } from './f';\nexport const e = f;\n", 'f.ts': 'export const f = 1;\n' });
  assert.equal(r.status, 0, r.out);
  assert.doesNotMatch(r.out, /no-circular/);
});
