/**
 * The signed-in member's saved gigs, one store for every Save button of this remote (the grid, the
 * gig page, the dashboard). Loaded once per member (ids only, bounded), toggled optimistically and
 * put back if the database refuses.
 */
import { getSupabase, openAuthModal, sessionStore } from '@need40/shared';
import { createStore } from 'zustand/vanilla';
import { orThrow } from '../marketErrors';

/** Enough for any real list; the dashboard reads the saved gigs themselves page by page. */
const MAX_SAVED_IDS = 1000;

export interface SavedState {
  userId: string | null;
  ids: ReadonlySet<string>;
  /** The last toggle that failed, for the button to say so. */
  failed: string | null;
}

export const savedStore = createStore<SavedState>()(() => ({ userId: null, ids: new Set(), failed: null }));

let loading: string | null = null;

/** Load the member's saved ids unless they are loaded (or loading) already. */
export async function ensureSavedLoaded(userId: string | null): Promise<void> {
  if (!userId) {
    savedStore.setState({ userId: null, ids: new Set(), failed: null });
    return;
  }
  if (savedStore.getState().userId === userId || loading === userId) return;
  loading = userId;
  try {
    const rows = orThrow(await getSupabase().from('saved_gigs').select('gig_id').limit(MAX_SAVED_IDS));
    savedStore.setState({ userId, ids: new Set((rows as { gig_id: string }[]).map((r) => r.gig_id)), failed: null });
  } catch (error) {
    console.error('[mf-gigs] could not load saved gigs', error);
  } finally {
    loading = null;
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
  savedStore.setState((s) => ({ ids: withId(s.ids, gigId, !wasSaved), failed: null }));
  const table = getSupabase().from('saved_gigs');
  const { error } = wasSaved ? await table.delete().eq('gig_id', gigId) : await table.insert({ gig_id: gigId });
  // Already saved elsewhere (another tab): the mark is right as it is.
  if (error && (error as { code?: string }).code !== '23505') {
    console.error('[mf-gigs] could not change a saved gig', error);
    savedStore.setState((s) => ({ ids: withId(s.ids, gigId, wasSaved), failed: gigId }));
  }
}
