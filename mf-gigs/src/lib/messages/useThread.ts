import { useCallback, useEffect, useState } from 'react';
import { fetchThread, markThreadRead, sendMessage, type Message } from './api';
import { setThreadOpen } from './unreadStore';
import { useThreadLive } from './useThreadLive';

export type ThreadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; messages: Message[] };

/** Add messages not shown yet, in time order (a sent message can also arrive live). */
function merge(shown: Message[], more: Message[]): Message[] {
  const ids = new Set(shown.map((m) => m.id));
  const added = more.filter((m) => !ids.has(m.id));
  if (added.length === 0) return shown;
  return [...shown, ...added].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

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
      (messages) => {
        if (!current) return;
        setState((s) => ({ status: 'ready', messages: s.status === 'ready' ? merge(messages, s.messages) : messages }));
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
    setState((s) => (s.status === 'ready' ? { status: 'ready', messages: merge(s.messages, [message]) } : s));
  }, []);

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
  const send = useCallback(
    async (body: string) => {
      add(await sendMessage(applicationId, body));
      typingDone();
    },
    [add, applicationId, typingDone],
  );
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((g) => g + 1);
  }, []);

  return { state, send, retry, incoming, ...presence };
}
