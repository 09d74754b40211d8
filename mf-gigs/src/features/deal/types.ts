import type { AttachedFile } from '../../lib/attachments/Attachment';

/**
 * A deal as both parties see it: the terms frozen at acceptance (cents), a change waiting for
 * consent, the dates of its steps, what each party said, and every money step from the ledger.
 */
export type Side = 'poster' | 'worker';

export interface DealNote {
  kind: 'delivery' | 'changes' | 'dispute' | 'resolution' | 'cancellation';
  authorRole: 'worker' | 'poster' | 'operator';
  body: string;
  link: string | null;
  /** A delivery's file in the deliveries bucket, or null. */
  file: AttachedFile | null;
  createdAt: string;
}

/** One ledger transaction of the deal (deal_money): `parts` is how each kind of account moved, in cents. */
export interface MoneyStep {
  id: number;
  kind: string;
  pending: boolean;
  createdAt: string;
  amountCents: number;
  parts: Record<string, number>;
  provider: string;
  reference: string | null;
  method: string | null;
}

export interface DealReview {
  reviewerId: string;
  rating: number;
  body: string;
}

/** The payment provider running the deal (docs/payments.md, "Providers"). */
export type Provider = 'manual' | 'stripe';

export interface Deal {
  id: string;
  /** How the poster pays and the worker is paid: PayPal through Need40's operators, or Stripe. */
  provider: Provider;
  status: string;
  gigId: string;
  gigTitle: string;
  workerId: string;
  posterId: string;
  workerName: string;
  posterName: string;
  hourly: boolean;
  /** The hourly rate (hourly) or the price (fixed), in cents. */
  rateCents: number | null;
  hours: number | null;
  amountCents: number | null;
  feeCents: number | null;
  workerCents: number | null;
  /** A change of the money waiting for the other party. */
  change: { by: Side; rateCents: number; hours: number | null } | null;
  /** Paid for with the gig ("Pay $600 and post gig"). */
  prepaid: boolean;
  deliveredAt: string | null;
  releaseDueAt: string | null;
  notes: DealNote[];
  steps: MoneyStep[];
  reviews: DealReview[];
}
