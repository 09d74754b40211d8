/**
 * The data contract: rows as the backend returns them (snake_case, as supabase/migrations define
 * them). Types only, nothing at run time. Each remote maps rows to its own UI objects itself.
 */
import type { LOCATIONS, PAYMENT_STATUSES, PAYMENT_TYPES } from './constants';

export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type GigLocation = (typeof LOCATIONS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A row of public.gigs as read with `select('*, profiles!gigs_user_id_fkey(username, avatar_url)')`. */
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
