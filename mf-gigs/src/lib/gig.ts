/**
 * A gig as mf-gigs shows it (camelCase), from a row of public.gigs: the grid's cards and the gig's
 * page read the same columns and map them here; each adds its own poster. The row's type is the
 * generated one (`Tables<'gigs'>`), so a renamed or retyped column is a compile error here.
 */
import type { GigLocation, PaymentType, Tables } from '@need40/shared';

/**
 * The columns both screens read (`select('*, …')` gives them all) and the split the database
 * computes for the gig (computed fields, read by name: GIG_SPLIT).
 */
export type GigColumns = Pick<
  Tables<'gigs'>,
  'id' | 'user_id' | 'title' | 'description' | 'payment_type' | 'rate' | 'hours' | 'location' | 'skills' | 'status' | 'applicant_count' | 'created_at'
> &
  Partial<Pick<Tables<'gigs'>, 'worker_cents' | 'fee_cents' | 'estimate_worker_cents'>>;

/** The computed fields of the split, for a select string: `select(\`*, ${GIG_SPLIT}, …\`)`. */
export const GIG_SPLIT = 'worker_cents, fee_cents, estimate_worker_cents';

export interface GigFields {
  id: string;
  userId: string;
  title: string;
  description: string;
  /** One of PAYMENT_TYPES by the database's check constraint; a card checks again (showableGig). */
  paymentType: PaymentType;
  rate: number;
  hours: number | null;
  location: GigLocation | null;
  skills: string[];
  status: string;
  applicantCount: number;
  postedDate: string;
  /**
   * The split as the database computes it (per hour for an hourly gig), in cents: what the worker
   * keeps and the Need40 fee, and the worker's part of an hourly estimate. Null when not read.
   */
  workerCents: number | null;
  feeCents: number | null;
  estimateWorkerCents: number | null;
}

const cents = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export function gigFieldsFromRow(row: GigColumns): GigFields {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    paymentType: row.payment_type as PaymentType,
    rate: Number(row.rate),
    hours: row.hours === null || row.hours === undefined ? null : Number(row.hours),
    location: (row.location ?? null) as GigLocation | null,
    skills: row.skills ?? [],
    status: row.status,
    applicantCount: Number(row.applicant_count ?? 0),
    postedDate: row.created_at,
    workerCents: cents(row.worker_cents),
    feeCents: cents(row.fee_cents),
    estimateWorkerCents: cents(row.estimate_worker_cents),
  };
}
