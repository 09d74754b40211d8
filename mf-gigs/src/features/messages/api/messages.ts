/**
 * A thread's reads and writes (docs/marketplace.md, messages): the two parties read the messages
 * under row-level security; sending and read markers go through the database's functions.
 */
import { getSupabase, type Database, type Tables } from '@need40/shared';
import { keysetAfter } from '@need40/ui';
import { orThrow } from '../../../lib/orThrow';

/** The database's limit on one message. */
export const MESSAGE_BODY_MAX = 2000;
/** What `unread_message_counts` accepts in one call. */
export const UNREAD_IDS_MAX = 500;
/** Messages per page of a thread: the newest first, earlier ones on request. */
export const THREAD_PAGE = 50;

/** A message of a thread (a row of public.application_messages; a live one carries its application_id too). */
export type Message = Pick<Tables<'application_messages'>, 'id' | 'sender_id' | 'body' | 'created_at'> &
  /** A file sent with the message (attachments bucket): its path, name, type and size. */
  Partial<Pick<Tables<'application_messages'>, 'attachment_path' | 'attachment_name' | 'attachment_type' | 'attachment_size'>> & { application_id?: string };

const MESSAGE_COLUMNS = 'id, sender_id, body, created_at, attachment_path, attachment_name, attachment_type, attachment_size';

/**
 * The newest THREAD_PAGE + 1 messages written before `before` (null: the newest of all), oldest
 * first. The extra, oldest one only says that earlier messages exist. Keyset on (created_at, id)
 * over the thread's (application_id, created_at) index.
 */
export async function fetchThread(applicationId: string, before: Message | null = null): Promise<Message[]> {
  let query = getSupabase().from('application_messages').select(MESSAGE_COLUMNS).eq('application_id', applicationId);
  if (before) {
    const earlier = keysetAfter(before.created_at, 'id', before.id, 'desc');
    query = query.lte('created_at', earlier.lte).or(earlier.or);
  }
  const rows: Message[] = orThrow(await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(THREAD_PAGE + 1));
  return rows.reverse();
}

/**
 * Send text, a file already uploaded to the thread (its path), or both. `id` is chosen once per
 * send and kept for its retries: the database answers a repeat with the message written the
 * first time, so a retry never posts twice. `signal` aborts the request (Retry, Cancel).
 */
export async function sendMessage(applicationId: string, body: string, attachmentPath: string | null, id: string, signal?: AbortSignal): Promise<Message> {
  const args = { p_application_id: applicationId, p_body: body, p_id: id, ...(attachmentPath ? { p_attachment_path: attachmentPath } : {}) };
  const call = getSupabase().rpc('send_message', args);
  return orThrow(await (signal ? call.abortSignal(signal) : call));
}

export async function markThreadRead(applicationId: string): Promise<void> {
  orThrow(await getSupabase().rpc('mark_thread_read', { p_application_id: applicationId }));
}

/** Unread messages per given application (absent = none), at most UNREAD_IDS_MAX ids: one thread's badge. */
export async function fetchUnreadCounts(applicationIds: string[]): Promise<Record<string, number>> {
  const ids = applicationIds.slice(0, UNREAD_IDS_MAX);
  if (ids.length === 0) return {};
  const rows = orThrow(await getSupabase().rpc('unread_message_counts', { p_application_ids: ids }));
  return Object.fromEntries(rows.map((r) => [r.application_id, Number(r.unread)]));
}

/** Threads with unread messages read at once (the database allows 1 to 1000). */
export const UNREAD_THREADS_MAX = 500;

/** A row of `my_unread_threads()`: application_id, gig_id, unread. */
export type UnreadThread = Database['public']['Functions']['my_unread_threads']['Returns'][number];

/**
 * The member's threads with unread messages over ALL of their applications on either side, newest
 * unread first (`my_unread_threads`). `more`: the limit was reached, so other threads may have
 * unread messages too.
 */
export async function fetchUnreadThreads(): Promise<{ threads: UnreadThread[]; more: boolean }> {
  const rows = orThrow(await getSupabase().rpc('my_unread_threads', { p_limit: UNREAD_THREADS_MAX }));
  return { threads: rows.map((r) => ({ ...r, unread: Number(r.unread) })), more: rows.length >= UNREAD_THREADS_MAX };
}
