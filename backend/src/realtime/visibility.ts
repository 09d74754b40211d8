/**
 * Who may see one change, decided in the database, in one read-only transaction per change:
 *   1. every distinct filter of the candidate bindings, evaluated in one query against the row's
 *      image (the new row; for a DELETE the old one), as the backend's own role;
 *   2. for each distinct identity left (role + JWT claims), as that identity — role and
 *      request.jwt.claims set local, as /rest/v1 does — whether the table's SELECT policies pass
 *      for the row as the change wrote it (read-policy.ts), not as the table holds it by now.
 * A DELETE on a table with row-level security follows Supabase Realtime's rule: its payload
 * carries only the primary key and filters are not applied to it — a filter matched against the
 * deleted row told a subscriber the values of columns it could never select (`rate=eq.500`
 * arriving or not). Stricter than Supabase, which sends it to every subscriber of the table, it
 * goes only to identities whose policies pass for the deleted row as it was, so not even its key
 * reaches anyone who could not select that row.
 * An identity whose check fails (e.g. a policy raises) sees nothing; the others are checked again.
 */
import type { Database, Tx } from '../db/types';
import type { Identity } from './auth';
import { passingFiltersSql, type Filter } from './filters';
import { readPolicies } from './read-policy';
import { quoteIdent, type TableInfo } from './tables';

export type Op = 'INSERT' | 'UPDATE' | 'DELETE';

/** The keys of the filters that pass for the image (one query, however many filters). */
async function passingFilters(tx: Tx, table: TableInfo, image: Record<string, unknown>, filters: Filter[]): Promise<Set<string>> {
  if (!filters.length) return new Set();
  const params: unknown[] = [JSON.stringify(image)];
  const passing = passingFiltersSql(filters, table, params);
  const { rows } = await tx.query<{ k: number }>(
    `select distinct passed.k from jsonb_populate_record(null::${table.sql}, $1::jsonb) as t cross join lateral (${passing}) as passed`,
    params,
  );
  return new Set(rows.map((r) => filters[r.k]!.key));
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
  const unfiltered = op === 'DELETE' && table.rls;
  const distinct = new Map<string, Filter>();
  if (!unfiltered) for (const c of req.candidates) if (c.filter) distinct.set(c.filter.key, c.filter);
  const mayRead = (who: Identity) => (table.selectable.get(who.role)?.size ?? 0) > 0;
  const direct = !table.rls;
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
          const filters = await passingFilters(tx, table, image, [...distinct.values()]);
          passed = req.candidates.filter((c) => mayRead(c.identity) && (unfiltered || !c.filter || filters.has(c.filter.key)));
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
