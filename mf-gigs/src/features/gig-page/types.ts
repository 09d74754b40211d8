import type { GigLocation, PaymentType } from '@need40/shared';

/** Everything a gig's page shows (camelCase, from a public.gigs row with its poster). */
export interface GigDetail {
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
  applicantCount: number;
  postedDate: string;
  poster: { displayName: string; avatarUrl: string | null; memberSince: string | null };
}
