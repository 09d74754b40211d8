// `node --test scripts/check-migrations.test.mjs` (part of `pnpm test:scripts`): the CI check that a
// landed migration is never edited (`pnpm check:migrations`, backend/src/cli/check-migrations.ts),
// run on a scratch git repository: a migration on main edited on a branch is caught and named,
// while a comment or whitespace fix, and a migration not yet on main, may change.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

const backend = path.resolve(import.meta.dirname, '..', 'backend');
let repo;
const git = (...args) => execFileSync('git', ['-C', repo, ...args], { stdio: 'pipe' });
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), text);
};
const check = () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/check-migrations.ts', '--repo', repo], { cwd: backend, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
};
const APP = 'supabase/migrations/20240101000000_things.sql';
const SQL = "-- Things.\ncreate table if not exists public.things (\n  id int primary key,\n  name text default 'a  b'\n);\n";

before(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-check-migrations-'));
  execFileSync('git', ['init', '-q', '-b', 'main', repo]);
  git('config', 'user.email', 'ci@example.com');
  git('config', 'user.name', 'CI');
  write('backend/migrations/20240101000000_roles.sql', 'select 1;\n');
  write(APP, SQL);
  git('add', '.');
  git('commit', '-q', '-m', 'landed');
  git('checkout', '-q', '-b', 'work');
});
after(() => fs.rmSync(repo, { recursive: true, force: true }));

test('landed migrations unchanged: passes', () => {
  const r = check();
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /2 landed migrations unchanged \(base main\)/);
});

test('a comment or whitespace fix to a landed migration passes', () => {
  write(APP, `-- Things, with a better comment.\ncreate table if not exists public.things (\n    id int primary key, -- the key\n    name text default 'a  b'\n);\n\n`);
  assert.equal(check().status, 0);
});

test('a deliberate edit of a landed migration is caught and named', () => {
  write(APP, SQL.replace("'a  b'", "'a b'"));
  const r = check();
  assert.equal(r.status, 1);
  assert.match(r.out, /supabase\/migrations\/20240101000000_things\.sql: edited after it landed in [0-9a-f]{10}/);
  write(APP, SQL);
});

test('a migration only on the branch may still change; a landed one may not disappear', () => {
  write('supabase/migrations/20240102000000_more.sql', 'create table public.more (id int);\n');
  git('add', '.');
  git('commit', '-q', '-m', 'new on the branch');
  write('supabase/migrations/20240102000000_more.sql', 'create table public.more (id bigint);\n');
  assert.equal(check().status, 0);
  fs.rmSync(path.join(repo, 'backend/migrations/20240101000000_roles.sql'));
  const r = check();
  assert.equal(r.status, 1);
  assert.match(r.out, /backend\/migrations\/20240101000000_roles\.sql: landed on main and is gone/);
});
