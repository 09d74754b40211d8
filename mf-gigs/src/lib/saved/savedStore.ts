/**
 * The signed-in member's saved marks, one store for every Save button of this remote (the grid, the
 * gig page, the dashboard). A member may have saved any number of gigs, so the store never loads
 * them all: each button asks about its own gig, and the questions of one render are sent together
 * (`gig_id in (…)`, the table's primary key). Toggled optimistically, put back if the database refuses.
 */
import { getSupabase, openAuthModal, sessionStore } from '@need40/shared';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Gig ids per question: keeps the URL short. */
const ASK_AT_ONCE = 100;

export interface SavedState {
  userId: string | null;
  /** The gigs known to be saved. */
  ids: ReadonlySet<string>;
  /** The gigs whose mark is known (saved or not). */
  known: ReadonlySet<string>;
  /** The last toggle that failed, for the button to say so. */
  failed: string | null;
  /** Counts the changes made here (the dashboard's saved list reads again on each). */
  version: number;
}

const empty = (userId: string | null) => ({ userId, ids: new Set<string>(), known: new Set<string>(), failed: null });
export const savedStore = createStore<SavedState>()(() => ({ ...empty(null), version: 0 }));

export const useSavedVersion = () => useStore(savedStore, (s) => s.version);

const union = (set: ReadonlySet<string>, more: Iterable<string>) => new Set([...set, ...more]);
/** Ids to ask about, and ids asked about whose answer has not come yet. */
let queued = new Set<string>();
let asking = new Set<string>();

/** Make sure the mark of `gigId` is known for `userId` (signed out: clears the marks). */
export function watchSaved(userId: string | null, gigId: string): void {
  if (savedStore.getState().userId !== userId) {
    queued = new Set();
    asking = new Set();
    savedStore.setState(empty(userId));
  }
  if (!userId || savedStore.getState().known.has(gigId) || queued.has(gigId) || asking.has(gigId)) return;
  queued.add(gigId);
  // The first question of a render schedules one read for all the buttons of that render.
  if (queued.size === 1) queueMicrotask(() => void ask(userId));
}

async function ask(userId: string): Promise<void> {
  const ids = [...queued];
  const mine = asking;
  queued = new Set();
  ids.forEach((id) => mine.add(id));
  for (let i = 0; i < ids.length; i += ASK_AT_ONCE) {
    const chunk = ids.slice(i, i + ASK_AT_ONCE);
    const { data, error } = await getSupabase().from('saved_gigs').select('gig_id').eq('user_id', userId).in('gig_id', chunk);
    if (savedStore.getState().userId !== userId) return;
    chunk.forEach((id) => mine.delete(id));
    if (error) {
      // Unknown stays unknown: the button shows Save and asks again when it is shown again.
      console.error('[mf-gigs] could not read saved gigs', error);
      continue;
    }
    // A toggle made while asking knows better than the answer.
    const fresh = chunk.filter((id) => !savedStore.getState().known.has(id));
    const saved = new Set((data ?? []).map((r) => r.gig_id));
    savedStore.setState((s) => ({ ids: union(s.ids, fresh.filter((id) => saved.has(id))), known: union(s.known, fresh) }));
  }
}

const withId = (ids: ReadonlySet<string>, id: string, on: boolean) => {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

export const SAVE_LOGIN_NOTICE = 'Log in to save gigs.';

/** Save or unsave `gigId`; signed out, open the login modal instead. */
export async function toggleSaved(gigId: string): Promise<void> {
  const userId = sessionStore.getState().user?.id ?? null;
  if (!userId) {
    openAuthModal('login', { notice: SAVE_LOGIN_NOTICE });
    return;
  }
  const wasSaved = savedStore.getState().ids.has(gigId);
  savedStore.setState((s) => ({ ids: withId(s.ids, gigId, !wasSaved), known: union(s.known, [gigId]), failed: null }));
  const table = getSupabase().from('saved_gigs');
  const { error } = wasSaved ? await table.delete().eq('gig_id', gigId) : await table.insert({ gig_id: gigId });
  // Already saved elsewhere (another tab): the mark is right as it is.
  if (error && (error as { code?: string }).code !== '23505') {
    console.error('[mf-gigs] could not change a saved gig', error);
    savedStore.setState((s) => ({ ids: withId(s.ids, gigId, wasSaved), failed: gigId }));
  }
  savedStore.setState((s) => ({ version: s.version + 1 }));
}
