/** Row (snake_case, as the database has it) ↔ UI object (camelCase, as SPEC §3 names it). */
import { parseSkills } from './validation';
import type { Gig, GigForm, GigInsert, GigLocation, GigRow, Profile, ProfileRow } from './types';

export function gigFromRow(row: GigRow): Gig {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    paymentType: row.payment_type,
    rate: Number(row.rate),
    hours: row.hours === null || row.hours === undefined ? null : Number(row.hours),
    location: row.location ?? null,
    skills: row.skills ?? [],
    status: row.status,
    postedDate: row.created_at,
    poster: row.profiles ? { username: row.profiles.username, avatarUrl: row.profiles.avatar_url } : null,
  };
}

/** SPEC §3: skills become a list of trimmed items; user_id and created_at are added. Validate first. */
export function gigInsertFromForm(form: GigForm, userId: string, now: Date = new Date()): GigInsert {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    payment_type: form.paymentType,
    rate: Number(form.rate),
    hours: Number(form.hours),
    location: form.location as GigLocation,
    skills: parseSkills(form.skills),
    user_id: userId,
    created_at: now.toISOString(),
  };
}

export const emptyGigForm = (): GigForm => ({
  title: '',
  description: '',
  paymentType: 'hourly',
  rate: '',
  hours: '',
  location: '',
  skills: '',
});

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
