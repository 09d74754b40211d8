/** The directory's filter form as typed ↔ the filters searched by (numbers checked here first). */
import type { WorkerFilters } from '../types';

export interface FilterDraft {
  skills: string;
  minRate: string;
  maxRate: string;
  minRating: string;
}

export const EMPTY_DRAFT: FilterDraft = { skills: '', minRate: '', maxRate: '', minRating: '' };

export type FilterErrors = Partial<Record<'skills' | 'minRate' | 'maxRate', string>>;

const MAX_RATE = 1_000_000;
const MAX_SKILLS = 10;

function rate(text: string): number | undefined | null {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= MAX_RATE ? n : null;
}

/** Comma-separated skills → trimmed, non-empty, each once (any case). */
export function skillsOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/** The filters, or what to fix. */
export function filtersOf(d: FilterDraft): { filters: WorkerFilters } | { errors: FilterErrors } {
  const errors: FilterErrors = {};
  const skills = skillsOf(d.skills);
  if (skills.length > MAX_SKILLS) errors.skills = `Search for at most ${MAX_SKILLS} skills`;
  else if (skills.some((s) => s.length > 100)) errors.skills = 'Each skill must be at most 100 characters';
  const minRate = rate(d.minRate);
  const maxRate = rate(d.maxRate);
  if (minRate === null) errors.minRate = 'Enter a rate from 0 to 1,000,000';
  if (maxRate === null) errors.maxRate = 'Enter a rate from 0 to 1,000,000';
  if (minRate != null && maxRate != null && minRate > maxRate) errors.maxRate = 'The maximum rate must not be below the minimum';
  if (Object.keys(errors).length) return { errors };
  const minRating = d.minRating ? Number(d.minRating) : undefined;
  return {
    filters: {
      skills,
      ...(minRate != null ? { minRate } : {}),
      ...(maxRate != null ? { maxRate } : {}),
      ...(minRating ? { minRating } : {}),
    },
  };
}
