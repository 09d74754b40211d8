/**
 * Saved searches of Latest Gigs (public.saved_searches: the member's own rows, at most 10; the
 * database checks the filters' shape). The backend's job alerts the member when new gigs match.
 */
import { getSupabase, type QueryRow } from '@need40/shared';
import { failureText, isNetworkFailure, NETWORK_MESSAGE, worded } from '@need40/ui';
import type { GigFilters } from '../types';

export const SAVE_SEARCH_FAILED = 'The search could not be saved. Try again.';
const LIST_FAILED = 'Your saved searches could not be loaded.';
const DELETE_FAILED = 'The search could not be deleted. Try again.';

const listQuery = () => getSupabase().from('saved_searches').select('id, name, filters, created_at').order('created_at', { ascending: false }).order('id');
type SavedSearchRow = QueryRow<ReturnType<typeof listQuery>>;

export interface SavedSearch {
  id: string;
  name: string;
  filters: GigFilters;
}

const shown = (error: unknown, status: number, fallback: string) =>
  worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, fallback));

const fromRow = (r: SavedSearchRow): SavedSearch => ({ id: r.id, name: r.name, filters: (r.filters ?? {}) as GigFilters });

export async function listSavedSearches(): Promise<SavedSearch[]> {
  const { data, error, status } = await listQuery();
  if (error) throw shown(error, status, LIST_FAILED);
  return (data ?? []).map(fromRow);
}

export async function saveSearch(name: string, filters: GigFilters): Promise<void> {
  const { error, status } = await getSupabase().from('saved_searches').insert({ name, filters: { ...filters } });
  if (error) throw shown(error, status, SAVE_SEARCH_FAILED);
}

export async function deleteSavedSearch(id: string): Promise<void> {
  const { error, status } = await getSupabase().from('saved_searches').delete().eq('id', id);
  if (error) throw shown(error, status, DELETE_FAILED);
}
