import type { ExperienceEntry } from '../../../lib/experience';
import type { Profile } from '../types';
import { emailError, linkError, phoneError, webAddress } from './contactRules';

/** The profile as the edit form holds it: numbers as typed, so a half-typed value is never lost. */
export interface ProfileDraft {
  fullName: string;
  title: string;
  bio: string;
  hourlyRate: string;
  hoursPerWeek: string;
  preferredHours: string[];
  timezone: string;
  availableForWork: boolean;
  skills: string[];
  experience: ExperienceEntry[];
  portfolio: string[];
  email: string;
  phone: string;
  linkedin: string;
  github: string;
}

export type DraftErrors = Partial<Record<'hourlyRate' | 'hoursPerWeek' | 'email' | 'phone' | 'linkedin' | 'github' | 'portfolio', string>>;

/** The database's limit (profiles_hourly_rate_range). */
const MAX_HOURLY_RATE = 1_000_000;

const numberText = (n: number | null) => (n === null ? '' : String(n));

export function draftFromProfile(p: Profile): ProfileDraft {
  return {
    fullName: p.fullName,
    title: p.title,
    bio: p.bio,
    hourlyRate: numberText(p.hourlyRate),
    hoursPerWeek: numberText(p.availability.hoursPerWeek),
    preferredHours: [...p.availability.preferredHours],
    timezone: p.availability.timezone,
    availableForWork: p.availableForWork,
    skills: [...p.skills],
    experience: p.experience.map((e) => ({ ...e })),
    portfolio: [...p.portfolio],
    email: p.contactInfo.email,
    phone: p.contactInfo.phone,
    linkedin: p.contactInfo.linkedin,
    github: p.contactInfo.github,
  };
}

function parseNumber(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** Problems that stop a save (empty object = fine). Empty numbers are allowed and stored as null. */
export function validateDraft(d: ProfileDraft): DraftErrors {
  const errors: DraftErrors = {};
  const rate = parseNumber(d.hourlyRate);
  if (rate === undefined || (rate !== null && rate > MAX_HOURLY_RATE)) errors.hourlyRate = 'Hourly rate must be a number from 0 to 1,000,000';
  const hours = parseNumber(d.hoursPerWeek);
  if (hours === undefined || (hours !== null && (!Number.isInteger(hours) || hours > 168))) {
    errors.hoursPerWeek = 'Hours per week must be a whole number from 0 to 168';
  }
  const fields = { email: emailError(d.email), phone: phoneError(d.phone), linkedin: linkError(d.linkedin), github: linkError(d.github) };
  for (const [key, message] of Object.entries(fields)) if (message) errors[key as keyof typeof fields] = message;
  // Links saved before these rules existed can only be removed, so name them.
  const badLinks = d.portfolio.filter((link) => !webAddress(link));
  if (badLinks.length) errors.portfolio = `Remove what is not a web address: ${badLinks.join(', ')}`;
  return errors;
}

/** The whole profile Save Changes writes: the loaded profile with every editable field from the draft. */
export function profileFromDraft(base: Profile, d: ProfileDraft): Profile {
  return {
    ...base,
    fullName: d.fullName.trim(),
    title: d.title.trim(),
    bio: d.bio.trim(),
    skills: d.skills,
    hourlyRate: parseNumber(d.hourlyRate) ?? null,
    availability: { hoursPerWeek: parseNumber(d.hoursPerWeek) ?? null, preferredHours: d.preferredHours, timezone: d.timezone.trim() },
    availableForWork: d.availableForWork,
    experience: d.experience,
    portfolio: d.portfolio.map((link) => webAddress(link) ?? link),
    contactInfo: { email: d.email.trim(), phone: d.phone.trim(), linkedin: webAddress(d.linkedin) ?? '', github: webAddress(d.github) ?? '' },
  };
}

/** docs/product.md (rules): an experience entry is added only if both title and company are filled. */
export function canAddExperience(e: ExperienceEntry): boolean {
  return e.title.trim().length > 0 && e.company.trim().length > 0;
}
