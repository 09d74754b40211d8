import type { GigLocation, PaymentType } from '@need40/shared';

/** A gig card's data (camelCase, from a public.gigs row by gigFromRow). */
export interface Gig {
  id: string;
  userId: string;
  title: string;
  description: string;
  paymentType: PaymentType;
  rate: number;
  hours: number | null;
  location: GigLocation | null;
  skills: string[];
  status: string;
  postedDate: string;
  /** displayName: the full name given at sign-up (absent on rows read without it). */
  poster: { username: string | null; avatarUrl: string | null; displayName?: string | null } | null;
}

/** The grid's read filters (all optional; page load uses none). */
export interface GigFilters {
  search?: string;
  paymentType?: PaymentType;
  location?: GigLocation;
  minRate?: number;
  maxRate?: number;
  skills?: string[];
}
