import { useSession } from '@need40/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { watchGigs } from '../../../lib/live/watchGigs';
import { matchesFilters } from '../lib/matchesFilters';
import type { GigFilters } from '../types';

export interface LiveGigs {
  /** Ids of gigs posted by others since the last read that pass the filters, newest first. */
  fresh: string[];
  /** Shown gigs that were filled or closed meanwhile, by id → their new status. */
  ended: Record<string, string>;
  /** Shown gigs the team hid meanwhile: their cards leave the grid at once. */
  gone: string[];
  /** Forget all three (after a re-read, which brings the fresh gigs in and drops the ended ones). */
  clear(): void;
}

interface Collected {
  key: string;
  fresh: string[];
  ended: Record<string, string>;
}

const NONE: string[] = [];
const NO_ENDED: Record<string, string> = {};

/**
 * Gigs that change while the grid is open, collected instead of applied so the grid never moves
 * under the reader's eyes. The reader's own new gigs are left out: posting one re-reads the grid
 * already. After a lost connection `onRejoined` asks for a re-read. A gig the team hides is the
 * exception: it leaves the grid at once (a scam should not stay one click away).
 */
export function useLiveGigs(filters: GigFilters, onRejoined: () => void): LiveGigs {
  const filterKey = JSON.stringify(filters);
  // What arrived, for the filters it was collected under: new filters mean a new read, which
  // includes whatever was pending, so another key reads as nothing pending.
  const [live, setLive] = useState<Collected>({ key: filterKey, fresh: [], ended: {} });
  // Hidden gigs are gone whatever the filters, so they are kept apart from what the filters key.
  const [gone, setGone] = useState<string[]>(NONE);
  const userId = useSession((s) => s.user?.id ?? null);
  // The subscription lives as long as the grid; its handlers read the current values.
  const current = useRef({ filters, filterKey, userId, onRejoined });
  useEffect(() => {
    current.current = { filters, filterKey, userId, onRejoined };
  });

  const clear = useCallback(() => {
    setLive((l) => ({ key: l.key, fresh: [], ended: {} }));
    setGone(NONE);
  }, []);

  useEffect(
    () =>
      watchGigs('need40-latest-gigs', {
        onChange({ event, row }) {
          const id = typeof row.id === 'string' ? row.id : null;
          if (!id) return;
          const { filters: f, filterKey: key, userId: me } = current.current;
          const base = (l: Collected): Collected => (l.key === key ? l : { key, fresh: [], ended: {} });
          if (event === 'INSERT' && row.status === 'active' && row.user_id !== me && matchesFilters(row, f)) {
            setLive((l) => {
              const b = base(l);
              return b.fresh.includes(id) ? b : { ...b, fresh: [id, ...b.fresh] };
            });
          } else if (event === 'UPDATE' && typeof row.status === 'string' && row.status !== 'active') {
            const status = row.status;
            setLive((l) => {
              const b = base(l);
              return { key, fresh: b.fresh.filter((x) => x !== id), ended: { ...b.ended, [id]: status } };
            });
          }
        },
        onRejoined: () => current.current.onRejoined(),
        onTakedown(id) {
          setGone((g) => (g.includes(id) ? g : [...g, id]));
          setLive((l) => (l.fresh.includes(id) ? { ...l, fresh: l.fresh.filter((x) => x !== id) } : l));
        },
      }),
    [],
  );

  const mine = live.key === filterKey;
  return { fresh: mine ? live.fresh : NONE, ended: mine ? live.ended : NO_ENDED, gone, clear };
}
