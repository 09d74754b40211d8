/**
 * Realtime channels of the shared client, opened and closed safely from React effects.
 * realtime-js hands back the existing channel when a topic is already known, and a channel that is
 * leaving stays known until the server acknowledges the leave; a component mounted again in that
 * moment would get the dying channel. So a topic is reopened only once its previous leave is done.
 */
import type { RealtimeChannel, RealtimeChannelOptions } from '@supabase/supabase-js';
import { getSupabase } from '@need40/shared';

const leaving = new Map<string, Promise<unknown>>();

/** Open `topic`, let `setup` add its listeners and subscribe; returns the close function. */
export function openChannel(
  topic: string,
  options: RealtimeChannelOptions,
  setup: (channel: RealtimeChannel) => void,
): () => void {
  let channel: RealtimeChannel | null = null;
  let closed = false;
  const start = () => {
    if (closed) return;
    channel = getSupabase().channel(topic, options);
    setup(channel);
  };
  const pending = leaving.get(topic);
  if (pending) void pending.then(start);
  else start();
  return () => {
    closed = true;
    if (!channel) return;
    const done: Promise<unknown> = getSupabase()
      .removeChannel(channel)
      .catch(() => undefined)
      .finally(() => {
        if (leaving.get(topic) === done) leaving.delete(topic);
      });
    leaving.set(topic, done);
  };
}

/** A topic of its own for listeners that need not meet anyone on it (no broadcast, no presence). */
export function privateTopic(name: string): string {
  return `${name}:${Math.random().toString(36).slice(2, 10)}`;
}
