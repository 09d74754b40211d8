/** Rows of the public-profile queries (snake_case) → PublicProfile (camelCase). */
import type { ExperienceEntry } from '@need40/shared';
import type { OpenGig, PublicProfile, Review } from '../types';

export interface PublicProfileRow {
  id: string;
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
  title: string | null;
  bio: string | null;
  skills: string[] | null;
  hourly_rate: number | string | null;
  experience: ExperienceEntry[] | null;
  portfolio: string[] | null;
  linkedin_url: string | null;
  github_url: string | null;
  created_at: string | null;
  /**
   * One-to-one (its key is the profile's id): PostgREST renders an object or null. An array of at
   * most one is read too (what servers before PostgREST 10 sent).
   */
  member_ratings?: MemberRating | MemberRating[] | null;
  reviews?: { id: string; rating: number; body: string | null; created_at: string; reviewer?: { full_name: string | null } | null }[] | null;
}

export interface OpenGigRow {
  id: string;
  created_at: string;
  title: string;
  payment_type: 'fixed' | 'hourly';
  rate: number | string;
}

export interface ContactRow {
  email: string | null;
  phone: string | null;
}

/** A member who never gave a name still needs a heading. */
export const UNNAMED_MEMBER = 'Need40 member';

const num = (v: number | string | null | undefined): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

interface MemberRating {
  average_rating: number | string;
  review_count: number;
}

function ratingFrom(rows: PublicProfileRow['member_ratings']): PublicProfile['rating'] {
  const row = Array.isArray(rows) ? rows[0] : rows;
  const average = num(row?.average_rating);
  return row && average !== null && row.review_count > 0 ? { average, count: row.review_count } : null;
}

export function reviewFromRow(r: NonNullable<PublicProfileRow['reviews']>[number]): Review {
  return { id: r.id, rating: r.rating, body: r.body ?? '', createdAt: r.created_at, reviewerName: r.reviewer?.full_name?.trim() || UNNAMED_MEMBER };
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
  return { id: row.id, createdAt: row.created_at, title: row.title, paymentType: row.payment_type, rate: Number(row.rate) };
}

/** The profile from its rows; `max` is how many reviews and open gigs the first page shows. */
export function publicProfileFromRows(row: PublicProfileRow, gigs: OpenGigRow[], contact: ContactRow[] | null, max: number): PublicProfile {
  const reviews = firstPage(row.reviews, max, reviewFromRow);
  const openGigs = firstPage(gigs, max, openGigFromRow);
  return {
    id: row.id,
    name: row.full_name?.trim() || row.username || UNNAMED_MEMBER,
    avatarUrl: row.avatar_url,
    title: row.title ?? '',
    bio: row.bio ?? '',
    skills: row.skills ?? [],
    hourlyRate: num(row.hourly_rate),
    experience: row.experience ?? [],
    portfolio: row.portfolio ?? [],
    linkedin: row.linkedin_url ?? '',
    github: row.github_url ?? '',
    memberSince: row.created_at,
    rating: ratingFrom(row.member_ratings),
    reviews: reviews.rows,
    moreReviews: reviews.more,
    openGigs: openGigs.rows,
    moreOpenGigs: openGigs.more,
    contact: contactFrom(contact),
  };
}
