/**
 * Unread messages per application, one store for every badge of this remote (the dashboard's rows
 * and heading, the gig page's own-application panel). A thread that is open on the page counts as
 * read, whatever a concurrent re-read says.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { fetchUnreadCounts, fetchUnreadThreads } from '../api/messages';

interface UnreadState {
  counts: Readonly<Record<string, number>>;
  open: ReadonlySet<string>;
  /** The gig of each thread with unread messages (for a count per gig). */
  gigOf: Readonly<Record<string, string>>;
  /** The last read of all threads reached its limit: the totals are lower bounds. */
  more: boolean;
}

export const unreadStore = createStore<UnreadState>()(() => ({ counts: {}, open: new Set(), gigOf: {}, more: false }));

/**
 * Read the member's threads with unread messages, over all of their applications: those threads
 * get their counts, every other known thread counts 0.
 */
export async function refreshAllUnread(): Promise<void> {
  try {
    const { threads, more } = await fetchUnreadThreads();
    unreadStore.setState({
      counts: Object.fromEntries(threads.map((t) => [t.application_id, t.unread])),
      gigOf: Object.fromEntries(threads.map((t) => [t.application_id, t.gig_id])),
      more,
    });
  } catch (error) {
    console.error('[mf-gigs] could not read unread message counts', error);
  }
}

/** Read the counts of `ids` again (ids missing from the answer have none). */
export async function refreshUnread(ids: string[]): Promise<void> {
  try {
    const fresh = await fetchUnreadCounts(ids);
    const counts = { ...unreadStore.getState().counts };
    for (const id of ids) counts[id] = fresh[id] ?? 0;
    unreadStore.setState({ counts });
  } catch (error) {
    console.error('[mf-gigs] could not read unread message counts', error);
  }
}

export function setUnread(id: string, count: number): void {
  unreadStore.setState((s) => ({ counts: { ...s.counts, [id]: count } }));
}

/** While a thread is shown, its count is 0. */
export function setThreadOpen(id: string, open: boolean): void {
  unreadStore.setState((s) => {
    const next = new Set(s.open);
    if (open) next.add(id);
    else next.delete(id);
    return { open: next, counts: open ? { ...s.counts, [id]: 0 } : s.counts };
  });
}

export function resetUnread(): void {
  unreadStore.setState({ counts: {}, open: new Set(), gigOf: {}, more: false });
}

const countOf = (s: UnreadState, id: string) => (s.open.has(id) ? 0 : (s.counts[id] ?? 0));

export const useUnread = (id: string) => useStore(unreadStore, (s) => countOf(s, id));
const sum = (s: UnreadState, ids: string[]) => ids.reduce((total, id) => total + countOf(s, id), 0);
export const useUnreadTotal = () => useStore(unreadStore, (s) => sum(s, Object.keys(s.counts)));
/** Unread messages over one gig's applications (the poster's side). */
export const useGigUnread = (gigId: string) =>
  useStore(unreadStore, (s) => sum(s, Object.keys(s.gigOf).filter((id) => s.gigOf[id] === gigId)));
/** The last read of all threads reached its limit: every total is "at least". */
export const useUnreadMore = () => useStore(unreadStore, (s) => s.more);
