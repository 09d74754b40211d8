/**
 * The own-profile reads and their row types (from the select strings: the generated database types
 * give each column's type). contact_email and contact_phone are not selectable by anyone but the
 * service role; `contact_details()` gives them to their owner.
 */
import { getSupabase, type QueryRow, type Tables } from '@need40/shared';

/** Every column of profiles the page reads from the table (also what an update returns). */
export const OWN_PROFILE_COLUMNS =
  'id, username, avatar_url, full_name, title, bio, skills, hourly_rate, hours_per_week, preferred_hours, timezone, available_for_work, experience, portfolio, linkedin_url, github_url, created_at, updated_at';

export const ownProfileQuery = (userId: string) => getSupabase().from('profiles').select(OWN_PROFILE_COLUMNS).eq('id', userId);
export type OwnProfileRow = QueryRow<ReturnType<typeof ownProfileQuery>>;

export const contactQuery = (userId: string) => getSupabase().rpc('contact_details', { p_user_id: userId });
export type ContactRow = QueryRow<ReturnType<typeof contactQuery>>;

/** The table's row completed with what contact_details() gave (nothing: empty). */
export type ProfileRow = OwnProfileRow & Pick<Tables<'profiles'>, 'contact_email' | 'contact_phone'>;
