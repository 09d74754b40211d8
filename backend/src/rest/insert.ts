/**
 * The INSERT (and upsert) of POST on a table, as common table expressions that end in
 * `pgrst_source` (the affected rows, the table's columns) for write.ts to render. The body is one
 * JSON parameter unpacked in SQL (json_populate_record per element), so values are typed by the
 * table and never touch the SQL text.
 *
 * `Prefer: missing=default` gives a key absent from a row its column's default. A default
 * expression is inlined per row; an identity column has none to inline (its default is the
 * sequence, and `generated always` refuses any explicit value), so rows are split by which
 * identity keys they carry and each group inserts without the identity columns it lacks.
 */
import type { TableBody } from './body';
import { bodyError, columnNotFound, parseError } from './errors';
import type { ParsedQuery } from './query-string';
import type { Preferences } from './request';
import type { Table } from './schema-cache';
import { ident, literal, qualified, type Params } from './sql';

export interface InsertCtes {
  /** `name as (…), …, pgrst_source as (…)` */
  ctes: string;
  /** merge-duplicates: how many rows were inserted rather than updated (200 when none). */
  insertedCount?: string;
}

export function columnsOf(table: Table, query: ParsedQuery, rows: Record<string, unknown>[]): string[] {
  const names = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const n of names) if (!table.columns.has(n)) throw columnNotFound(table.name, n);
  return names;
}

/** The ON CONFLICT clause of an upsert, or '' for a plain insert. */
function conflictClause(table: Table, query: ParsedQuery, prefs: Preferences, cols: string[]): string {
  if (!prefs.resolution) {
    if (query.onConflict) throw parseError('on_conflict needs Prefer: resolution=merge-duplicates or resolution=ignore-duplicates');
    return '';
  }
  const conflict = query.onConflict ?? table.primaryKey;
  if (conflict.length === 0) throw parseError(`Upsert on "${table.name}" needs on_conflict: the table has no primary key`);
  for (const c of conflict) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
  if (prefs.resolution === 'ignore-duplicates' || cols.length === 0) return ` on conflict (${conflict.map(ident).join(', ')}) do nothing`;
  // A body of only the conflict columns still "updates" (to the same values), as PostgREST does,
  // so that the existing row is locked and returned.
  const others = cols.filter((c) => !conflict.includes(c));
  const updates = others.length ? others : cols;
  return ` on conflict (${conflict.map(ident).join(', ')}) do update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
}

/** Rows grouped by which identity keys they carry (1-based ordinals), for missing=default. */
function identityGroups(table: Table, cols: string[], rows: Record<string, unknown>[], prefs: Preferences): Map<string, number[]> {
  const identity = prefs.missing === 'default' ? cols.filter((c) => table.columns.get(c)!.identity) : [];
  const groups = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const key = identity.filter((c) => !(c in row)).join('\u0000');
    const list = groups.get(key) ?? [];
    list.push(i + 1);
    groups.set(key, list);
  });
  return groups;
}

/** `returningClause`: the write's RETURNING (returning.ts: the columns its select needs, or `1`). */
export function insertCtes(table: Table, query: ParsedQuery, prefs: Preferences, { text: bodyText, rows }: TableBody, params: Params, returningClause: string): InsertCtes | undefined {
  const cols = columnsOf(table, query, rows);
  const alias = ident(table.name);
  const target = `${qualified(table.schema, table.name)} as ${alias}`;
  const merge = prefs.resolution === 'merge-duplicates';
  // xmax is 0 on a row this statement inserted, and set on one it updated (ON CONFLICT DO UPDATE).
  const returning = `${returningClause}${merge ? `, (${alias}.xmax::text = '0') as pgrst_inserted` : ''}`;
  // The rows as the table's row type without the flag (the select renders from pgrst_source; a
  // column RETURNING left out, which the select does not name, is null there).
  const source = (raw: string) => merge
    ? `pgrst_source as (select pgrst_x.* from ${raw} as pgrst_raw cross join lateral jsonb_populate_record(null::${qualified(table.schema, table.name)}, to_jsonb(pgrst_raw) - 'pgrst_inserted') as pgrst_x)`
    : `pgrst_source as (select * from ${raw} as pgrst_raw)`;
  const inserted = merge ? `(select count(*) from pgrst_raw where pgrst_inserted)::int` : undefined;
  if (cols.length === 0) {
    // `{}` is one row of defaults; `[]` inserts nothing. No body parameter here: a parameter the
    // statement does not use is a protocol error (08P01, a 503) on both drivers.
    if (rows.length === 0) return undefined;
    if (rows.length > 1) throw bodyError('Cannot insert several rows with no columns');
    return { ctes: `pgrst_raw as (insert into ${target} default values${conflictClause(table, query, prefs, cols)}${returning}), ${source('pgrst_raw')}`, insertedCount: inserted };
  }
  const body = params.add(bodyText);
  const elements = `json_array_elements(case when json_typeof(${body}::json) = 'array' then ${body}::json else json_build_array(${body}::json) end) with ordinality as pgrst_e(j, n)`;
  const rec = `json_populate_record(null::${qualified(table.schema, table.name)}, pgrst_e.j) as pgrst_r`;
  const groups = identityGroups(table, cols, rows, prefs);
  const inserts = [...groups].map(([missingKey, ordinals], g) => {
    const missing = new Set(missingKey === '' ? [] : missingKey.split('\u0000'));
    const groupCols = cols.filter((c) => !missing.has(c));
    if (groupCols.length === 0 && ordinals.length > 1) throw bodyError('Cannot insert several rows with no columns');
    const values = groupCols.map((c) => {
      const col = table.columns.get(c)!;
      const v = `pgrst_r.${ident(c)}`;
      if (prefs.missing === 'default' && col.defaultExpr) return `case when (pgrst_e.j)::jsonb ? ${literal(c)} then ${v} else ${col.defaultExpr} end`;
      return v;
    });
    const only = groups.size > 1 ? ` where pgrst_e.n in (${ordinals.join(', ')})` : '';
    const head = groupCols.length ? `(${groupCols.map(ident).join(', ')}) select ${values.join(', ')} from ${elements} cross join lateral ${rec}${only} order by pgrst_e.n` : 'default values';
    return `pgrst_ins_${g} as (insert into ${target} ${head}${conflictClause(table, query, prefs, groupCols)}${returning})`;
  });
  const raw = inserts.length === 1 ? 'pgrst_ins_0' : `(${inserts.map((_, g) => `select * from pgrst_ins_${g}`).join(' union all ')})`;
  return { ctes: `${inserts.join(', ')}, pgrst_raw as (select * from ${raw} as pgrst_u), ${source('pgrst_raw')}`, insertedCount: inserted };
}
