/**
 * Parsing for the admin API's inputs, with GoTrue's answers: pagination (?page=&per_page=), Go
 * durations for ban_duration, UUIDs in the path, metadata objects.
 */
import { AuthErrors } from './errors';
import { isPlainObject, UUID } from './util';

export const DEFAULT_PER_PAGE = 50;
/** Bounded work per request: larger pages are cut to this, and deep pages are refused. */
export const MAX_PER_PAGE = 1000;
const MAX_OFFSET = 1_000_000;

export function pagination(q: Record<string, string>): { page: number; perPage: number } {
  const parse = (name: string, fallback: number) => {
    const raw = q[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d{1,9}$/.test(raw)) throw AuthErrors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing "${raw.slice(0, 40)}": invalid syntax`);
    return Number(raw) || fallback;
  };
  const page = parse('page', 1);
  const perPage = Math.min(parse('per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE);
  if ((page - 1) * perPage > MAX_OFFSET) throw AuthErrors.validation(`Bad Pagination Parameters: page is beyond the last ${MAX_OFFSET} rows`);
  return { page, perPage };
}

/** GoTrue's Link and X-Total-Count headers (what auth-js's listUsers reads as nextPage/lastPage/total). */
export function paginationHeaders(url: string, page: number, perPage: number, total: number): Record<string, string> {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (total > 0) {
    const u = new URL(url, 'http://localhost');
    u.searchParams.delete('page');
    u.searchParams.delete('per_page');
    const rest = u.searchParams.toString();
    // page first: auth-js reads the page number from the link's first "=".
    const link = (p: number) => `<${u.pathname}?page=${p}&per_page=${perPage}${rest ? `&${rest}` : ''}>`;
    const last = Math.ceil(total / perPage);
    headers.Link = `${page < last ? `${link(page + 1)}; rel="next", ` : ''}${link(last)}; rel="last"`;
  }
  return headers;
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go duration ("24h", "1h30m", "none" → 0) in milliseconds; GoTrue's error otherwise. */
export function banDurationMs(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === 'none') return 0;
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  const bad = () => AuthErrors.validation(`invalid format for ban duration: time: invalid duration "${String(s).slice(0, 40)}"`);
  if (typeof value !== 'string' || value.length > 64 || !/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(value)) throw bad();
  let total = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT_MS[m[2]!]!;
  // Go's durations stop at about 292 years.
  if (!Number.isFinite(total) || total > 9.2e15) throw bad();
  return total;
}

export function pathUuid(value: unknown, name: 'user_id' | 'factor_id'): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw AuthErrors.notFoundValidation(`${name} must be an UUID`);
  return value.toLowerCase();
}

export function metadata(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw AuthErrors.validation(`${name} must be a JSON object`);
  return value;
}

export function optionalString(value: unknown, name: string, max = 255): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max) throw AuthErrors.validation(`${name} must be a string of at most ${max} characters`);
  return value;
}
