import type { ExperienceEntry } from '@need40/shared';

/** One review someone left for this member. */
export interface Review {
  rating: number;
  body: string;
  createdAt: string;
  reviewerName: string;
}

/** One of the member's open gigs (status active), linked to its page. */
export interface OpenGig {
  id: string;
  title: string;
  paymentType: 'fixed' | 'hourly';
  rate: number;
}

/** What anyone may see of another member; `contact` only when the database grants it. */
export interface PublicProfile {
  id: string;
  name: string;
  avatarUrl: string | null;
  title: string;
  bio: string;
  skills: string[];
  hourlyRate: number | null;
  experience: ExperienceEntry[];
  /** The links the member chose to publish: portfolio, LinkedIn, GitHub. */
  portfolio: string[];
  linkedin: string;
  github: string;
  memberSince: string | null;
  rating: { average: number; count: number } | null;
  reviews: Review[];
  openGigs: OpenGig[];
  contact: { email: string; phone: string } | null;
}
