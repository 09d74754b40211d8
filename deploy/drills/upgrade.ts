/**
 * `pnpm drill:upgrade [--previous REF] [--db=postgres,pglite]`: an upgrade from the previous release
 * to this one, with data, and nothing lost.
 *
 * The previous release: by default the commit of main just before the newest migration of this
 * release landed (so the upgrade always applies a migration to live data, even between two tags), or
 * `--previous REF`, e.g. `--previous v0.2.0` for an upgrade from that release tag. It is checked out in a git worktree, its
 * dependencies installed and its backend bundled, and run with `node dist/main.js` as its
 * deployment would.
 *   PostgreSQL: the database of deploy/postgres/roles.sql; the previous release runs as the owner
 *     (it knows no other way), leaves members, a gig, an accepted application, messages and a $600
 *     gig; it stops; this release's two backends start from the systemd unit — migrations as the
 *     owner, requests as the app role — and every table keeps its rows, the members sign in and see
 *     their data; then the whole journey in Chromium through nginx (journey.ts).
 *   PGlite: the previous release on a data directory, the same data, then this release's backend on
 *     the same directory (its lock file, its ledger): the members see their data.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Api, checkSeeded, seedMarketplace } from './lib/api';
import { Drill, until } from './lib/drill';
import { launchBrowser, runJourney } from './lib/journey';
import { adminQuery } from './lib/postgres';
import { buildRelease, httpGet, REPO, stopProcess } from './lib/release';
import { HOST, PORTS, prepareStack, scratchDir, startBackends, startSite, type Stack } from './lib/stack';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const DBS = (args.db ?? 'postgres,pglite').split(',');
const git = (...a: string[]) => execFileSync('git', ['-C', REPO, ...a], { encoding: 'utf8' }).trim();

const drill = new Drill('drill:upgrade');
const dir = scratchDir(drill, 'need40-drill-upgrade-');

/** The commit of main just before the newest migration this release has landed there. */
function defaultPrevious(): string {
  const base = ['main', 'origin/main'].find((r) => {
    try {
      git('rev-parse', '--verify', '--quiet', r);
      return true;
    } catch {
      return false;
    }
  });
  if (!base) throw new Error('no main branch: pass --previous REF');
  // The newest such commit whose migrations this release has: one that landed on main after this
  // branch last merged it would make an upgrade that applies nothing.
  const landings = git('log', base, '--first-parent', '-m', '--diff-filter=A', '--format=%H', '-n', '50', '--', 'supabase/migrations', 'backend/migrations').split('\n');
  const landed = landings.find((c) => {
    try {
      git('merge-base', '--is-ancestor', c, 'HEAD');
      return true;
    } catch {
      return false;
    }
  });
  if (!landed) throw new Error('no migration of main is in this release: pass --previous REF');
  return git('rev-parse', `${landed}^1`);
}

/**
 * The previous release's backend: a worktree of `ref`, installed and bundled. A release that has
 * the app server (app-server/) needs its bundle too: its bundled backend loads
 * app-server/dist/index.js by default and refuses to start without it.
 */
function previousRelease(ref: string): string {
  const tree = path.join(dir, 'previous');
  git('worktree', 'add', '--detach', tree, ref);
  drill.cleanup('remove the previous release\'s worktree', () => void git('worktree', 'remove', '--force', tree));
  const packages = fs.existsSync(path.join(tree, 'app-server', 'package.json')) ? ['backend', 'app-server'] : ['backend'];
  const filters = packages.flatMap((p) => ['--filter', `${p}...`]);
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', ...filters], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const p of packages) execFileSync('pnpm', ['--filter', p, 'run', '--silent', 'build'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(tree, 'backend');
}

/** Start `backendDir`'s dist/main.js with `env`, until /health answers (the previous release has no /health/ready). */
async function startPlain(backendDir: string, env: Record<string, string>, port: number, log: string): Promise<ChildProcess> {
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: backendDir, env: { PATH: process.env.PATH ?? '', ...env, NODE_ENV: 'production', PORT: String(port) }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  drill.cleanup(`stop the backend on ${port}`, () => stopProcess(child));
  await until(`the backend on ${port} answering /health`, async () => {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${fs.readFileSync(log, 'utf8').slice(-2000)}`);
    return (await httpGet(port, '/health')).status === 200;
  }, 300_000, 250);
  return child;
}

/** Row count per table of the app, auth and private schemas. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const { rows } = await adminQuery(url, `select format('%I.%I', schemaname, relname) as t, n_live_tup from pg_stat_user_tables where schemaname in ('public', 'auth', 'private') order by 1`);
  const counts: Record<string, number> = {};
  for (const { t } of rows as { t: string }[]) counts[t] = Number((await adminQuery(url, `select count(*) as n from ${t}`)).rows[0].n);
  return counts;
}

async function postgres(stack: Stack, previousBackend: string, release: Awaited<ReturnType<typeof buildRelease>>) {
  const api = new Api(`http://127.0.0.1:${PORTS.previous}`, stack.keys.ANON_KEY!);
  const previous = await drill.step('postgres: the previous release starts (as the owner role, its only way)', () =>
    startPlain(previousBackend, { ...stack.settings, DATABASE_URL: stack.db.ownerUrl }, PORTS.previous, path.join(dir, 'previous-postgres.log')),
  );
  const seeded = await drill.step('postgres: members, a gig, an accepted application, messages, a $600 gig — on the previous release', () => seedMarketplace(api, stack.smtp, 'pg'));
  const before = await rowCounts(stack.db.adminUrl);
  const ledgerBefore = Number((await adminQuery(stack.db.adminUrl, 'select count(*) as n from need40_migrations.ledger')).rows[0].n);
  await drill.step('postgres: the previous release stops (SIGTERM)', () => stopProcess(previous));
  const upgradedAt = new Date();
  await startBackends(drill, stack, release);
  await drill.step('postgres: every table kept its rows; the migrations of this release were applied', async () => {
    const after = await rowCounts(stack.db.adminUrl);
    const lost = Object.entries(before).filter(([t, n]) => (after[t] ?? -1) < n);
    if (lost.length) throw new Error(`rows lost: ${JSON.stringify(lost.map(([t, n]) => [t, n, after[t]]))}`);
    const applied = (await adminQuery(stack.db.adminUrl, 'select scope || \'/\' || name as m from need40_migrations.ledger where applied_at >= $1 order by 1', [upgradedAt])).rows.map((r) => r.m as string);
    const unfilled = Number((await adminQuery(stack.db.adminUrl, 'select count(*) as n from need40_migrations.ledger where normalised_checksum is null')).rows[0].n);
    if (unfilled) throw new Error(`${unfilled} ledger rows without their normalised checksum`);
    drill.figures.postgres = { tablesCompared: Object.keys(before).length, rowsBefore: Object.values(before).reduce((a, b) => a + b, 0), ledgerBefore, migrationsApplied: applied };
    return drill.figures.postgres;
  }, (r) => r);
  await drill.step('postgres: the members of the previous release sign in and see their data (through nginx\'s backends)', () => checkSeeded(new Api(`http://127.0.0.1:${PORTS.backends[0]}`, stack.keys.ANON_KEY!), seeded), (r) => r);
  await startSite(drill, stack, release);
  const browser = await drill.step('Chromium', () => launchBrowser(HOST));
  drill.cleanup('close Chromium', () => browser.close());
  await runJourney(drill, browser, { origin: stack.origin, host: HOST, smtp: stack.smtp }, 'upgrade');
  await drill.step('postgres: after the journey, the previous release\'s data is still all there', () => checkSeeded(new Api(`http://127.0.0.1:${PORTS.backends[1]}`, stack.keys.ANON_KEY!), seeded));
}

async function pglite(stack: Stack, previousBackend: string, release: Awaited<ReturnType<typeof buildRelease>>) {
  const env = { ...stack.settings, DATA_DIR: path.join(dir, 'pglite-data') };
  const previous = await drill.step('pglite: the previous release starts on a new data directory', () => startPlain(previousBackend, env, PORTS.previous, path.join(dir, 'previous-pglite.log')));
  const seeded = await drill.step('pglite: the same data, on the previous release', () => seedMarketplace(new Api(`http://127.0.0.1:${PORTS.previous}`, stack.keys.ANON_KEY!), stack.smtp, 'pglite'));
  await drill.step('pglite: the previous release stops', () => stopProcess(previous));
  const port = PORTS.containers[0]!;
  const upgraded = await drill.step('pglite: this release\'s backend on the same directory (its lock, its ledger)', () =>
    startPlain(path.join(release.dir, 'backend'), env, port, path.join(dir, 'upgraded-pglite.log')),
  );
  await drill.step('pglite: ready, and the members see their data', async () => {
    const ready = await httpGet(port, '/health/ready');
    if (ready.status !== 200) throw new Error(`not ready: ${ready.body}`);
    return checkSeeded(new Api(`http://127.0.0.1:${port}`, stack.keys.ANON_KEY!), seeded);
  }, (r) => r);
  await drill.step('pglite: this release stops', () => stopProcess(upgraded));
}

async function main(): Promise<void> {
  const ref = args.previous ?? defaultPrevious();
  drill.figures.previous = `${git('rev-parse', '--short', ref)} (${git('log', '-1', '--format=%ad %s', '--date=short', ref).slice(0, 100)})`;
  const previousBackend = await drill.step(`the previous release: main at ${drill.figures.previous}, in a worktree, installed and bundled`, () => previousRelease(ref));
  const release = await drill.step('this release: pnpm release:build', () => buildRelease(path.join(dir, 'srv', 'current')), (r) => ({ version: r.version, seconds: r.seconds }));
  const stack = await prepareStack(drill, dir, path.join(release.dir, 'backend/dist/cli/keys.js'), 'need40_drill_upgrade');
  if (DBS.includes('postgres')) await postgres(stack, previousBackend, release);
  if (DBS.includes('pglite')) await pglite(stack, previousBackend, release);
}

main().then(
  () => drill.finish(),
  (error: unknown) => drill.finish(error),
);
