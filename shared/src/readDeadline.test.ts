import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { resetRuntimeConfig, setRuntimeConfig } from './config';
import { READ_DEADLINE_MS } from './readDeadline';
import { getSupabase, resetSupabase, setRealtimeTransport } from './supabase';

/** A backend that takes every request and never answers (until the request is aborted). */
function hangingBackend() {
  return vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }),
  );
}

function client() {
  setRealtimeTransport(WebSocket);
  setRuntimeConfig({ supabaseUrl: 'http://api.example.test' });
  return getSupabase();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSupabase();
  resetRuntimeConfig();
});

describe('reads give up in time', () => {
  it('a read the backend never answers fails as "no answer" after the deadline, without retries', async () => {
    vi.useFakeTimers();
    const fetch = hangingBackend();
    vi.stubGlobal('fetch', fetch);
    const read = client().from('gigs').select('id');
    const settled = read.then((r) => r);
    await vi.advanceTimersByTimeAsync(READ_DEADLINE_MS + 10);
    const { error, status } = await settled;
    expect(status).toBe(0);
    expect(error?.message).toMatch(/failed to fetch/i);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a backend that refuses the connection is reported at once, not after 7 s of retries', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    const { error } = await client().from('gigs').select('id');
    expect(error?.message).toMatch(/failed to fetch/i);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('a write is never cut short by the read deadline', async () => {
    vi.useFakeTimers();
    const fetch = hangingBackend();
    vi.stubGlobal('fetch', fetch);
    let done = false;
    void client()
      .rpc('mark_notifications_read', {} as never)
      .then(() => (done = true));
    await vi.advanceTimersByTimeAsync(READ_DEADLINE_MS * 3);
    expect(done).toBe(false);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.signal?.aborted ?? false).toBe(false);
  });
});
