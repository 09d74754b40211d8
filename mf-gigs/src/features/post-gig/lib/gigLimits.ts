/**
 * The limits the database puts on a gig (docs/marketplace-limits.md), checked on the form so a
 * person gets a field message instead of a refused request.
 */
import { formatNumber } from '@need40/ui';
import { parseSkills } from '../../../lib/skills';
import type { GigForm, GigFormErrors } from '../types';

export const GIG_LIMITS = {
  titleMax: 200,
  descriptionMax: 10_000,
  rateMin: 0.01,
  rateMax: 1_000_000,
  hoursMax: 100_000,
  skillsMax: 50,
  /** Skills joined with commas ("a,b,c"). */
  skillsJoinedMax: 2_000,
} as const;

// Without Intl: the form is on the first screen, where loading the ICU locale data is one long task.
const count = { format: (n: number) => formatNumber(n) };

/** A decimal number as people type it, with an optional exponent ("25", "25.50", "1e3"); no signs or hex. */
const NUMBER = /^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** The number typed, or NaN when it is not one (Number() alone would accept "0x10" or "Infinity"). */
export function parseNumber(text: string): number {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** More than two decimals: the database would round it to the cent and store another amount. */
const hasSubCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) > 1e-6;

function rateError(text: string): string | undefined {
  if (!text.trim()) return 'Rate is required';
  const rate = parseNumber(text);
  if (!Number.isFinite(rate) || rate <= 0) return 'Rate must be a positive number';
  if (rate > GIG_LIMITS.rateMax) return `Rate must be at most $${count.format(GIG_LIMITS.rateMax)}`;
  if (hasSubCents(rate)) return 'Rate can have at most two decimals (cents)';
  if (rate < GIG_LIMITS.rateMin) return 'Rate must be at least $0.01';
  return undefined;
}

function hoursError(text: string): string | undefined {
  if (!text.trim()) return 'Estimated hours are required';
  const hours = parseNumber(text);
  if (!Number.isFinite(hours) || hours <= 0) return 'Hours must be a positive number';
  if (hours > GIG_LIMITS.hoursMax) return `Hours must be at most ${count.format(GIG_LIMITS.hoursMax)}`;
  return undefined;
}

function skillsError(text: string): string | undefined {
  const skills = parseSkills(text);
  if (skills.length === 0) return 'At least one skill is required';
  if (skills.length > GIG_LIMITS.skillsMax) return `Use at most ${GIG_LIMITS.skillsMax} skills (you have ${skills.length})`;
  const joined = skills.join(',').length;
  if (joined > GIG_LIMITS.skillsJoinedMax) {
    return `Skills must be at most ${count.format(GIG_LIMITS.skillsJoinedMax)} characters in all (you have ${count.format(joined)})`;
  }
  return undefined;
}

function lengthError(text: string, label: string, max: number): string | undefined {
  const length = text.trim().length;
  return length > max ? `${label} must be at most ${count.format(max)} characters (you have ${count.format(length)})` : undefined;
}

/** The limit errors of a form (required-field checks are done by the caller). */
export function limitErrors(form: GigForm): GigFormErrors {
  const errors: GigFormErrors = {};
  const found: [keyof GigForm, string | undefined][] = [
    ['title', lengthError(form.title, 'Title', GIG_LIMITS.titleMax)],
    ['description', lengthError(form.description, 'Description', GIG_LIMITS.descriptionMax)],
    ['rate', rateError(form.rate)],
    ['hours', hoursError(form.hours)],
    ['skills', skillsError(form.skills)],
  ];
  for (const [field, message] of found) if (message) errors[field] = message;
  return errors;
}
