/**
 * Browser reports in the metrics (the observer of browser/observer.ts):
 *   need40_browser_reports_total{type, kind, remote, version, assignment}
 * type `error` (kind: error, unhandledrejection, slot-load, slot-crash) or `load` (a canary page
 * load), the remote and the version it ran, and how the page got it (assignment). Values are
 * already validated by /browser/v1, but any client may send any remote and version: so a value of
 * an unexpected shape counts as `other`, and past MAX_SERIES distinct (remote, version, assignment)
 * the new ones count as `other` too — a client cannot grow the number of series (the memory of
 * the process and of Prometheus) at will. A handful of versions per remote is what a real site has.
 */
import type { BrowserReportEvent, BrowserReportObserver } from '../browser/observer';
import type { Metrics } from './metrics';

// A remote's name or a version (`0.2.0+0b1c2d3e4f`), an assignment.
const WORD = /^[a-z0-9][a-z0-9._+-]{0,79}$/i;
const label = (value: string | null) => (value === null ? 'none' : WORD.test(value) ? value : 'other');
export const MAX_SERIES = 200;

export function browserReportCounter(metrics: Metrics): BrowserReportObserver {
  const reports = metrics.counter({
    name: 'need40_browser_reports_total',
    help: 'Browser reports accepted by /browser/v1: errors (by kind) and canary page loads, by remote, version and assignment.',
    labelNames: ['type', 'kind', 'remote', 'version', 'assignment'],
  });
  const seen = new Set<string>();
  return (e: BrowserReportEvent) => {
    let where = { remote: label(e.remote), version: label(e.version), assignment: label(e.assignment) };
    const key = `${where.remote} ${where.version} ${where.assignment}`;
    if (!seen.has(key)) {
      if (seen.size < MAX_SERIES) seen.add(key);
      else where = { remote: 'other', version: 'other', assignment: 'other' };
    }
    reports.inc({ type: e.type, kind: label(e.kind), ...where });
  };
}
