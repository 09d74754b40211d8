/**
 * The deal's steps, each a database function that checks who may fire it from which state
 * (docs/payments.md, "The deal's process"); the caller reads the deal again afterwards.
 */
import { FILE_BUCKETS, getSupabase, type Database } from '@need40/shared';
import { orThrow } from '../../../lib/orThrow';
import { uploadAttachment } from '../../../lib/attachments/attachments';

/** The database's limits, so the forms say so before the database refuses. */
export const NOTE_MAX = 2000;
export const LINK_MAX = 2000;
export const REVIEW_MAX = 1000;
export const HOURS_MAX = 100000;
export const RATE_MAX = 1000000;

type Fn = keyof Database['public']['Functions'];
const call = async <F extends Fn>(fn: F, args: Database['public']['Functions'][F]['Args']): Promise<void> => {
  orThrow(await getSupabase().rpc(fn, args));
};
const app = (applicationId: string) => ({ p_application_id: applicationId });

export interface Funding {
  amountCents: number;
  provider: string;
  reference: string;
}

/** The poster starts paying: a hold Need40 confirms when the money arrives (asking again returns the same). */
export async function startFunding(applicationId: string): Promise<Funding> {
  const row = orThrow(await getSupabase().rpc('start_funding', app(applicationId)))[0]!;
  return { amountCents: Number(row.amount_cents), provider: row.provider, reference: row.reference };
}

/** The member's Need40 credit now (a confirmed Pay $600), in cents. */
export async function fetchCredit(): Promise<number> {
  return Number(orThrow(await getSupabase().rpc('my_money'))[0]?.credit_cents ?? 0);
}

export const fundWithCredit = (id: string) => call('fund_with_credit', app(id));
export const cancelDeal = (id: string, reason: string) => call('cancel_deal', { ...app(id), ...(reason && { p_reason: reason }) });
/** The worker delivers: a file (optional) is uploaded to the deal's folder of the deliveries bucket first. */
export async function deliverWork(id: string, workerId: string, note: string, link: string, file: File | null): Promise<void> {
  const path = file ? await uploadAttachment(id, workerId, file, FILE_BUCKETS.deliveries) : null;
  await call('deliver_work', { ...app(id), p_note: note, ...(link && { p_link: link }), ...(path && { p_attachment_path: path }) });
}
export const requestChanges = (id: string, note: string) => call('request_changes', { ...app(id), p_note: note });
export const approveWork = (id: string) => call('approve_work', app(id));
export const openDispute = (id: string, reason: string) => call('open_dispute', { ...app(id), p_reason: reason });
export const confirmPayout = (id: string) => call('confirm_payout', app(id));
export const proposeChange = (id: string, rate: number | null, hours: number | null) =>
  call('propose_deal_change', { ...app(id), ...(rate !== null && { p_rate: rate }), ...(hours !== null && { p_hours: hours }) });
export const acceptChange = (id: string) => call('accept_deal_change', app(id));
export const declineChange = (id: string) => call('decline_deal_change', app(id));
export const leaveReview = (id: string, rating: number, body: string) => call('leave_review', { ...app(id), p_rating: rating, p_body: body });
