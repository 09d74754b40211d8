/** Dates as the marketplace screens write them, in the reader's time zone unless one is given. */
import { formatDate } from '@need40/ui';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Apr 8, 2024"; "" for a missing or unreadable date. */
export function formatDay(value: string | null | undefined, timeZone?: string): string {
  const date = parse(value);
  return date ? formatDate(date, { month: 'short', timeZone }) : '';
}

/** "April 2024" (member since). */
export function formatMonth(value: string | null | undefined, timeZone?: string): string {
  const date = parse(value);
  return date ? formatDate(date, { month: 'long', day: false, timeZone }) : '';
}

/** Today as YYYY-MM-DD in the reader's zone (the earliest start date). */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
