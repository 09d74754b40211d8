/**
 * Browser error reports, with the versions this page runs (release-state.ts), sent to the
 * backend's `/browser/v1/errors`: uncaught errors, unhandled promise rejections, and each slot that
 * failed to load or crashed (RemoteSlot), with the remote's name. While a remote runs a canary
 * version, the page also counts itself once at `/browser/v1/loads`: the automatic rollback divides
 * a canary's errors by its page loads (docs/releasing.md).
 *
 * Bounded on the page's side as the endpoint is on its own: at most MAX_REPORTS per page, the same
 * error once, each field cut to the endpoint's limits; a 4xx (no such endpoint, too many reports)
 * stops the reporting for the rest of the page. Sent as text/plain with keepalive: a simple CORS
 * request (no preflight) that survives the page being closed. Never throws.
 */
import { getReleaseState } from './release-state';
import { REMOTE_NAMES } from '../federation/remotes-config';

export type ReportKind = 'error' | 'unhandledrejection' | 'slot-load' | 'slot-crash';
const MAX_REPORTS = 20;

let endpoint: string | null = null;
let sent = 0;
const seen = new Set<string>();

const cut = (text: unknown, max: number): string | null => (typeof text === 'string' && text ? text.slice(0, max) : null);

/** The remote a script URL belongs to, from the page's release state (`/releases/<remote>/…`) or its origin. */
function remoteOfUrl(url: string | null): string | null {
  if (!url) return null;
  const released = /\/releases\/([a-z][a-z0-9_-]*)\//.exec(url)?.[1];
  if (released && REMOTE_NAMES.includes(released)) return released;
  return null;
}

function release() {
  const { environment, revision, remotes } = getReleaseState();
  return { environment, revision, versions: remotes };
}

function post(path: 'errors' | 'loads', body: unknown): void {
  if (!endpoint) return;
  const url = `${endpoint}/${path}`;
  try {
    void fetch(url, { method: 'POST', body: JSON.stringify(body), keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'text/plain;charset=UTF-8' } })
      .then((res) => {
        if (res.status >= 400 && res.status < 500) endpoint = null;
      })
      .catch(() => undefined);
  } catch {
    /* a browser without keepalive fetch: no report */
  }
}

/** Send one report (deduplicated, at most MAX_REPORTS per page). */
export function reportError(kind: ReportKind, error: unknown, context: { remote?: string | null; source?: string | null } = {}): void {
  if (!endpoint || sent >= MAX_REPORTS) return;
  const message = cut(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 1000) ?? 'unknown error';
  const stack = cut(error instanceof Error ? error.stack : null, 8000);
  const remote = context.remote ?? remoteOfUrl(context.source ?? null) ?? remoteOfUrl(stack);
  const key = `${kind}|${remote}|${message}`;
  if (seen.has(key)) return;
  seen.add(key);
  sent += 1;
  const page = `${location.origin}${location.pathname}${location.hash}`.slice(0, 500);
  post('errors', { kind, message, stack, source: cut(context.source, 500), remote, page, release: release() });
}

/** For RemoteSlot: a remote that could not be loaded, or crashed while rendering. */
export function reportSlotFailure(remote: string, kind: 'slot-load' | 'slot-crash', error: unknown): void {
  reportError(kind, error, { remote });
}

/**
 * Start listening (once, at start). `backendUrl` is the Supabase-compatible backend of
 * config.json; the endpoints are the platform's own (a hosted Supabase has none: the first 404
 * stops the reporting).
 */
export function startErrorReporting(backendUrl: string): void {
  if (endpoint !== null || typeof window === 'undefined') return;
  endpoint = `${backendUrl.replace(/\/+$/, '')}/browser/v1`;
  window.addEventListener('error', (event) => {
    if (!(event instanceof ErrorEvent)) return; // a resource that failed to load, not a script error
    const source = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : null;
    reportError('error', event.error ?? event.message, { source });
  });
  window.addEventListener('unhandledrejection', (event) => reportError('unhandledrejection', event.reason));
  const { environment, remotes } = getReleaseState();
  if (environment && Object.values(remotes).some((r) => r.assignment === 'canary')) post('loads', { release: release() });
}

/** Tests only: forget the endpoint and what was sent. */
export function resetErrorReporting(): void {
  endpoint = null;
  sent = 0;
  seen.clear();
}
