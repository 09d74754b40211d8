import { useEffect, useRef } from 'react';
import { openChannel, privateTopic } from './channel';

/** One postgres_changes binding: a published table, the events, an optional Realtime filter. */
export interface RowBinding {
  table: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  filter?: string;
}

/**
 * Calls `onChange` when a row of the bindings changes, and again after every rejoin (changes made
 * while the connection was lost were not delivered, so whoever shows the rows reads them again).
 * Row-level security decides which changes reach this member. `key` names what is watched: a new
 * key opens a new channel; null watches nothing. Live updates are an extra: a channel that cannot
 * join only logs, the page still works by reading.
 */
export function useRowChanges(key: string | null, bindings: RowBinding[], onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const spec = JSON.stringify(bindings);

  useEffect(() => {
    if (!key) return undefined;
    let joined = false;
    return openChannel(privateTopic(`live:${key}`), { config: {} }, (channel) => {
      for (const b of JSON.parse(spec) as RowBinding[]) {
        channel.on('postgres_changes', { event: b.event as '*', schema: 'public', table: b.table, ...(b.filter ? { filter: b.filter } : {}) }, () => latest.current());
      }
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') {
          if (joined) latest.current();
          joined = true;
        } else if (status === 'CHANNEL_ERROR') {
          console.warn(`[mf-gigs] live updates (${key}) unavailable`, error);
        }
      });
    });
  }, [key, spec]);
}
