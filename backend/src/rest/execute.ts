/**
 * Running a planned request: its one statement (query-builder.ts) in one transaction as the
 * caller — settings, statement and end in one round trip (db/types.ts `request`) — and the answer
 * from the statement's row (respond.ts). What must hold before the work commits (max-affected, a
 * write that must be one row, the statements of count=planned|estimated) runs inside the
 * transaction instead, and the end follows as a second round trip. A transaction rolled back by a
 * deadlock or a serialization conflict runs again (db/retry-conflicts.ts). Database errors become
 * PostgREST errors (SQLSTATE → status) here, with the caller's role.
 */
import type { ActionPlan, ReadAction } from './action-plan';
import { fromPgError, isPgError, statementTimeout } from './errors';
import { buildStatement, estimateStatements } from './query-builder';
import { ESTIMATE_EXACT_BELOW, planRows } from './read';
import { requestSettings, type ApiRequest } from './request';
import { answerCall, answerMutation, answerRead, mustHoldBeforeCommit, type Answering, type StatementRow } from './respond';
import type { RestResult } from './response';
import type { ServerTiming } from './timing';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { retryingConflicts } from '../db/retry-conflicts';

/** count=planned|estimated: the planner's estimate, exact below ESTIMATE_EXACT_BELOW (estimated), never below the page. */
async function estimatedTotal(tx: Tx, plan: ReadAction, row: StatementRow, estimated: boolean): Promise<number> {
  const { explain, exact } = estimateStatements(plan);
  const explained = await tx.query<Record<string, unknown>>(explain);
  let total = planRows(Object.values(explained.rows[0] ?? {})[0]);
  if (estimated && total < ESTIMATE_EXACT_BELOW) total = Number((await tx.query<{ n: string }>(exact)).rows[0]?.n ?? 0);
  return Math.max(total, plan.page.offset + Number(row.page_total));
}

function answer(plan: ActionPlan, row: StatementRow, a: Answering, method: string, total?: number): RestResult {
  if (plan.kind === 'read') return answerRead(plan, row, a, total);
  if (plan.kind === 'mutate') return answerMutation(plan, row, a, method);
  return answerCall(plan, row, a);
}

export async function execute(services: Services, req: ApiRequest, plan: ActionPlan, timing: ServerTiming): Promise<RestResult> {
  const sql = buildStatement(plan, req.accept);
  timing.mark('plan');
  const a: Answering = { prefs: req.prefs, media: req.accept, head: req.method === 'HEAD' };
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  const settings = requestSettings(req);
  const timeoutMs = services.config.DB_STATEMENT_TIMEOUT_MS;
  // PGlite has no statement timeout; rest/cost.ts bounds its requests.
  if (services.db.kind === 'postgres') settings.push(['statement_timeout', String(timeoutMs)]);
  const estimate = plan.kind === 'read' && (plan.count === 'planned' || plan.count === 'estimated');
  const inside = estimate || mustHoldBeforeCommit(plan, req.prefs, req.accept)
    ? async (result: { rows: StatementRow[] }, tx: Tx) => {
        const row = result.rows[0]!;
        const total = estimate ? await estimatedTotal(tx, plan as ReadAction, row, (plan as ReadAction).count === 'estimated') : undefined;
        return answer(plan, row, a, req.method, total);
      }
    : undefined;
  try {
    const options = { signal: req.signal, onQueryTime: (ms: number) => timing.add('query', ms) };
    const unit = { settings, sql, readOnly, end: req.prefs.tx };
    if (inside) {
      const result = await retryingConflicts(() => services.db.request<StatementRow, RestResult>(unit, { ...options, inside }), req.signal);
      timing.mark('transaction');
      return result;
    }
    const { rows } = await retryingConflicts(() => services.db.request<StatementRow>(unit, options), req.signal);
    timing.mark('transaction');
    return answer(plan, rows[0]!, a, req.method);
  } catch (error) {
    if (isPgError(error) && error.code === '57014' && !req.signal?.aborted) throw statementTimeout(timeoutMs);
    if (isPgError(error)) throw fromPgError(error, req.caller.role);
    throw error;
  }
}
