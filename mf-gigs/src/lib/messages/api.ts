/**
 * A thread's reads and writes (docs/marketplace.md, messages): the two parties read the messages
 * under row-level security; sending and read markers go through the database's functions.
 */
import { getSupabase } from '@need40/shared';
import { keysetAfter } from '@need40/ui';
import { orThrow } from '../marketErrors';

/** The database's limit on one message. */
export const MESSAGE_BODY_MAX = 2000;
/** What `unread_message_counts` accepts in one call. */
export const UNREAD_IDS_MAX = 500;
/** Messages per page of a thread: the newest first, earlier ones on request. */
export const THREAD_PAGE = 50;

export interface Message {
  id: string;
  application_id?: string;
  sender_id: string;
  body: string;
  created_at: string;
}

/**
 * The newest THREAD_PAGE + 1 messages written before `before` (null: the newest of all), oldest
 * first. The extra, oldest one only says that earlier messages exist. Keyset on (created_at, id)
 * over the thread's (application_id, created_at) index.
 */
export async function fetchThread(applicationId: string, before: Message | null = null): Promise<Message[]> {
  let query = getSupabase().from('application_messages').select('id, sender_id, body, created_at').eq('application_id', applicationId);
  if (before) {
    const earlier = keysetAfter(before.created_at, 'id', before.id, 'desc');
    query = query.lte('created_at', earlier.lte).or(earlier.or);
  }
  const rows = orThrow(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(THREAD_PAGE + 1)) as Message[];
  return rows.reverse();
}

export async function sendMessage(applicationId: string, body: string): Promise<Message> {
  return orThrow(await getSupabase().rpc('send_message', { p_application_id: applicationId, p_body: body }).single<Message>());
}

export async function markThreadRead(applicationId: string): Promise<void> {
  orThrow(await getSupabase().rpc('mark_thread_read', { p_application_id: applicationId }));
}

/** Unread messages per given application (absent = none), at most UNREAD_IDS_MAX ids: one thread's badge. */
export async function fetchUnreadCounts(applicationIds: string[]): Promise<Record<string, number>> {
  const ids = applicationIds.slice(0, UNREAD_IDS_MAX);
  if (ids.length === 0) return {};
  const rows = orThrow(await getSupabase().rpc('unread_message_counts', { p_application_ids: ids })) as { application_id: string; unread: number | string }[];
  return Object.fromEntries(rows.map((r) => [r.application_id, Number(r.unread)]));
}

/** Threads with unread messages read at once (the database allows 1 to 1000). */
export const UNREAD_THREADS_MAX = 500;

export interface UnreadThread {
  application_id: string;
  gig_id: string;
  unread: number;
}

/**
 * The member's threads with unread messages over ALL of their applications on either side, newest
 * unread first (`my_unread_threads`). `more`: the limit was reached, so other threads may have
 * unread messages too.
 */
export async function fetchUnreadThreads(): Promise<{ threads: UnreadThread[]; more: boolean }> {
  const rows = orThrow(await getSupabase().rpc('my_unread_threads', { p_limit: UNREAD_THREADS_MAX })) as { application_id: string; gig_id: string; unread: number | string }[];
  return { threads: rows.map((r) => ({ ...r, unread: Number(r.unread) })), more: rows.length >= UNREAD_THREADS_MAX };
}
