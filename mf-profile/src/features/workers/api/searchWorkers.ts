/**
 * The Find workers directory through search_workers(): members available for work, newest
 * available first, one page after the last worker shown (keyset on available_since, id — the
 * function's order and its index), public columns only.
 */
import { getSupabase, type QueryRow } from '@need40/shared';
import { failureText, isNetworkFailure, memberName, NETWORK_MESSAGE, type Page, worded } from '@need40/ui';
import type { Worker, WorkerFilters } from '../types';

/** Workers per page. */
export const WORKERS_PAGE = 20;
export const WORKERS_FAILED = 'Could not load workers.';

const searchQuery = (filters: WorkerFilters, after: Worker | null, limit: number) =>
  getSupabase().rpc('search_workers', {
    ...(filters.skills.length ? { p_skills: filters.skills } : {}),
    ...(filters.minRate !== undefined ? { p_min_rate: filters.minRate } : {}),
    ...(filters.maxRate !== undefined ? { p_max_rate: filters.maxRate } : {}),
    ...(filters.minRating !== undefined ? { p_min_rating: filters.minRating } : {}),
    ...(after ? { p_after_since: after.availableSince, p_after_id: after.id } : {}),
    p_limit: limit,
  });
export type WorkerRow = QueryRow<ReturnType<typeof searchQuery>>;

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

export function workerFromRow(r: WorkerRow): Worker {
  const average = num(r.average_rating);
  return {
    id: r.id,
    name: memberName(r),
    avatarUrl: r.avatar_url,
    title: r.title ?? '',
    skills: r.skills ?? [],
    hourlyRate: num(r.hourly_rate),
    hoursPerWeek: r.hours_per_week,
    availableSince: r.available_since,
    rating: average !== null && r.review_count > 0 ? { average, count: r.review_count } : null,
    completedGigs: r.completed_gigs ?? 0,
  };
}

/** One page of workers matching `filters` after `after`; throws an Error whose message is fit to show. */
export async function searchWorkers(filters: WorkerFilters, after: Worker | null, limit: number): Promise<Page<Worker>> {
  const { data, error, status } = await searchQuery(filters, after, limit);
  if (error) throw worded(isNetworkFailure(error, status) ? NETWORK_MESSAGE : failureText(error, WORKERS_FAILED));
  return { rows: (data ?? []).map(workerFromRow) };
}
