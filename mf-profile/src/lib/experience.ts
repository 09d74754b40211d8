import type { Json } from '@need40/shared';

/**
 * One entry of a profile's Experience, as stored in the `experience` jsonb column (a list of them).
 * A type alias, not an interface: a list of these is a `Json` value the profile update accepts.
 */
export type ExperienceEntry = { title: string; company: string; startDate: string; endDate: string; description: string };

const text = (value: Json | undefined) => (typeof value === 'string' ? value : '');

/**
 * The `experience` column as the page shows it: the database only knows it is JSON, so anything
 * that is not a list of objects (an older row, a row written by another client) reads as no
 * entries, and a missing field as empty text.
 */
export function experienceFrom(value: Json | null | undefined): ExperienceEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is { [key: string]: Json | undefined } => typeof e === 'object' && e !== null && !Array.isArray(e))
    .map((e) => ({ title: text(e.title), company: text(e.company), startDate: text(e.startDate), endDate: text(e.endDate), description: text(e.description) }));
}
