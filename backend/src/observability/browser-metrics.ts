/**
 * Browser reports in the metrics (the observer of browser/observer.ts):
 *   need40_browser_reports_total{type, kind, remote, version, assignment}
 * type `error` (kind: error, unhandledrejection, slot-load, slot-crash) or `load` (a canary page
 * load), the remote and the version it ran, and how the page got it (assignment). Values are
 * already validated by /browser/v1; here they are only bounded further (an unexpected value counts
 * as `other`), so a client cannot grow the number of series at will.
 */
import type { BrowserReportEvent, BrowserReportObserver } from '../browser/observer';
import type { Metrics } from './metrics';

const WORD = /^[a-z0-9][a-z0-9._-]{0,63}$/i;
const label = (value: string | null) => (value === null ? 'none' : WORD.test(value) ? value : 'other');

export function browserReportCounter(metrics: Metrics): BrowserReportObserver {
  const reports = metrics.counter({
    name: 'need40_browser_reports_total',
    help: 'Browser reports accepted by /browser/v1: errors (by kind) and canary page loads, by remote, version and assignment.',
    labelNames: ['type', 'kind', 'remote', 'version', 'assignment'],
  });
  return (e: BrowserReportEvent) =>
    reports.inc({ type: e.type, kind: label(e.kind), remote: label(e.remote), version: label(e.version), assignment: label(e.assignment) });
}
