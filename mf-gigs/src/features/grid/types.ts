import type { GigLocation, GigRow, PaymentType } from '@need40/shared';
import type { Rating } from '../../lib/rating';

/**
 * A gig row as the grid reads it: the joined profile carries the poster's display name (the full
 * name given at sign-up) besides the kernel's username and avatar (docs/marketplace.md, client queries).
 */
export type GigReadRow = Omit<GigRow, 'profiles'> & {
  profiles?: {
    full_name?: string | null;
    username: string | null;
    avatar_url: string | null;
    member_ratings?: { average_rating: number | string | null; review_count: number | null } | { average_rating: number | string | null; review_count: number | null }[] | null;
  } | null;
};

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
