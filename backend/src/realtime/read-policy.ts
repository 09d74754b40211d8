/**
 * Row-level security for a change, judged on the row as the change wrote it rather than on the
 * table as it is when the check runs. The check runs after the commit, often after later writes:
 * reading the live row lost an INSERT or UPDATE whose row was deleted meanwhile, and would have
 * sent a row image that was hidden when written but visible again by the time of the check.
 *
 * So the table's SELECT policies are combined as PostgreSQL combines them for a role — the
 * permissive ones OR'd (none: no row), the restrictive ones AND'd, policies of roles the role has
 * the privileges of (or PUBLIC) — and evaluated, as the subscriber, over the row image aliased
 * with the table's name. A role with BYPASSRLS sees every row. Policies referring to other tables
 * still read them live, under those tables' own security, as a query would.
 */
import type { Tx } from '../db/types';

/** API roles a channel may act as; policies are resolved for each. */
const ROLES = ['anon', 'authenticated', 'service_role'];

interface RolePolicies {
  role: string;
  bypass: boolean;
  permissive: string[];
  restrictive: string[];
}

/** role → SQL boolean over the row (the table's name as its alias). One catalog query. */
export async function readPolicies(tx: Tx, oid: number): Promise<Map<string, string>> {
  // A policy without USING adds nothing to a read, as in PostgreSQL.
  const { rows } = await tx.query<RolePolicies>(
    `select r.rolname as role, r.rolbypassrls as bypass,
            coalesce(array_agg(pg_get_expr(p.polqual, p.polrelid) order by p.polname) filter (where p.polpermissive and p.polqual is not null), '{}') as permissive,
            coalesce(array_agg(pg_get_expr(p.polqual, p.polrelid) order by p.polname) filter (where not p.polpermissive and p.polqual is not null), '{}') as restrictive
       from pg_roles r
       left join pg_policy p on p.polrelid = $1 and p.polcmd in ('r', '*')
        and (0 = any(p.polroles) or exists(select 1 from unnest(p.polroles) pr where pr <> 0 and pg_has_role(r.oid, pr, 'usage')))
      where r.rolname = any($2::text[])
      group by r.rolname, r.rolbypassrls`,
    [oid, ROLES],
  );
  const out = new Map<string, string>();
  for (const r of rows) {
    const restrictive = r.restrictive.map((q) => `(${q})`);
    const permissive = r.permissive.length ? [`(${r.permissive.map((q) => `(${q})`).join(' or ')})`, ...restrictive].join(' and ') : 'false';
    out.set(r.role, r.bypass ? 'true' : permissive);
  }
  return out;
}
