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

interface PolicyRow {
  qual: string | null;
  permissive: boolean;
  roles: string[];
}

/** role → SQL boolean over the row (the table's name as its alias). */
export async function readPolicies(tx: Tx, oid: number): Promise<Map<string, string>> {
  const { rows } = await tx.query<PolicyRow>(
    `select pg_get_expr(p.polqual, p.polrelid) as qual, p.polpermissive as permissive,
            array(select r from unnest($2::text[]) r
                   where exists(select 1 from pg_roles where rolname = r)
                     and (0 = any(p.polroles) or exists(select 1 from unnest(p.polroles) pr where pr <> 0 and pg_has_role(r, pr, 'usage')))) as roles
       from pg_policy p
      where p.polrelid = $1 and p.polcmd in ('r', '*')
      order by p.polname`,
    [oid, ROLES],
  );
  const bypass = await tx.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1::text[]) and rolbypassrls', [ROLES]);
  const out = new Map<string, string>();
  for (const role of ROLES) {
    if (bypass.rows.some((r) => r.rolname === role)) {
      out.set(role, 'true');
      continue;
    }
    // A policy without USING adds nothing to a read, as in PostgreSQL.
    const mine = rows.filter((p) => p.qual !== null && p.roles.includes(role));
    const permissive = mine.filter((p) => p.permissive).map((p) => `(${p.qual})`);
    const restrictive = mine.filter((p) => !p.permissive).map((p) => `(${p.qual})`);
    out.set(role, permissive.length ? [`(${permissive.join(' or ')})`, ...restrictive].join(' and ') : 'false');
  }
  return out;
}
