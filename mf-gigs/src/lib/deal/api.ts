/**
 * The reads and steps of paying and reviewing an accepted application (docs/marketplace.md,
 * "Getting paid and reviews"). Every step is a database function that checks who may fire it.
 */
import { getSupabase, type Database, type QueryRow } from '@need40/shared';
import { orThrow } from '../marketErrors';
import type { Deal } from './types';

/** The database's limits, so the forms say so before the database refuses. */
export const REVIEW_MAX = 1000;
export const MISSING_NOTE_MAX = 500;

const NAMELESS = 'A Need40 member';

/** An application with its gig, both parties' names, its payments and its reviews, in one read. */
const dealQuery = (applicationId: string) =>
  getSupabase()
    .from('applications')
    .select(
      'id, status, worker_id, poster_id, proposed_rate, agreed_hours, agreed_amount, worker_amount, platform_fee, gigs(title, payment_type, rate), worker:worker_id(full_name), poster:poster_id(full_name), application_payments(id, status, amount, worker_amount, missing_note, created_at), reviews(reviewer_id, rating, body)',
    )
    .eq('id', applicationId);
type DealRow = QueryRow<ReturnType<typeof dealQuery>>;

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export function dealFromRow(row: DealRow): Deal {
  const hourly = row.gigs?.payment_type === 'hourly';
  const payments = [...(row.application_payments ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const latest = payments[0];
  return {
    id: row.id,
    status: row.status,
    workerId: row.worker_id,
    posterId: row.poster_id,
    workerName: row.worker?.full_name?.trim() || NAMELESS,
    posterName: row.poster?.full_name?.trim() || NAMELESS,
    gigTitle: row.gigs?.title ?? 'A removed gig',
    hourly,
    hourlyRate: hourly ? num(row.proposed_rate) ?? num(row.gigs?.rate) : null,
    agreedHours: num(row.agreed_hours),
    agreedAmount: num(row.agreed_amount),
    workerAmount: num(row.worker_amount),
    platformFee: num(row.platform_fee),
    payment: latest
      ? {
          id: latest.id,
          status: latest.status as 'pending' | 'completed' | 'missing',
          amount: Number(latest.amount),
          workerAmount: Number(latest.worker_amount),
          missingNote: latest.missing_note,
          createdAt: latest.created_at,
        }
      : null,
    reviews: (row.reviews ?? []).map((r) => ({ reviewerId: r.reviewer_id, rating: r.rating, body: r.body ?? '' })),
  };
}

export async function fetchDeal(applicationId: string): Promise<Deal> {
  return dealFromRow(orThrow(await dealQuery(applicationId).single()));
}

type Fn = keyof Database['public']['Functions'];
const call = async <F extends Fn>(fn: F, args: Database['public']['Functions'][F]['Args']) => {
  orThrow(await getSupabase().rpc(fn, args));
};


/** Records the pending payment; returns the amount the PayPal link asks for. */
export async function recordPayment(applicationId: string): Promise<number> {
  const payment = orThrow(await getSupabase().rpc('record_application_payment', { p_application_id: applicationId }));
  return Number(payment.amount);
}

export const confirmPayment = (applicationId: string) => call('confirm_payment_received', { p_application_id: applicationId });
export const reportPaymentMissing = (applicationId: string, note: string) => call('report_payment_missing', { p_application_id: applicationId, p_note: note });
export const leaveReview = (applicationId: string, rating: number, body: string) =>
  call('leave_review', { p_application_id: applicationId, p_rating: rating, p_body: body });
