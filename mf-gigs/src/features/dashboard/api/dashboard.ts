/**
 * The dashboard's reads (docs/marketplace.md, client queries): each list is read a page at a time,
 * newest first, after the last row shown (keyset), in the order of its index, so every page is an
 * index seek however long the list is. The first page also asks for the exact count (an index
 * count over one member's or one gig's rows).
 */
import { getSupabase } from '@need40/shared';
import { keysetAfter, type Page } from '@need40/ui';

export interface MyGigRow {
  id: string;
  title: string;
  status: string;
  applicant_count: number;
  created_at: string;
}

export interface ApplicantRow {
  id: string;
  message: string;
  proposed_rate: number | null;
  available_from: string | null;
  status: string;
  created_at: string;
  worker: {
    id: string;
    full_name: string | null;
    title: string | null;
    avatar_url: string | null;
    hourly_rate: number | null;
    member_ratings?: { average_rating: number | string | null; review_count: number | null } | { average_rating: number | string | null; review_count: number | null }[] | null;
  } | null;
}

export interface MyApplicationRow {
  id: string;
  status: string;
  created_at: string;
  decline_notice: string | null;
  gigs: { id: string; title: string; status: string; rate: number; payment_type: string } | null;
}

export interface SavedGigRow {
  created_at: string;
  gig_id: string;
  gigs: { id: string; title: string; status: string; rate: number; payment_type: string } | null;
}

interface List {
  table: 'gigs' | 'applications' | 'saved_gigs';
  select: string;
  /** The owner column and value: the index's first column. */
  owner: readonly [string, string];
  /** The column that orders rows of the same instant (the index's last column, ascending). */
  tie: string;
}

async function readPage<T extends { created_at: string }>(list: List, after: T | null, limit: number): Promise<Page<T>> {
  let query = getSupabase()
    .from(list.table)
    .select(list.select, after ? undefined : { count: 'exact' })
    .eq(list.owner[0], list.owner[1]);
  if (after) {
    const next = keysetAfter(after.created_at, list.tie, String((after as Record<string, unknown>)[list.tie]));
    query = query.lte('created_at', next.lte).or(next.or);
  }
  const { data, error, count } = await query.order('created_at', { ascending: false }).order(list.tie).limit(limit);
  if (error) throw error;
  return { rows: (data ?? []) as unknown as T[], total: count };
}

export const fetchMyGigs = (userId: string, after: MyGigRow | null, limit: number) =>
  readPage<MyGigRow>({ table: 'gigs', select: 'id, title, status, applicant_count, created_at', owner: ['user_id', userId], tie: 'id' }, after, limit);

const WORKER = 'worker:worker_id(id, full_name, title, avatar_url, hourly_rate, member_ratings(average_rating, review_count))';
export const fetchApplicants = (gigId: string, after: ApplicantRow | null, limit: number) =>
  readPage<ApplicantRow>({ table: 'applications', select: `id, message, proposed_rate, available_from, status, created_at, ${WORKER}`, owner: ['gig_id', gigId], tie: 'id' }, after, limit);

const GIG = 'gigs(id, title, status, rate, payment_type)';
export const fetchMyApplications = (userId: string, after: MyApplicationRow | null, limit: number) =>
  readPage<MyApplicationRow>({ table: 'applications', select: `id, status, created_at, decline_notice, ${GIG}`, owner: ['worker_id', userId], tie: 'id' }, after, limit);

export const fetchSavedGigs = (userId: string, after: SavedGigRow | null, limit: number) =>
  readPage<SavedGigRow>({ table: 'saved_gigs', select: `created_at, gig_id, ${GIG}`, owner: ['user_id', userId], tie: 'gig_id' }, after, limit);
