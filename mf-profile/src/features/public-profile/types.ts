import type { PaymentType } from '@need40/shared';
import type { ExperienceEntry } from '../../lib/experience';

/** One review someone left for this member. */
export interface Review {
  id: string;
  rating: number;
  body: string;
  createdAt: string;
  reviewerName: string;
  /** The gig the review is about (null when it was deleted or is hidden). */
  gig: { id: string; title: string } | null;
}

/** One of the member's open gigs (status active), linked to its page. */
export interface OpenGig {
  id: string;
  createdAt: string;
  title: string;
  paymentType: PaymentType;
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
  /** Gigs the member completed as the worker (deals released or paid out), counted by the database. */
  completedGigs: number;
  availableForWork: boolean;
  /** The newest reviews; `moreReviews` when older ones exist. */
  reviews: Review[];
  moreReviews: boolean;
  /** The newest open gigs; `moreOpenGigs` when older ones exist. */
  openGigs: OpenGig[];
  moreOpenGigs: boolean;
  contact: { email: string; phone: string } | null;
}
