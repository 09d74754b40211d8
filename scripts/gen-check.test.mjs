// `node --test scripts/gen-check.test.mjs` (part of `pnpm test:scripts`): `pnpm gen:check`, the step
// of `pnpm test` that fails when a generated file no longer matches the migrations, catches a
// deliberately stale copy of each file and passes the other. Each case runs the check once on
// copies in a temporary directory (one stale, one as checked in), so the tree is never touched.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const TYPES = path.join(root, 'shared/src/database.types.ts');
const SCHEMA = path.join(root, 'supabase/schema.sql');
const dir = mkdtempSync(path.join(tmpdir(), 'need40-gen-check-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check of `pnpm gen:check` on the given files; resolves to its exit code and output. */
function check(types, schema) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/gen.ts', '--types', types, '--schema-sql', schema, '--check'], {
      cwd: path.join(root, 'backend'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A copy of `file` with `edit` applied (which must change it). */
function staleCopy(file, name, edit) {
  const text = readFileSync(file, 'utf8');
  const changed = edit(text);
  assert.notEqual(changed, text, `the edit changes ${name}`);
  const target = path.join(dir, name);
  writeFileSync(target, changed);
  return target;
}

function freshCopy(file, name) {
  const target = path.join(dir, name);
  copyFileSync(file, target);
  return target;
}

// The two checks run side by side: each migrates its own in-memory database (about 6 s of one core).
describe('pnpm gen:check', { concurrency: true }, () => {
test('a types file missing a column added by a migration is stale; schema.sql as checked in passes', async () => {
  // As if a migration had added gigs.applicant_count and nobody ran `pnpm gen`.
  const types = staleCopy(TYPES, 'stale.types.ts', (t) => t.replace(/^ {10}applicant_count: number\n/m, ''));
  const { code, output } = await check(types, freshCopy(SCHEMA, 'fresh.sql'));
  assert.equal(code, 1, output);
  assert.match(output, /stale\.types\.ts is stale \(line \d+: the migrations give "\s+applicant_count: number"/);
  assert.match(output, /Run `pnpm gen` and commit the result/);
  assert.doesNotMatch(output, /fresh\.sql/);
});

test('a schema.sql missing a policy is stale; the types as checked in pass', async () => {
  const schema = staleCopy(SCHEMA, 'stale.sql', (s) => s.replace(/^create policy gigs_select_listed .*\n.*\n/m, ''));
  const { code, output } = await check(freshCopy(TYPES, 'fresh.types.ts'), schema);
  assert.equal(code, 1, output);
  assert.match(output, /stale\.sql is stale \(line \d+: the migrations give "create policy gigs_select_listed/);
  assert.doesNotMatch(output, /fresh\.types\.ts/);
});
});
