/**
 * The apply form's field checks, each the database's own rule (APPLY_LIMITS) in its own words, so
 * a value is refused at the field as it is typed rather than after a round trip.
 */
import { APPLY_LIMITS } from '../../../lib/applications';
import { todayIso } from '../../../lib/dates';

export const RATE_ERROR = `The proposed rate must be greater than 0 and at most ${APPLY_LIMITS.rateMax}`;
export const START_ERROR = 'The start date must be between today and two years from now';

/** The proposed rate typed (empty: the gig's rate), or NaN when it is not a usable number. */
export function proposedRate(text: string): number | null {
  if (text.trim() === '') return null;
  const rate = Number(text);
  return rate > 0 && rate <= APPLY_LIMITS.rateMax ? rate : Number.NaN;
}

export function rateError(text: string): string | undefined {
  return Number.isNaN(proposedRate(text)) ? RATE_ERROR : undefined;
}

/**
 * The latest start date the database takes, YYYY-MM-DD. The database counts from its own date (UTC
 * on every server we run), so a reader whose day is already ahead of UTC counts from UTC's.
 */
export function latestStart(now = new Date()): string {
  const local = todayIso(now);
  const utc = now.toISOString().slice(0, 10);
  const from = new Date(`${local < utc ? local : utc}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() + APPLY_LIMITS.startDaysAhead);
  return from.toISOString().slice(0, 10);
}

/** Empty is fine (optional); before today or past latestStart() is refused. */
export function startError(date: string, now = new Date()): string | undefined {
  if (!date) return undefined;
  return date < todayIso(now) || date > latestStart(now) ? START_ERROR : undefined;
}
