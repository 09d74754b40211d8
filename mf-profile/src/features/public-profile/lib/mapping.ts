/** Rows of the public-profile queries (snake_case, api/queries.ts) → PublicProfile (camelCase). */
import type { PaymentType } from '@need40/shared';
import { memberName } from '@need40/ui';
import { experienceFrom } from '../../../lib/experience';
import type { ContactRow, OpenGigRow, PublicProfileRow, ReviewRow } from '../api/queries';
import type { OpenGig, PublicProfile, Review } from '../types';

const num = (v: number | string | null | undefined): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

type MemberRating = NonNullable<PublicProfileRow['member_ratings']>;

/** One-to-one (its key is the profile's id): an object or null; an array of at most one (servers before PostgREST 10) is read too. */
function ratingFrom(rows: MemberRating | MemberRating[] | null): PublicProfile['rating'] {
  const row = Array.isArray(rows) ? rows[0] : rows;
  const average = num(row?.average_rating);
  return row && average !== null && row.review_count > 0 ? { average, count: row.review_count } : null;
}

export function reviewFromRow(r: ReviewRow): Review {
  const gig = Array.isArray(r.gig) ? r.gig[0] : r.gig;
  return { id: r.id, rating: r.rating, body: r.body ?? '', createdAt: r.created_at, reviewerName: memberName(r.reviewer), gig: gig ? { id: gig.id, title: gig.title } : null };
}

/** The first `max` rows and whether more were read (each first page is read with one extra row). */
function firstPage<R, T>(rows: R[] | null | undefined, max: number, map: (row: R) => T): { rows: T[]; more: boolean } {
  const all = rows ?? [];
  return { rows: all.slice(0, max).map(map), more: all.length > max };
}

/** Contact details count only when the function returned a row with something in it. */
export function contactFrom(rows: ContactRow[] | null | undefined): PublicProfile['contact'] {
  const row = rows?.[0];
  if (!row || (!row.email && !row.phone)) return null;
  return { email: row.email ?? '', phone: row.phone ?? '' };
}

export function openGigFromRow(row: OpenGigRow): OpenGig {
  return { id: row.id, createdAt: row.created_at, title: row.title, paymentType: row.payment_type as PaymentType, rate: Number(row.rate) };
}

/** The profile from its rows; `max` is how many reviews and open gigs the first page shows. */
export function publicProfileFromRows(row: PublicProfileRow, gigs: OpenGigRow[], contact: ContactRow[] | null, max: number): PublicProfile {
  const reviews = firstPage(row.reviews, max, reviewFromRow);
  const openGigs = firstPage(gigs, max, openGigFromRow);
  return {
    id: row.id,
    name: memberName(row),
    avatarUrl: row.avatar_url,
    title: row.title ?? '',
    bio: row.bio ?? '',
    skills: row.skills ?? [],
    hourlyRate: num(row.hourly_rate),
    experience: experienceFrom(row.experience),
    portfolio: row.portfolio ?? [],
    linkedin: row.linkedin_url ?? '',
    github: row.github_url ?? '',
    memberSince: row.created_at,
    rating: ratingFrom(row.member_ratings),
    completedGigs: 0,
    availableForWork: row.available_for_work === true,
    reviews: reviews.rows,
    moreReviews: reviews.more,
    openGigs: openGigs.rows,
    moreOpenGigs: openGigs.more,
    contact: contactFrom(contact),
  };
}
