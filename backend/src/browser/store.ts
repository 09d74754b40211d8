/**
 * SQL of /browser/v1 (need40_browser, migration 20240904000100): one report row, the counts per
 * remote version, the counts the watcher reads, and the pruning of old reports.
 */
import type { Tx } from '../db/types';
import type { ErrorReport, LoadReport } from './body';

type Versions = LoadReport['release']['versions'];

/** Add `loads` page loads and `errors` error reports to each (remote, version, assignment) given. */
async function count(tx: Tx, environment: string, versions: Versions, loads: number, errors: number): Promise<void> {
  for (const [remote, { version, assignment }] of Object.entries(versions)) {
    await tx.query(
      `insert into need40_browser.release_counts as c (environment, remote, version, assignment, loads, errors)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (environment, remote, version, assignment)
       do update set loads = c.loads + excluded.loads, errors = c.errors + excluded.errors, last_seen = now()`,
      [environment, remote, version, assignment, loads, errors],
    );
  }
}

/**
 * Keep the report; count it against the version it concerns: the remote it names, or, for an
 * error no remote could be named for, every canary on the page (a canary is judged on the errors
 * of the pages it ran on; an error no one can place counts against it rather than be lost).
 */
export async function insertReport(tx: Tx, report: ErrorReport, userAgent: string | null): Promise<void> {
  const { release } = report;
  await tx.query(
    `insert into need40_browser.reports (kind, message, stack, source, page, remote, environment, versions, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)`,
    [report.kind, report.message, report.stack, report.source, report.page, report.remote, release.environment, JSON.stringify(release.versions), userAgent],
  );
  if (!release.environment) return;
  const named = report.remote ? release.versions[report.remote] : undefined;
  const blamed: Versions = named
    ? { [report.remote!]: named }
    : Object.fromEntries(Object.entries(release.versions).filter(([, v]) => v.assignment === 'canary'));
  await count(tx, release.environment, blamed, 0, 1);
}

/** One page load, counted for each of its versions that is a canary (the denominator of the watcher). */
export async function insertLoad(tx: Tx, { release }: LoadReport): Promise<void> {
  if (!release.environment) return;
  const canaries = Object.fromEntries(Object.entries(release.versions).filter(([, v]) => v.assignment === 'canary'));
  await count(tx, release.environment, canaries, 1, 0);
}

export async function readCounts(tx: Tx, environment: string, remote: string, version: string, assignment: string): Promise<{ loads: number; errors: number }> {
  const { rows } = await tx.query<{ loads: string; errors: string }>(
    'select loads::text, errors::text from need40_browser.release_counts where environment = $1 and remote = $2 and version = $3 and assignment = $4',
    [environment, remote, version, assignment],
  );
  return { loads: Number(rows[0]?.loads ?? 0), errors: Number(rows[0]?.errors ?? 0) };
}

/** Reports older than `days`: dead weight (the counts stay). */
export async function pruneReports(tx: Tx, days: number): Promise<void> {
  await tx.query(`delete from need40_browser.reports where received_at < now() - make_interval(days => $1)`, [days]);
}
