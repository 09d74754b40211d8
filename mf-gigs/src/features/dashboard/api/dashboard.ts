/** The dashboard's reads (docs/marketplace.md, client queries); each one has its index. */
import { getSupabase } from '@need40/shared';
import { orThrow } from '../../../lib/marketErrors';

/** Rows per list; the newest first. */
export const DASHBOARD_LIMIT = 50;

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
  gigs: { id: string; title: string; status: string; rate: number; payment_type: string } | null;
}

export async function fetchMyGigs(userId: string): Promise<MyGigRow[]> {
  return orThrow(
    await getSupabase()
      .from('gigs')
      .select('id, title, status, applicant_count, created_at')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(DASHBOARD_LIMIT),
  ) as MyGigRow[];
}

export async function fetchApplicants(gigId: string): Promise<ApplicantRow[]> {
  return orThrow(
    await getSupabase()
      .from('applications')
      .select('id, message, proposed_rate, available_from, status, created_at, worker:worker_id(id, full_name, title, avatar_url, hourly_rate, member_ratings(average_rating, review_count))')
      .eq('gig_id', gigId)
      .order('created_at', { ascending: false })
      .limit(DASHBOARD_LIMIT),
  ) as unknown as ApplicantRow[];
}

export async function fetchMyApplications(userId: string): Promise<MyApplicationRow[]> {
  return orThrow(
    await getSupabase()
      .from('applications')
      .select('id, status, created_at, decline_notice, gigs(id, title, status, rate, payment_type)')
      .eq('worker_id', userId)
      .order('created_at', { ascending: false })
      .limit(DASHBOARD_LIMIT),
  ) as unknown as MyApplicationRow[];
}

export async function fetchSavedGigs(): Promise<SavedGigRow[]> {
  return orThrow(
    await getSupabase()
      .from('saved_gigs')
      .select('created_at, gigs(id, title, status, rate, payment_type)')
      .order('created_at', { ascending: false })
      .limit(DASHBOARD_LIMIT),
  ) as unknown as SavedGigRow[];
}
