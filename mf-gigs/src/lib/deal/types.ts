/**
 * An accepted (or paid) application as both parties see it: the agreed amount and its split as
 * the database computed them, the latest payment, and the reviews left for it.
 */
export type Side = 'poster' | 'worker';

export interface DealPayment {
  id: string;
  status: 'pending' | 'completed' | 'missing';
  amount: number;
  workerAmount: number;
  missingNote: string | null;
  createdAt: string;
}

export interface DealReview {
  reviewerId: string;
  rating: number;
  body: string;
}

export interface Deal {
  id: string;
  status: string;
  workerId: string;
  posterId: string;
  workerName: string;
  posterName: string;
  gigTitle: string;
  hourly: boolean;
  /** The rate the hours are paid at (the worker's proposal, else the gig's); null for fixed gigs. */
  hourlyRate: number | null;
  agreedHours: number | null;
  agreedAmount: number | null;
  workerAmount: number | null;
  platformFee: number | null;
  /** The newest payment first; the deal's state follows it. */
  payment: DealPayment | null;
  reviews: DealReview[];
}
