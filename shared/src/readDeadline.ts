/**
 * How long the page waits for a read of `/rest/v1` (a list, a gig, the connection check) before it
 * gives up and says so, with Try again. Writes are never cut short here: an aborted write may
 * still commit, so the person decides (the remotes' slow notice offers Retry or Cancel).
 */
export const READ_DEADLINE_MS = 4_500;

const READS = new Set(['GET', 'HEAD']);

/**
 * `fetch` with a deadline on REST reads. It rejects with a TypeError worded like the browser's own
 * "Failed to fetch", so every caller treats a backend that hangs like one that is down (the
 * remotes' one failure-text rule words both as "can't reach Need40").
 *
 * Paired with `db.retry: false` in the client: supabase-js otherwise retries a failed read three
 * times, 1 + 2 + 4 s apart, which kept "Loading…" on screen for 8–9 s with the backend down.
 */
export function withReadDeadline(base: typeof fetch, deadlineMs: number = READ_DEADLINE_MS): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!READS.has(method) || !url.includes('/rest/v1/')) return base(input, init);
    const controller = new AbortController();
    const outer = init?.signal;
    const onAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) onAbort();
    else outer?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deadlineMs);
    return base(input, { ...init, signal: controller.signal })
      .catch((error: unknown) => {
        throw timedOut ? new TypeError(`Failed to fetch: no answer within ${deadlineMs} ms`) : error;
      })
      .finally(() => {
        clearTimeout(timer);
        outer?.removeEventListener('abort', onAbort);
      });
  };
}
