import { useCallback, useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/supabase-js';
import type { Message } from '../api/messages';
import { openChannel } from '../../../lib/live/channel';

/** How long "typing…" stays after the last signal, and how often the composer sends one. */
export const TYPING_SHOWN_MS = 4000;
export const TYPING_EVERY_MS = 2000;

interface Handlers {
  /** A message was inserted in this thread (by either party). */
  onMessage: (message: Message) => void;
  /** The channel is (again) subscribed: whatever the view shows must be read again. */
  onSubscribed: () => void;
}

/**
 * The thread's live channel, shared by its two parties (topic `thread:<application id>`): new
 * messages (postgres_changes, delivered only to the parties by row-level security), "typing…"
 * (broadcast) and "online" (presence, keyed by member). A private channel: policies on
 * realtime.messages let only the two parties join it, read it and write to it (the app's
 * migration `thread_channels_private`). Nothing is opened without a member.
 */
export function useThreadLive(applicationId: string, userId: string | null, handlers: Handlers) {
  const [typing, setTyping] = useState(false);
  const [online, setOnline] = useState(false);
  const channelRef = useRef<RealtimeChannel | null>(null);
  const lastSent = useRef(0);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!userId) return undefined;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const close = openChannel(
      `thread:${applicationId}`,
      { config: { private: true, presence: { key: userId }, broadcast: { self: false } } },
      (channel) => {
        channel
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'application_messages', filter: `application_id=eq.${applicationId}` }, (change) => {
            const message = change.new as Message;
            if (message.sender_id !== userId) setTyping(false);
            latest.current.onMessage(message);
          })
          .on('broadcast', { event: 'typing' }, ({ payload }) => {
            if ((payload as { user_id?: string } | undefined)?.user_id === userId) return;
            setTyping(true);
            clearTimeout(typingTimer);
            typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
          })
          .on('presence', { event: 'sync' }, () => {
            setOnline(Object.keys(channel.presenceState()).some((key) => key !== userId));
          })
          .subscribe((status) => {
            // Broadcasts go out only on a joined channel (else realtime-js would fall back to a
            // REST endpoint this backend does not have).
            channelRef.current = status === 'SUBSCRIBED' ? channel : null;
            if (status !== 'SUBSCRIBED') return;
            void channel.track({ user_id: userId });
            latest.current.onSubscribed();
          });
      },
    );
    return () => {
      clearTimeout(typingTimer);
      channelRef.current = null;
      setTyping(false);
      setOnline(false);
      close();
    };
  }, [applicationId, userId]);

  /** Tell the other party this member is typing (at most every TYPING_EVERY_MS). */
  const sendTyping = useCallback(() => {
    const now = Date.now();
    if (!channelRef.current || now - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = now;
    void channelRef.current.send({ type: 'broadcast', event: 'typing', payload: { user_id: userId } });
  }, [userId]);

  /** A message went out: the next keystroke starts a new burst and is signalled at once. */
  const typingDone = useCallback(() => {
    lastSent.current = 0;
  }, []);

  return { typing, online, sendTyping, typingDone };
}
