/**
 * pnpm --filter backend bench:ledger:profile — where a release's time goes, on PostgreSQL: a small
 * copy of the books (ledger-seed.ts), then (ledger-rounds.ts)
 *   1. `approve_work` of a few delivered deals as their posters with auto_explain loaded in the
 *      session: the nested statements summed by their text, slowest first;
 *   2. releases from concurrent callers over SQL connections in rounds that cycle through the ways
 *      compared, so all run under the same load: releases a second, each call's latency, CPU per
 *      release and what the releasing backends waited on.
 * The ways compared:
 *   - default: one database with every migration (rounds of the same way: the spread is the noise);
 *   - `--before=<name>`: two databases, one migrated without the migrations named <name> and later
 *     (of both folders: "before"), one with all ("after"; with `--after=<name>`, without those named
 *     <name> and later) — a migration's effect, side by side in one run.
 * Prints both; nothing is asserted (a profile, not a test).
 *
 *   pnpm --filter backend bench:ledger:profile [--transactions=40000] [--members=4000] [--explained=20]
 *     [--releases=400] [--concurrency=8] [--rounds=9] [--before=20250125000000 [--after=20250125000100]]
 *   PostgreSQL admin URL: BENCH_DATABASE_URL or TEST_DATABASE_URL; scratch databases are created and dropped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SOURCES, migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { scratchDatabase } from '../src/db/scratch';
import type { Database } from '../src/db/types';
import { explainReleases, printRounds, releaseRounds, type Deal, type Way } from './ledger-rounds';
import { seedLedger, settleBooks } from './ledger-seed';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const TRANSACTIONS = Number(args.transactions ?? 40_000);
const MEMBERS = Number(args.members ?? 4_000);
const EXPLAINED = Number(args.explained ?? 20);
const RELEASES = Number(args.releases ?? 400);
const CONCURRENCY = Number(args.concurrency ?? 8);
const ROUNDS = Number(args.rounds ?? 9);
const BEFORE = args.before;
const AFTER = args.after;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const log = (s: string) => console.error(`[bench:ledger:profile] ${s}`);

/** The migration folders without the files named `cutoff` or later (copies in a temporary folder). */
function sourcesBefore(cutoff: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-before-'));
  process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  return DEFAULT_SOURCES.map(({ scope, dir }) => {
    const copy = path.join(root, scope);
    fs.mkdirSync(copy);
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.sql') && f < cutoff) fs.copyFileSync(path.join(dir, f), path.join(copy, f));
    return { scope, dir: copy };
  });
}

interface Books { url: string; db: Database; deals: Deal[]; drop(): Promise<void> }

async function books(label: string, sources = DEFAULT_SOURCES): Promise<Books> {
  const scratch = await scratchDatabase(ADMIN_URL, 'need40_bench_profile');
  const db = await openPostgres(scratch.url, 4);
  await migrate(db, sources);
  await seedLedger(db, TRANSACTIONS, MEMBERS, (s) => log(`${label}: ${s}`));
  await settleBooks(scratch.url);
  const deals = (await db.transaction((tx) => tx.query<Deal>("select app::text, poster::text from public.bench_deals where status = 'delivered' order by i"))).rows;
  log(`${label}: ${deals.length} delivered deals; explaining ${EXPLAINED}, then ${RELEASES} releases by ${CONCURRENCY} callers`);
  return { url: scratch.url, db, deals, drop: async () => {
    await db.close();
    await scratch.drop();
  } };
}

async function main(): Promise<void> {
  const all: Books[] = [];
  try {
    let ways: Way[];
    if (BEFORE) {
      const before = await books('before', sourcesBefore(BEFORE));
      all.push(before);
      const after = await books('after', AFTER ? sourcesBefore(AFTER) : DEFAULT_SOURCES);
      all.push(after);
      ways = [{ name: `before (without ${BEFORE} and later)`, url: before.url, deals: before.deals },
        { name: AFTER ? `after (without ${AFTER} and later)` : 'after (every migration)', url: after.url, deals: after.deals }];
    } else {
      const b = await books('books');
      all.push(b);
      ways = [{ name: 'every migration', url: b.url, deals: b.deals }];
    }
    for (const w of ways) {
      await explainReleases(w.name, w.url, w.deals.slice(0, EXPLAINED));
      w.deals = w.deals.slice(EXPLAINED);
    }
    const perRound = Math.floor(RELEASES / ROUNDS);
    const load0 = os.loadavg()[0]!.toFixed(1);
    const results = await releaseRounds(ways, ROUNDS, perRound, CONCURRENCY);
    console.log(`\n${ROUNDS} rounds of ${perRound} releases by ${CONCURRENCY} SQL callers, the ways in turn (load average ${load0} → ${os.loadavg()[0]!.toFixed(1)}):`);
    printRounds(results, CONCURRENCY);
  } finally {
    for (const b of all) await b.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
