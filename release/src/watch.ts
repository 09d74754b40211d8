/**
 * The automatic rollback (`pnpm release:watch`): for each remote running a canary, read the
 * browser errors and page loads counted for that canary version (the backend's
 * /browser/v1/release-stats, fed by the shell's error reporter) and, when errors over loads
 * crosses the threshold with enough loads to judge, drop the canary through the one writer.
 *
 * Safe by construction: the decision names the canary version it judged, and the change is a
 * compare-and-swap of the registry it read; when someone promoted, resized or replaced the canary
 * in between, rollbackCanary refuses (RefusedChange) instead of rolling back a version nobody
 * judged. Two watchers at once are harmless for the same reason. The reason, with the figures,
 * is written to the history.
 */
import { RefusedChange, rollbackCanary } from './mutations';
import type { ReleaseStore } from './store/types';
import { updateRegistry } from './writer';

export interface CanaryStats {
  loads: number;
  errors: number;
}

export interface WatchPolicy {
  /** Errors per page load above which a canary is rolled back (0.05: one report per 20 loads). */
  threshold: number;
  /** Fewer loads than this are not enough to judge (unless the errors alone already exceed threshold × minLoads). */
  minLoads: number;
}

export const DEFAULT_POLICY: WatchPolicy = { threshold: 0.05, minLoads: 20 };

export interface Verdict {
  rollback: boolean;
  reason: string;
}

export function judgeCanary({ loads, errors }: CanaryStats, { threshold, minLoads }: WatchPolicy): Verdict {
  const rate = loads > 0 ? errors / loads : errors > 0 ? Infinity : 0;
  const figures = `${errors} browser error report(s) over ${loads} page load(s) of the canary (${Number.isFinite(rate) ? `${(rate * 100).toFixed(1)}%` : 'no loads counted'}; threshold ${(threshold * 100).toFixed(1)}%, at least ${minLoads} loads)`;
  // Enough loads to judge, or so many errors that no amount of clean loads still to come could save it.
  const judged = loads >= minLoads || errors > threshold * minLoads;
  return { rollback: judged && rate > threshold, reason: figures };
}

export type StatsReader = (environment: string, remote: string, version: string) => Promise<CanaryStats>;

export interface WatchAction {
  remote: string;
  version: string;
  verdict: Verdict;
  outcome: 'kept' | 'rolled-back' | 'changed-meanwhile' | 'stats-unavailable';
}

/** One look at every canary of `environment`; rolls back the ones over the threshold. */
export async function watchOnce(store: ReleaseStore, environment: string, readStats: StatsReader, policy: WatchPolicy = DEFAULT_POLICY, actor = 'release:watch'): Promise<WatchAction[]> {
  const { doc } = await store.readRegistry(environment);
  const actions: WatchAction[] = [];
  for (const [remote, entry] of Object.entries(doc.remotes)) {
    if (!entry.canary) continue;
    const version = entry.canary.version;
    let stats: CanaryStats;
    try {
      stats = await readStats(environment, remote, version);
    } catch (error) {
      actions.push({ remote, version, verdict: { rollback: false, reason: String(error) }, outcome: 'stats-unavailable' });
      continue;
    }
    const verdict = judgeCanary(stats, policy);
    if (!verdict.rollback) {
      actions.push({ remote, version, verdict, outcome: 'kept' });
      continue;
    }
    try {
      await updateRegistry(store, environment, (d) => rollbackCanary(d, remote, version), { actor, reason: `automatic rollback: ${verdict.reason}` });
      actions.push({ remote, version, verdict, outcome: 'rolled-back' });
    } catch (error) {
      if (!(error instanceof RefusedChange)) throw error;
      actions.push({ remote, version, verdict, outcome: 'changed-meanwhile' });
    }
  }
  return actions;
}

/** The backend's counts for one canary version (service-role key: the figures are not public). */
export function backendStats(backendUrl: string, serviceKey: string): StatsReader {
  return async (environment, remote, version) => {
    const url = new URL('/browser/v1/release-stats', backendUrl);
    url.search = new URLSearchParams({ environment, remote, version, assignment: 'canary' }).toString();
    const res = await fetch(url, { headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`${url.pathname} answered ${res.status}`);
    const body = (await res.json()) as { loads?: unknown; errors?: unknown };
    return { loads: Number(body.loads) || 0, errors: Number(body.errors) || 0 };
  };
}
