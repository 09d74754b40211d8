/** public.profiles row (snake_case, as the database has it) ↔ the Profile the page edits (camelCase). */
import type { ProfileRow } from '@need40/shared';
import type { Profile } from '../types';

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
    experience: row.experience ?? [],
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

/** The whole profile object as written by Save Changes (id, username and avatar are not editable here). */
export function profileToRow(p: Profile): Omit<ProfileRow, 'id' | 'username' | 'avatar_url' | 'created_at' | 'updated_at'> {
  return {
    full_name: orNull(p.fullName),
    title: orNull(p.title),
    bio: orNull(p.bio),
    skills: p.skills,
    hourly_rate: p.hourlyRate,
    hours_per_week: p.availability.hoursPerWeek,
    preferred_hours: p.availability.preferredHours,
    timezone: orNull(p.availability.timezone),
    experience: p.experience,
    portfolio: p.portfolio,
    contact_email: orNull(p.contactInfo.email),
    contact_phone: orNull(p.contactInfo.phone),
    linkedin_url: orNull(p.contactInfo.linkedin),
    github_url: orNull(p.contactInfo.github),
  };
}
