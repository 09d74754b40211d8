/**
 * Domain types: rows as the backend returns them (snake_case, the wire contract with
 * supabase/migrations) and the UI objects the remotes render (camelCase). mapping.ts converts.
 */
import type { LOCATIONS, PAYMENT_STATUSES, PAYMENT_TYPES } from './constants';

export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type GigLocation = (typeof LOCATIONS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A row of public.gigs as read with `select('*, profiles(username, avatar_url)')`. */
export interface GigRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  payment_type: PaymentType;
  rate: number;
  hours: number | null;
  location: GigLocation | null;
  skills: string[];
  worker_rate: number | null;
  platform_fee: number | null;
  payment_id: string | null;
  status: string;
  created_at: string;
  profiles?: { username: string | null; avatar_url: string | null } | null;
}

/** A gig card's data. */
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
  poster: { username: string | null; avatarUrl: string | null } | null;
}

/** The Post Your Gig form as typed (every field a string, as inputs give them). */
export interface GigForm {
  title: string;
  description: string;
  paymentType: PaymentType;
  rate: string;
  hours: string;
  location: GigLocation | '';
  skills: string;
}

/** What the form inserts into public.gigs. */
export interface GigInsert {
  title: string;
  description: string;
  payment_type: PaymentType;
  rate: number;
  hours: number;
  location: GigLocation;
  skills: string[];
  user_id: string;
  created_at: string;
}

/** Read filters of SPEC §7 (all optional; page load uses none). */
export interface GigFilters {
  search?: string;
  paymentType?: PaymentType;
  location?: GigLocation;
  minRate?: number;
  maxRate?: number;
  skills?: string[];
}

export interface ExperienceEntry {
  title: string;
  company: string;
  startDate: string;
  endDate: string;
  description: string;
}

/** A row of public.profiles. */
export interface ProfileRow {
  id: string;
  username: string | null;
  avatar_url: string | null;
  full_name: string | null;
  title: string | null;
  bio: string | null;
  skills: string[];
  hourly_rate: number | null;
  hours_per_week: number | null;
  preferred_hours: string[];
  timezone: string | null;
  experience: ExperienceEntry[];
  portfolio: string[];
  contact_email: string | null;
  contact_phone: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  created_at?: string;
  updated_at?: string;
}

/** The profile as SPEC §3 describes it. */
export interface Profile {
  id: string;
  username: string | null;
  avatarUrl: string | null;
  fullName: string;
  title: string;
  bio: string;
  skills: string[];
  hourlyRate: number | null;
  availability: { hoursPerWeek: number | null; preferredHours: string[]; timezone: string };
  experience: ExperienceEntry[];
  portfolio: string[];
  contactInfo: { email: string; phone: string; linkedin: string; github: string };
}

/** A row of public.payments. */
export interface PaymentRow {
  id: string;
  amount: number;
  status: PaymentStatus;
  payment_method: string;
  description: string | null;
  user_id: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  /** Set by the database: whether money is known to have moved (see docs/security.md). */
  source?: 'client_recorded' | 'self_reported' | 'confirmed_transfer';
}
