import type { GigLocation, PaymentType } from '@need40/shared';
import type { GigFields } from '../../lib/gig';
import type { Rating } from '../../lib/rating';

/** A gig card's data (camelCase, from a public.gigs row with its poster: gigFromRow). */
export interface Gig extends GigFields {
  /** `name` is the display name shown on the card; `username` is a generated handle, never shown. */
  poster: { name: string | null; username: string | null; avatarUrl: string | null; rating?: Rating | null } | null;
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
