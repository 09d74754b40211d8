/**
 * Who may see one change, decided in the database, in one read-only transaction per change:
 *   1. every distinct filter of the candidate bindings, evaluated at once against the row's image
 *      (the new row; for a DELETE the old one), as the backend's own role;
 *   2. for each distinct identity left (role + JWT claims), as that identity — role and
 *      request.jwt.claims set local, as /rest/v1 does — whether the table's SELECT policies pass
 *      for the row as the change wrote it (read-policy.ts), not as the table holds it by now.
 * A DELETE goes, as on Supabase Realtime, to the identities whose role may select the table, and
 * its payload carries only the primary key.
 * An identity whose check fails (e.g. a policy raises) sees nothing; the others are checked again.
 */
import type { Database, Tx } from '../db/types';
import type { Identity } from './auth';
import { filterSql, type Filter } from './filters';
import { readPolicies } from './read-policy';
import { quoteIdent, type TableInfo } from './tables';

export type Op = 'INSERT' | 'UPDATE' | 'DELETE';

/** Filter key → passes, for the filters given. */
async function evaluateFilters(tx: Tx, table: TableInfo, image: Record<string, unknown>, filters: Filter[]): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  if (!filters.length) return out;
  const params: unknown[] = [JSON.stringify(image)];
  const exprs = filters.map((f, i) => `coalesce(${filterSql(f, table, params)}, false) as f${i}`);
  const { rows } = await tx.query<Record<string, boolean>>(
    `select ${exprs.join(', ')} from jsonb_populate_record(null::${table.sql}, $1::jsonb) as t`,
    params,
  );
  filters.forEach((f, i) => out.set(f.key, rows[0]?.[`f${i}`] === true));
  return out;
}

async function visibleTo(tx: Tx, table: TableInfo, policies: Map<string, string>, image: Record<string, unknown>, who: Identity): Promise<boolean> {
  await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [who.role, JSON.stringify(who.claims)]);
  const policy = policies.get(who.role) ?? 'false';
  const { rows } = await tx.query<{ visible: boolean }>(
    `select exists(select 1 from jsonb_populate_record(null::${table.sql}, $1::jsonb) as ${quoteIdent(table.table)} where ${policy}) as visible`,
    [JSON.stringify(image)],
  );
  return rows[0]?.visible === true;
}

export interface Candidate {
  identity: Identity;
  filter: Filter | null;
}

export interface VisibilityRequest {
  table: TableInfo;
  op: Op;
  image: Record<string, unknown>;
  candidates: Candidate[];
}

/** The candidates that may see the change (the same objects). */
export async function checkVisibility(db: Database, req: VisibilityRequest): Promise<Set<Candidate>> {
  const { table, op, image } = req;
  const distinct = new Map<string, Filter>();
  for (const c of req.candidates) if (c.filter) distinct.set(c.filter.key, c.filter);
  const mayRead = (who: Identity) => (table.selectable.get(who.role)?.size ?? 0) > 0;
  const direct = op === 'DELETE' || !table.rls;
  const visible = new Set<string>();
  let passed: Candidate[] = [];
  let pending: Identity[] = [];
  let policies = new Map<string, string>();
  let first = true;
  do {
    let failed: Identity | undefined;
    try {
      await db.transaction(async (tx) => {
        if (first) {
          const filters = await evaluateFilters(tx, table, image, [...distinct.values()]);
          passed = req.candidates.filter((c) => mayRead(c.identity) && (!c.filter || filters.get(c.filter.key)));
          const ids = new Map(passed.map((c) => [c.identity.key, c.identity]));
          if (direct) for (const key of ids.keys()) visible.add(key);
          else pending = [...ids.values()];
          // Read with the change, not cached: a policy dropped a second ago no longer lets rows out.
          if (pending.length) policies = await readPolicies(tx, table.oid);
          first = false;
        }
        for (const who of pending) {
          failed = who;
          if (await visibleTo(tx, table, policies, image, who)) visible.add(who.key);
          pending = pending.slice(1);
        }
      }, { readOnly: true });
    } catch (error) {
      if (first) throw error;
      pending = pending.filter((w) => w !== failed);
    }
  } while (pending.length);
  return new Set(passed.filter((c) => visible.has(c.identity.key)));
}
