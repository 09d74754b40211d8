/**
 * The dashboard's reads (docs/marketplace.md, client queries): each list is read a page at a time,
 * newest first, after the last row shown (keyset), in the order of its index, so every page is an
 * index seek however long the list is. The first page also asks for the exact count (an index
 * count over one member's or one gig's rows).
 */
import { getSupabase, type QueryRow } from '@need40/shared';
import { keysetAfter, type Page } from '@need40/ui';

/** What a dashboard list's query is to the paging below (any typed query of supabase-js fits). */
interface KeysetQuery<R> extends PromiseLike<{ data: R[] | null; error: unknown; count: number | null }> {
  lte(column: 'created_at', value: string): this;
  or(filters: string): this;
  order(column: string, options?: { ascending?: boolean }): this;
  limit(count: number): this;
}

/**
 * The page after `after` of a list ordered newest first, then by `tie` ascending (its index's order):
 * the first page also asks for the exact count (`count` true).
 */
async function keysetPage<R extends { created_at: string }>(query: KeysetQuery<R>, tie: keyof R & string, after: R | null, limit: number): Promise<Page<R>> {
  let page = query;
  if (after) {
    const next = keysetAfter(after.created_at, tie, String(after[tie]));
    page = page.lte('created_at', next.lte).or(next.or);
  }
  const { data, error, count } = await page.order('created_at', { ascending: false }).order(tie).limit(limit);
  if (error) throw error;
  return { rows: data ?? [], total: count };
}

const counted = (first: boolean) => (first ? { count: 'exact' as const } : undefined);

const myGigsQuery = (userId: string, first: boolean) =>
  getSupabase().from('gigs').select('id, title, status, applicant_count, created_at, hidden_cause, hidden_reason', counted(first)).eq('user_id', userId);
export type MyGigRow = QueryRow<ReturnType<typeof myGigsQuery>>;
export const fetchMyGigs = (userId: string, after: MyGigRow | null, limit: number) => keysetPage(myGigsQuery(userId, !after), 'id', after, limit);

const applicantsQuery = (gigId: string, first: boolean, only?: string) => {
  const query = getSupabase()
    .from('applications')
    .select(
      'id, message, proposed_rate, available_from, status, created_at, decline_note, decline_notice, worker:worker_id(id, full_name, username, title, avatar_url, hourly_rate, member_ratings(average_rating, review_count))',
      counted(first),
    )
    .eq('gig_id', gigId);
  return only ? query.eq('id', only) : query;
};
export type ApplicantRow = QueryRow<ReturnType<typeof applicantsQuery>>;
/** A gig's applicants a page at a time; with `only`, that one application of the gig. */
export const fetchApplicants = (gigId: string, after: ApplicantRow | null, limit: number, only?: string) =>
  keysetPage(applicantsQuery(gigId, !after, only), 'id', after, limit);

/**
 * The gig of an application, as "My gigs" shows it, when the signed-in member posted it (row-level
 * security shows a poster the applications to their gigs); null for any other application.
 */
export async function fetchGigOfApplication(applicationId: string, userId: string): Promise<MyGigRow | null> {
  const { data, error } = await getSupabase().from('applications').select('gig_id').eq('id', applicationId).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const { data: gig, error: gigError } = await myGigsQuery(userId, false).eq('id', data.gig_id).maybeSingle();
  if (gigError) throw gigError;
  return gig;
}

const myApplicationsQuery = (userId: string, first: boolean) =>
  getSupabase().from('applications').select('id, status, created_at, decline_notice, decline_note, gigs(id, title, status, rate, payment_type)', counted(first)).eq('worker_id', userId);
export type MyApplicationRow = QueryRow<ReturnType<typeof myApplicationsQuery>>;
export const fetchMyApplications = (userId: string, after: MyApplicationRow | null, limit: number) =>
  keysetPage(myApplicationsQuery(userId, !after), 'id', after, limit);

const savedGigsQuery = (userId: string, first: boolean) =>
  getSupabase().from('saved_gigs').select('created_at, gig_id, gigs(id, title, status, rate, payment_type)', counted(first)).eq('user_id', userId);
export type SavedGigRow = QueryRow<ReturnType<typeof savedGigsQuery>>;
export const fetchSavedGigs = (userId: string, after: SavedGigRow | null, limit: number) => keysetPage(savedGigsQuery(userId, !after), 'gig_id', after, limit);
