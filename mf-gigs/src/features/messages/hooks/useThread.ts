import { useCallback, useEffect, useRef, useState } from 'react';
import { FILE_BUCKETS } from '@need40/shared';
import { fetchThread, markThreadRead, sendMessage, THREAD_PAGE, type Message } from '../api/messages';
import { uploadAttachment } from '../../../lib/attachments/attachments';
import { setThreadOpen } from '../stores/unreadStore';
import { useThreadLive } from './useThreadLive';

export interface ThreadReady {
  status: 'ready';
  messages: Message[];
  /** Messages older than the first one shown exist. */
  hasEarlier: boolean;
  /** The page of earlier messages: being read, or it failed. */
  earlier: 'idle' | 'loading' | 'error';
  /** How many earlier messages the last "Load earlier messages" added. */
  addedEarlier: number | null;
}
export type ThreadState = { status: 'loading' } | { status: 'error' } | ThreadReady;

/** Add messages not shown yet, in time order (a sent message can also arrive live). */
function merge(shown: Message[], more: Message[]): Message[] {
  const ids = new Set(shown.map((m) => m.id));
  const added = more.filter((m) => !ids.has(m.id));
  if (added.length === 0) return shown;
  return [...shown, ...added].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** A page as read (one extra, oldest message when earlier ones exist): the messages and whether more exist. */
const split = (page: Message[]) => ({ page: page.length > THREAD_PAGE ? page.slice(1) : page, more: page.length > THREAD_PAGE });

function markRead(applicationId: string) {
  markThreadRead(applicationId).catch((error: unknown) => console.error('[mf-gigs] could not mark the thread read', error));
}

/**
 * One application's thread while it is shown: the messages (read again on every (re)subscription,
 * so nothing sent during a disconnect is missed), new ones live, marked read when shown and when
 * one arrives, sending, typing and presence.
 */
export function useThread(applicationId: string, userId: string | null) {
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [incoming, setIncoming] = useState<Message | null>(null);

  useEffect(() => {
    setThreadOpen(applicationId, true);
    return () => setThreadOpen(applicationId, false);
  }, [applicationId]);

  useEffect(() => {
    let current = true;
    fetchThread(applicationId).then(
      (read) => {
        if (!current) return;
        const { page, more } = split(read);
        // Read again (a resubscription): keep what is shown, earlier pages included.
        setState((s) =>
          s.status === 'ready' ? { ...s, messages: merge(s.messages, page) } : { status: 'ready', messages: page, hasEarlier: more, earlier: 'idle', addedEarlier: null },
        );
        markRead(applicationId);
      },
      (error: unknown) => {
        console.error('[mf-gigs] could not load the thread', error);
        if (current) setState((s) => (s.status === 'ready' ? s : { status: 'error' }));
      },
    );
    return () => {
      current = false;
    };
  }, [applicationId, generation]);

  const add = useCallback((message: Message) => {
    setState((s) => (s.status === 'ready' ? { ...s, messages: merge(s.messages, [message]) } : s));
  }, []);

  const loadEarlier = useCallback(() => {
    if (state.status !== 'ready' || !state.hasEarlier || state.earlier === 'loading') return;
    const oldest = state.messages[0] ?? null;
    setState((s) => (s.status === 'ready' ? { ...s, earlier: 'loading' } : s));
    fetchThread(applicationId, oldest).then(
      (read) => {
        const { page, more } = split(read);
        setState((s) => (s.status === 'ready' ? { ...s, messages: merge(s.messages, page), hasEarlier: more, earlier: 'idle', addedEarlier: page.length } : s));
      },
      (error: unknown) => {
        console.error('[mf-gigs] could not load earlier messages', error);
        setState((s) => (s.status === 'ready' ? { ...s, earlier: 'error' } : s));
      },
    );
  }, [applicationId, state]);

  const live = useThreadLive(applicationId, userId, {
    onMessage: (message) => {
      add(message);
      if (message.sender_id !== userId) {
        setIncoming(message);
        markRead(applicationId);
      }
    },
    onSubscribed: () => setGeneration((g) => g + 1),
  });

  const { typingDone, ...presence } = live;
  // A send's uploaded file, by the send's id: its retries name the same file instead of uploading it
  // again. A retry that started before the first upload answered uploads to the same key (the
  // send's id names it) and finds it there: one object either way.
  const uploaded = useRef(new Map<string, string>());
  const send = useCallback(
    async (body: string, file: File | null, id: string, signal?: AbortSignal) => {
      // The file goes first (to the thread's folder the two parties can read), then the message naming it.
      let path = uploaded.current.get(id) ?? null;
      if (file && userId && !path) {
        path = await uploadAttachment(applicationId, userId, file, FILE_BUCKETS.attachments, id);
        uploaded.current.set(id, path);
      }
      add(await sendMessage(applicationId, body, path, id, signal));
      uploaded.current.delete(id);
      typingDone();
    },
    [add, applicationId, userId, typingDone],
  );
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);

  return { state, send, retry, loadEarlier, incoming, ...presence };
}
