/**
 * `pnpm check:migrations` (part of `pnpm lint`, so of CI): a migration that has landed is never
 * edited again. "Landed" means on the base branch (main; `--base REF` or MIGRATIONS_BASE for
 * another): for every migration file the base has, the file as it first landed there must equal
 * the file now (working tree), after normalising comments and whitespace (db/sql-normalise.ts —
 * the rule the backend's ledger applies at start), and it must still exist. A migration that is
 * only on a branch may change until it lands. The four files edited before this check existed are
 * compared with the version each one ended in (ACCEPTED below). `--repo DIR` checks another clone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { normaliseSql } from '../db/sql-normalise';

const DIRS = ['backend/migrations', 'supabase/migrations'];

/** Landed migrations edited before this check existed: the commit of the form they keep now. */
const ACCEPTED: Record<string, string> = {
  'supabase/migrations/20240401000200_notification_outbox.sql': 'ebd00463540ece83fc23601f6ba1c2aef417be1e',
  'supabase/migrations/20240401000400_application_process.sql': 'ebd00463540ece83fc23601f6ba1c2aef417be1e',
  'supabase/migrations/20240401000800_agreed_terms.sql': '67a694f2e8e285407655a6e1ddb8d9fb6b09d56a',
  'supabase/migrations/20240401001100_messages.sql': '6d45c41022ca22178d6f13e6093f43fecb86aae6',
};

const arg = (name: string) => (process.argv.indexOf(`--${name}`) > 0 ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const repo = path.resolve(arg('repo') ?? path.join(import.meta.dirname, '..', '..', '..'));
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const exists = (ref: string) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

const base = arg('base') ?? process.env.MIGRATIONS_BASE ?? ['main', 'origin/main'].find(exists) ?? 'HEAD';
const landed = git('ls-tree', '-r', '--name-only', base, '--', ...DIRS).split('\n').filter((f) => f.endsWith('.sql'));

// Where each file landed: one `git log` along the base's first parents (merges compared with their
// first parent, so a file a merge brought in lands there; newest first, so the last
// commit listed for a file is the one that added it), then every version in one `git cat-file`.
const firstAdded = new Map<string, string>();
let commit = '';
for (const line of git('log', base, '--first-parent', '-m', '--no-renames', '--diff-filter=A', '--name-only', '--format=commit %H', '--', ...DIRS).split('\n')) {
  if (line.startsWith('commit ')) commit = line.slice(7);
  else if (line.endsWith('.sql')) firstAdded.set(line, commit);
}
const refs = landed.map((file) => `${ACCEPTED[file] ?? firstAdded.get(file)}:${file}`);
const blobs = execFileSync('git', ['-C', repo, 'cat-file', '--batch'], { input: `${refs.join('\n')}\n`, maxBuffer: 256 * 1024 * 1024 });

const problems: string[] = [];
let offset = 0;
for (const [i, file] of landed.entries()) {
  const header = blobs.subarray(offset, blobs.indexOf(10, offset)).toString('utf8');
  if (header.endsWith(' missing')) throw new Error(`git has no ${refs[i]}`);
  const size = Number(header.split(' ')[2]);
  const start = offset + header.length + 1;
  const then = blobs.subarray(start, start + size).toString('utf8');
  offset = start + size + 1;
  const full = path.join(repo, file);
  if (!fs.existsSync(full)) problems.push(`${file}: landed on ${base} and is gone (migrations are forward-only: restore it)`);
  else if (normaliseSql(then.replace(/\r\n/g, '\n')) !== normaliseSql(fs.readFileSync(full, 'utf8').replace(/\r\n/g, '\n'))) {
    problems.push(`${file}: edited after it landed in ${refs[i]!.slice(0, 10)} (only comments and whitespace may change; put the change in a new migration)`);
  }
}
const checked = landed.length;
if (problems.length) {
  console.error(`check:migrations: ${problems.length} landed migration(s) changed (base ${base}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check:migrations: ${checked} landed migrations unchanged (base ${base})`);
