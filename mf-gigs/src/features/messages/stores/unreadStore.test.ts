import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchUnreadCounts, fetchUnreadThreads } from '../api/messages';
import { refreshAllUnread, refreshUnread, resetUnread, setThreadOpen, unreadStore } from './unreadStore';

vi.mock('../api/messages', async (original) => ({ ...(await original<object>()), fetchUnreadThreads: vi.fn(), fetchUnreadCounts: vi.fn() }));

const threads = vi.mocked(fetchUnreadThreads);
const counts = vi.mocked(fetchUnreadCounts);
const state = () => {
  const s = unreadStore.getState();
  return { counts: s.counts, gigOf: s.gigOf, more: s.more };
};

beforeEach(() => {
  vi.clearAllMocks();
  resetUnread();
});

describe('the unread store', () => {
  it('takes the counts and gigs of every thread with unread messages, and drops the threads read since', async () => {
    threads.mockResolvedValueOnce({ threads: [{ application_id: 'a1', gig_id: 'g1', unread: 2 }, { application_id: 'a2', gig_id: 'g1', unread: 1 }], more: false });
    await refreshAllUnread();
    expect(state()).toEqual({ counts: { a1: 2, a2: 1 }, gigOf: { a1: 'g1', a2: 'g1' }, more: false });
    threads.mockResolvedValueOnce({ threads: [{ application_id: 'a2', gig_id: 'g1', unread: 3 }], more: true });
    await refreshAllUnread();
    expect(state()).toEqual({ counts: { a2: 3 }, gigOf: { a2: 'g1' }, more: true });
  });

  it('keeps what it knew when a read fails, and says why in the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    threads.mockResolvedValueOnce({ threads: [{ application_id: 'a1', gig_id: 'g1', unread: 2 }], more: false });
    await refreshAllUnread();
    threads.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await refreshAllUnread();
    expect(logged).toHaveBeenCalledWith('[mf-gigs] could not read unread message counts', expect.any(TypeError));
    expect(state().counts).toEqual({ a1: 2 });
  });

  it("reads one thread's count by itself, and an open thread counts 0", async () => {
    counts.mockResolvedValueOnce({ a5: 4 });
    await refreshUnread(['a5', 'a6']);
    expect(counts).toHaveBeenCalledWith(['a5', 'a6']);
    expect(state().counts).toEqual({ a5: 4, a6: 0 });
    setThreadOpen('a5', true);
    expect(state().counts).toEqual({ a5: 0, a6: 0 });
  });
});
