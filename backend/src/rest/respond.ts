/**
 * The answer to a request from its statement's row (query-builder.ts): status, Content-Range,
 * Preference-Applied and the body, as PostgREST gives them for reads, mutations and calls. The
 * checks that must undo the work when they fail (max-affected, a write or call that must be one
 * row for `.single()`) are `mustHoldBeforeCommit`: execute.ts runs them inside the transaction.
 */
import type { ActionPlan, CallAction, MutateAction, Page, ReadAction } from './action-plan';
import { maxAffectedExceeded, maxAffectedNeedsRows, rangeNotSatisfiable, singularityError } from './errors';
import type { Media } from './media';
import type { Preferences } from './preferences';
import type { RestResult } from './response';

/** The statement's one row. */
export interface StatementRow {
  body: string | null;
  page_total: number | string;
  total?: string | null;
  inserted?: number | string | null;
}

export interface Answering {
  prefs: Preferences;
  media: Media;
  /** HEAD: the headers without the body. */
  head: boolean;
}

/** Content-Range as PostgREST writes it: `0-9/100`, `*\/0`, `0-9/*`. */
export function contentRange(offset: number, pageTotal: number, total: number | undefined): string {
  const size = total === undefined ? '*' : String(total);
  return pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}/${size}` : `*/${size}`;
}

/** The one element of a one-element JSON array text, without re-serialising it. */
export function stripArray(body: string): string {
  return body.trim().slice(1, -1).trim();
}

/** The body of `.single()`: exactly one row (PGRST116 otherwise); CSV keeps its own text. */
function single(body: string, n: number, media: Media): string {
  if (n !== 1) throw singularityError(n);
  return media.format === 'csv' ? body : stripArray(body);
}

/** `total` overrides the statement's count (count=planned/estimated, read.ts). */
export function answerRead(plan: ReadAction, row: StatementRow, { prefs, media, head }: Answering, total?: number): RestResult {
  const pageTotal = Number(row.page_total);
  const counted = total ?? (row.total != null ? Number(row.total) : undefined);
  const page: Page = plan.page;
  const headers: Record<string, string> = { 'Content-Range': contentRange(page.offset, pageTotal, counted) };
  const applied = prefs.applied.filter((p) => /^(count|tx|handling)=/.test(p));
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
  if (total === undefined && counted !== undefined && pageTotal === 0 && page.offset > 0 && page.offset >= counted && counted > 0) {
    throw rangeNotSatisfiable(`An offset of ${page.offset} was requested, but there are only ${counted} rows.`, `*/${counted}`);
  }
  const body = row.body ?? '[]';
  if (media.shape === 'object') return { status: 200, headers, body: head ? undefined : single(body, pageTotal, media) };
  const partial = counted !== undefined && pageTotal < counted && (pageTotal > 0 || page.offset > 0);
  return { status: partial ? 206 : 200, headers, body: head ? undefined : body };
}

export function answerMutation(plan: MutateAction, row: StatementRow, { prefs, media }: Answering, method: string): RestResult {
  const n = Number(row.page_total);
  if (prefs.maxAffected !== undefined && n > prefs.maxAffected) throw maxAffectedExceeded(n);
  const body = row.body ?? '[]';
  const total = prefs.count ? String(n) : '*';
  const headers: Record<string, string> = { 'Content-Range': n > 0 ? `0-${n - 1}/${total}` : `*/${total}` };
  if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
  // .single() on a write: anything but one row rolls the transaction back (thrown inside it).
  const object = media.shape === 'object' ? single(body, n, media) : undefined;
  // An upsert (merge-duplicates) that inserted nothing, only updated (or had nothing), is 200.
  const inserted = row.inserted == null ? undefined : Number(row.inserted);
  const created = method === 'POST' && !(prefs.resolution === 'merge-duplicates' && (inserted ?? 0) === 0);
  if (!plan.read) return { status: created ? 201 : method === 'POST' ? 200 : 204, headers };
  return { status: created ? 201 : 200, headers, body: object ?? body };
}

export function answerCall(plan: CallAction, row: StatementRow, { prefs, media, head }: Answering): RestResult {
  const headers: Record<string, string> = {};
  if (prefs.applied.length) headers['Preference-Applied'] = prefs.applied.join(', ');
  const result = ((): RestResult => {
    if (plan.shape === 'void') return { status: 204, headers: { ...headers, 'Content-Range': '*/*' } };
    if (plan.shape === 'text' || plan.shape === 'binary') {
      const value = row.body ?? '';
      return { status: 200, headers: { ...headers, 'Content-Range': '0-0/*' }, body: plan.shape === 'binary' ? Buffer.from(value, 'base64') : value };
    }
    const body = row.body ?? 'null';
    const n = Number(row.page_total);
    const total = prefs.count === 'exact' && row.total != null ? Number(row.total) : undefined;
    // Thrown inside the transaction: whatever the function changed is rolled back.
    if (prefs.maxAffected !== undefined && (total ?? n) > prefs.maxAffected) throw maxAffectedExceeded(total ?? n);
    if (plan.shape !== 'rows') return { status: 200, headers: { ...headers, 'Content-Range': `0-0/${total ?? '*'}` }, body: plan.shape === 'object' && n === 0 ? 'null' : plan.shape === 'object' ? stripArray(body) : body };
    headers['Content-Range'] = contentRange(plan.page.offset, n, total);
    return { status: 200, headers, body: media.shape === 'object' ? single(body, n, media) : body };
  })();
  return head ? { ...result, body: undefined } : result;
}

/** Checked before the call runs: a function that returns no rows cannot honour max-affected. */
export function checkCallPreferences(plan: CallAction, prefs: Preferences): void {
  if (prefs.maxAffected !== undefined && plan.shape !== 'rows') throw maxAffectedNeedsRows();
}

/** Whether the answer has checks that must hold before the transaction commits. */
export function mustHoldBeforeCommit(plan: ActionPlan, prefs: Preferences, media: Media): boolean {
  if (plan.kind === 'read') return false;
  return prefs.maxAffected !== undefined || media.shape === 'object';
}
