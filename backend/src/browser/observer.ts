/**
 * The hook for counting browser reports elsewhere — the operations' /metrics endpoint (a
 * prom-client counter) when it exists: buildApp({ …, observeBrowserReports }) is called once per
 * accepted report or canary page load, after it is stored. Per app, no module state (tests run
 * many apps in one process). An observer that throws is logged and ignored: counting must never
 * fail a report.
 *
 * @example
 *   const reports = new Counter({ name: 'need40_browser_reports_total', help: '…', labelNames: ['type', 'remote', 'assignment'] });
 *   buildApp({ config, db, observeBrowserReports: (e) => reports.inc({ type: e.type, remote: e.remote ?? 'unknown', assignment: e.assignment ?? 'none' }) });
 */
export interface BrowserReportEvent {
  type: 'error' | 'load';
  /** For errors: error, unhandledrejection, slot-load or slot-crash. */
  kind: string | null;
  environment: string | null;
  /** The remote the error names (errors), or null. */
  remote: string | null;
  /** That remote's version and how the page got it, when known. */
  version: string | null;
  assignment: string | null;
}

export type BrowserReportObserver = (event: BrowserReportEvent) => void;
