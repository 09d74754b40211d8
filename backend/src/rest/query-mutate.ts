/**
 * A mutation plan (action-plan.ts) as common table expressions ending in `pgrst_source`, the
 * affected rows as the table's row type, for query-builder.ts to read back. The body is written
 * once as a literal and unpacked in SQL (json_populate_record per element), so values are typed
 * by the table; `missing=default` merges each row over its columns' defaults, as PostgREST does
 * (`jsonb_build_object(col, default, …) || row`, so every default is evaluated for every row).
 */
import type { InsertPlan, MutatePlan } from './action-plan';
import type { Filter } from './filter-syntax';
import { compileFilters } from './filters';
import type { Table } from './schema-cache';
import { ident, literal, qualified, value } from './sql';

/** RETURNING of the columns the read back needs (`*`, a list, or `1` when nothing is read). */
function returningList(alias: string, returning: string[] | '*'): string {
  if (returning === '*') return ` returning ${alias}.*`;
  return returning.length ? ` returning ${returning.map((c) => `${alias}.${ident(c)}`).join(', ')}` : ' returning 1';
}

/** The ON CONFLICT clause of an upsert over the columns `cols`, or '' for a plain insert. */
function conflictClause(plan: InsertPlan, cols: string[]): string {
  const c = plan.onConflict;
  if (!c) return '';
  const target = c.columns.map(ident).join(', ');
  if (c.resolution === 'ignore-duplicates' || cols.length === 0) return ` on conflict (${target}) do nothing`;
  // A body of only the conflict columns still "updates" (to the same values), as PostgREST does,
  // so that the existing row is locked and returned.
  const others = cols.filter((col) => !c.columns.includes(col));
  return ` on conflict (${target}) do update set ${(others.length ? others : cols).map((col) => `${ident(col)} = excluded.${ident(col)}`).join(', ')}`;
}

/** The rows of the body (`pgrst_rows(j, n)`), each merged over the defaults of missing=default. */
function rowsCte(plan: InsertPlan): string {
  const exprs = plan.defaults?.exprs ?? [];
  const kind = exprs.length ? 'jsonb' : 'json';
  const body = `${value(plan.body!)}::${kind}`;
  const elements = `${kind}_array_elements(case when ${kind}_typeof(pgrst_payload.j) = 'array' then pgrst_payload.j else ${kind}_build_array(pgrst_payload.j) end) with ordinality as pgrst_e(j, n)`;
  const row = exprs.length ? `jsonb_build_object(${exprs.map(([c, sql]) => `${literal(c)}, ${sql}`).join(', ')}) || pgrst_e.j` : 'pgrst_e.j';
  return `pgrst_payload as (select ${body} as j), pgrst_rows as (select ${row} as j, pgrst_e.n from pgrst_payload, ${elements})`;
}

function insertCtes(plan: InsertPlan, returning: string): { ctes: string; inserted?: string } {
  const table = plan.table;
  const alias = ident(table.name);
  const target = `${qualified(table.schema, table.name)} as ${alias}`;
  const merge = plan.onConflict?.resolution === 'merge-duplicates';
  // xmax is 0 on a row this statement inserted, and set on one it updated (ON CONFLICT DO UPDATE).
  const ret = `${returning}${merge ? `, (${alias}.xmax::text = '0') as pgrst_inserted` : ''}`;
  // The rows as the table's row type without the flag.
  const source = merge
    ? `pgrst_source as (select pgrst_x.* from pgrst_raw cross join lateral jsonb_populate_record(null::${qualified(table.schema, table.name)}, to_jsonb(pgrst_raw) - 'pgrst_inserted') as pgrst_x)`
    : `pgrst_source as (select * from pgrst_raw)`;
  const inserted = merge ? `(select count(*) from pgrst_raw where pgrst_inserted)::int` : undefined;
  if (plan.columns.length === 0 || plan.body === undefined) {
    return { ctes: `pgrst_raw as (insert into ${target} default values${conflictClause(plan, [])}${ret}), ${source}`, inserted };
  }
  const populate = `${plan.defaults?.exprs.length ? 'jsonb' : 'json'}_populate_record(null::${qualified(table.schema, table.name)}, pgrst_rows.j) as pgrst_r`;
  const groups = plan.defaults?.groups ?? [{ omit: [], rows: [] }];
  const inserts = groups.map((g, i) => {
    const cols = plan.columns.filter((c) => !g.omit.includes(c));
    const only = groups.length > 1 ? ` where pgrst_rows.n in (${g.rows.join(', ')})` : '';
    const head = cols.length
      ? `(${cols.map(ident).join(', ')}) select ${cols.map((c) => `pgrst_r.${ident(c)}`).join(', ')} from pgrst_rows cross join lateral ${populate}${only} order by pgrst_rows.n`
      : 'default values';
    return `pgrst_ins_${i} as (insert into ${target} ${head}${conflictClause(plan, cols)}${ret})`;
  });
  const raw = inserts.length === 1 ? 'pgrst_ins_0' : `(${inserts.map((_, i) => `select * from pgrst_ins_${i}`).join(' union all ')})`;
  return { ctes: `${rowsCte(plan)}, ${inserts.join(', ')}, pgrst_raw as (select * from ${raw} as pgrst_u), ${source}`, inserted };
}

function whereOf(table: Table, alias: string, filters: Filter[]): string {
  const conds = compileFilters(table, alias, filters);
  return conds.length ? ` where ${conds.join(' and ')}` : '';
}

/** The CTEs of `plan` ending in pgrst_source; for an upsert, the count of rows it inserted. */
export function mutationCtes(plan: MutatePlan, returning: string[] | '*'): { ctes: string; inserted?: string } {
  const table = plan.table;
  const alias = ident(table.name);
  const ret = returningList(alias, returning);
  if (plan.kind === 'insert') return insertCtes(plan, ret);
  const name = qualified(table.schema, table.name);
  if (plan.kind === 'update') {
    const set = plan.columns.map((c) => `${ident(c)} = pgrst_r.${ident(c)}`).join(', ');
    return { ctes: `pgrst_source as (update ${name} as ${alias} set ${set} from json_populate_record(null::${name}, ${value(plan.body)}::json) as pgrst_r${whereOf(table, alias, plan.where)}${ret})` };
  }
  return { ctes: `pgrst_source as (delete from ${name} as ${alias}${whereOf(table, alias, plan.where)}${ret})` };
}
