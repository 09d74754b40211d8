/**
 * Applications as the database keeps them, and the functions that move them (docs/marketplace.md):
 * every change of state is an rpc the database checks; the client never writes the tables.
 */
import { getSupabase, type Tables } from '@need40/shared';
import { orThrow } from './orThrow';

export const APPLICATION_STATUSES = ['applied', 'accepted', 'declined', 'withdrawn', 'closed', 'funded', 'delivered', 'disputed', 'released', 'paid_out', 'paid', 'cancelled', 'refunded'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How a status reads on the page. */
export const STATUS_LABELS: Record<string, string> = {
  applied: 'Applied',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
  funded: 'Money held',
  delivered: 'Delivered',
  disputed: 'Disputed',
  released: 'Money released',
  paid_out: 'Paid out',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const GIG_STATUS_LABELS: Record<string, string> = { active: 'Open', filled: 'Filled', closed: 'Closed' };

/**
 * The limits apply_to_gig() puts on an application, mirrored here (and only here) so the form says
 * so at the field: the message's length, the proposed rate, how far ahead the start date may be
 * (docs/marketplace-limits.md). The database checks them again.
 */
export const APPLY_LIMITS = {
  messageMax: 2000,
  rateMax: 1_000_000,
  /** `p_available_from > current_date + 730` is refused. */
  startDaysAhead: 730,
} as const;

/** The database's limit on an application's message. */
export const MESSAGE_MAX = APPLY_LIMITS.messageMax;

export interface ApplicationInput {
  gigId: string;
  message: string;
  proposedRate: number | null;
  availableFrom: string | null;
}

/** What the gig page keeps of the member's application (a row of public.applications, or what a transition returns). */
export type ApplicationRef = Pick<Tables<'applications'>, 'id' | 'status' | 'created_at' | 'decline_notice'> & Partial<Pick<Tables<'applications'>, 'decline_note'>>;

/** Apply: the optional rate and start date are left out when not given (the function's defaults). */
export async function applyToGig(input: ApplicationInput, signal?: AbortSignal): Promise<ApplicationRef> {
  const args = { p_gig_id: input.gigId, p_message: input.message, p_proposed_rate: input.proposedRate ?? undefined, p_available_from: input.availableFrom ?? undefined };
  const call = getSupabase().rpc('apply_to_gig', args);
  return orThrow(await (signal ? call.abortSignal(signal) : call));
}

type Transition = 'withdraw_application' | 'accept_application';

export async function fireTransition(fn: Transition, applicationId: string): Promise<ApplicationRef> {
  return orThrow(await getSupabase().rpc(fn, { p_application_id: applicationId }));
}

/** The database's limit on a poster's note when declining. */
export const DECLINE_NOTE_MAX = 500;

/** Decline, with the poster's own note to the applicant when they wrote one. */
export async function declineApplication(applicationId: string, note: string): Promise<ApplicationRef> {
  return orThrow(await getSupabase().rpc('decline_application', { p_application_id: applicationId, ...(note && { p_note: note }) }));
}

/**
 * Take back an Accept or a Decline while the database still holds its emails (the poster only,
 * within its undo window; N4011 afterwards).
 */
export async function undoDecision(applicationId: string): Promise<ApplicationRef> {
  return orThrow(await getSupabase().rpc('undo_decision', { p_application_id: applicationId }));
}

export async function closeGig(gigId: string): Promise<void> {
  orThrow(await getSupabase().rpc('close_gig', { p_gig_id: gigId }));
}

/** The signed-in member's application to one gig, if any (its id makes Withdraw possible). */
export async function fetchMyApplication(gigId: string, userId: string): Promise<ApplicationRef | null> {
  return orThrow(
    await getSupabase()
      .from('applications')
      .select('id, status, created_at, decline_notice, decline_note')
      .eq('gig_id', gigId)
      .eq('worker_id', userId)
      .maybeSingle(),
  );
}
