/** public.profiles row (snake_case, as the database has it) ↔ the Profile the page edits (camelCase). */
import type { Tables } from '@need40/shared';
import { experienceFrom } from '../../../lib/experience';
import type { ContactRow, OwnProfileRow, ProfileRow } from '../api/queries';
import type { Profile } from '../types';

/** The table's row completed with the contact row (none: no contact details for this reader). */
export function withContact(row: OwnProfileRow, contact: ContactRow | undefined): ProfileRow {
  return { ...row, contact_email: contact?.email ?? null, contact_phone: contact?.phone ?? null };
}

export function profileFromRow(row: ProfileRow): Profile {
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatar_url,
    fullName: row.full_name ?? '',
    title: row.title ?? '',
    bio: row.bio ?? '',
    skills: row.skills ?? [],
    hourlyRate: row.hourly_rate === null || row.hourly_rate === undefined ? null : Number(row.hourly_rate),
    availability: {
      hoursPerWeek: row.hours_per_week ?? null,
      preferredHours: row.preferred_hours ?? [],
      timezone: row.timezone ?? '',
    },
    availableForWork: row.available_for_work === true,
    experience: experienceFrom(row.experience),
    portfolio: row.portfolio ?? [],
    contactInfo: {
      email: row.contact_email ?? '',
      phone: row.contact_phone ?? '',
      linkedin: row.linkedin_url ?? '',
      github: row.github_url ?? '',
    },
  };
}

const orNull = (s: string): string | null => (s.trim() ? s.trim() : null);

/** What Save Changes writes: every column the page edits (id, username and avatar are not editable here). */
type ProfileWrite = Pick<
  Tables<'profiles'>,
  | 'full_name' | 'title' | 'bio' | 'skills' | 'hourly_rate' | 'hours_per_week' | 'preferred_hours' | 'timezone' | 'available_for_work' | 'experience' | 'portfolio'
  | 'contact_email' | 'contact_phone' | 'linkedin_url' | 'github_url'
>;

/** The whole profile object as written by Save Changes. */
export function profileToRow(p: Profile): ProfileWrite {
  return {
    full_name: orNull(p.fullName),
    title: orNull(p.title),
    bio: orNull(p.bio),
    skills: p.skills,
    hourly_rate: p.hourlyRate,
    hours_per_week: p.availability.hoursPerWeek,
    preferred_hours: p.availability.preferredHours,
    timezone: orNull(p.availability.timezone),
    available_for_work: p.availableForWork,
    experience: p.experience,
    portfolio: p.portfolio,
    contact_email: orNull(p.contactInfo.email),
    contact_phone: orNull(p.contactInfo.phone),
    linkedin_url: orNull(p.contactInfo.linkedin),
    github_url: orNull(p.contactInfo.github),
  };
}

/** The columns whose written value differs between two states of the profile (what Save Changes sends). */
export function changedColumns(before: Profile, after: Profile): Partial<ProfileWrite> {
  const was = profileToRow(before) as Record<string, unknown>;
  const now = profileToRow(after) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(now).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(was[k]))) as Partial<ProfileWrite>;
}
