/**
 * The app's schema as it stands after every migration, as one readable SQL file: per schema its
 * types, then each table whole (columns, constraints, row-level security and its policies,
 * indexes, triggers, grants down to the column, publications), views, sequences, and each
 * function with its grants. Everything is read from pg_catalog and sorted by name, so the file
 * changes exactly where a migration changed the schema. It is a picture for readers and reviewers,
 * not a script to run: the migrations stay the only way to change a database.
 */
import type { Tx } from '../db/types';
import * as q from './schema-sql-queries';

type Grant = [grantee: string, privilege: string, grantable: boolean];

interface Relation {
  oid: string; schema: string; name: string; kind: string; rls: boolean; force_rls: boolean;
  comment: string | null; view_def: string | null; grants: string;
}
interface Column {
  oid: string; name: string; type: string; not_null: boolean; default_expr: string | null; generated_expr: string | null;
  identity: string | null; comment: string | null; grants: string;
}
interface Detail { oid: string; name: string; def: string; comment: string | null }

const byName = (a: string, b: string) => a.localeCompare(b, 'en');
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const comment = (what: string, text: string | null) => (text === null ? [] : [`comment on ${what} is ${literal(text)};`]);
const PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'USAGE', 'CREATE', 'EXECUTE'];

/**
 * `grant … on <what> to …;` lines: each grantee's privileges in a fixed order, grantees with the
 * same privileges on one line.
 */
function grantLines(json: string, what: string): string[] {
  const byGrantee = new Map<string, Set<string>>();
  for (const [grantee, privilege, grantable] of JSON.parse(json) as Grant[]) {
    const key = `${grantee}\u0000${grantable}`;
    byGrantee.set(key, (byGrantee.get(key) ?? new Set()).add(privilege));
  }
  const byPrivileges = new Map<string, string[]>();
  for (const [key, privileges] of byGrantee) {
    const [grantee, grantable] = key.split('\u0000');
    const list = [...privileges].sort((a, b) => PRIVILEGES.indexOf(a) - PRIVILEGES.indexOf(b)).map((p) => p.toLowerCase());
    const line = `grant ${list.join(', ')} on ${what} to %s${grantable === 'true' ? ' with grant option' : ''};`;
    byPrivileges.set(line, [...(byPrivileges.get(line) ?? []), grantee!]);
  }
  return [...byPrivileges.entries()].map(([line, grantees]) => line.replace('%s', grantees.sort(byName).join(', '))).sort(byName);
}

/** Column grants folded per grantee and privilege: `grant insert (a, b) on table t to r;`. */
function columnGrantLines(columns: Column[], table: string): string[] {
  const byKey = new Map<string, string[]>();
  for (const c of columns) {
    for (const [grantee, privilege, grantable] of JSON.parse(c.grants) as Grant[]) {
      const key = [grantee, privilege, grantable].join('\u0000');
      byKey.set(key, [...(byKey.get(key) ?? []), c.name]);
    }
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([key, cols]) => {
      const [grantee, privilege, grantable] = key.split('\u0000');
      return `grant ${privilege!.toLowerCase()} (${cols.join(', ')}) on table ${table} to ${grantee}${grantable === 'true' ? ' with grant option' : ''};`;
    });
}

function columnLine(c: Column): string {
  let line = `  ${c.name} ${c.type}`;
  if (c.identity) line += ` generated ${c.identity} as identity`;
  if (c.generated_expr !== null) line += ` generated always as (${c.generated_expr}) stored`;
  if (c.default_expr !== null) line += ` default ${c.default_expr}`;
  if (c.not_null) line += ' not null';
  return line;
}

const POLICY_COMMANDS: Record<string, string> = { r: 'select', a: 'insert', w: 'update', d: 'delete', '*': 'all' };

function groupBy<T extends { oid: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.oid, [...(out.get(r.oid) ?? []), r]);
  return out;
}

/** The whole file for `schemas` (the app's), read inside `tx`. */
export async function renderSchemaSql(tx: Tx, schemas: string[], header: string): Promise<string> {
  await tx.query("select set_config('search_path', '', true)");
  const all = async <R>(sql: string) => (await tx.query<R>(sql, [schemas])).rows;
  const relations = await all<Relation>(q.RELATIONS_SQL);
  const columns = groupBy(await all<Column>(q.COLUMNS_SQL));
  const constraints = groupBy(await all<Detail & { kind: string }>(q.CONSTRAINTS_SQL));
  const indexes = groupBy(await all<Detail>(q.INDEXES_SQL));
  const triggers = await all<Detail & { rel: string; own_table: boolean }>(q.TRIGGERS_SQL);
  const ownTriggers = groupBy(triggers.filter((t) => t.own_table));
  const policies = groupBy(await all<{ oid: string; name: string; permissive: boolean; cmd: string; roles: string; using_expr: string | null; check_expr: string | null; comment: string | null }>(q.POLICIES_SQL));
  const publications = groupBy(await all<{ oid: string; publication: string }>(q.PUBLICATIONS_SQL));
  const types = await all<{ name: string; kind: string; comment: string | null; labels: string | null; attributes: string | null; base: string; not_null: boolean; default_expr: string | null; checks: string | null }>(q.TYPES_SQL);
  const functions = await all<{ schema: string; signature: string; kind: string; def: string; comment: string | null; grants: string }>(q.FUNCTIONS_SQL);

  const out: string[] = [header.split('\n').map((l) => `-- ${l}`.trimEnd()).join('\n'), ''];
  const section = (title: string) => out.push(`-- ${'='.repeat(96)}`, `-- ${title}`, `-- ${'='.repeat(96)}`, '');

  for (const s of await all<{ name: string; comment: string | null; grants: string }>(q.SCHEMAS_SQL)) {
    section(`schema ${s.name}`);
    out.push(`create schema if not exists ${s.name};`, ...comment(`schema ${s.name}`, s.comment), ...grantLines(s.grants, `schema ${s.name}`), '');
    const raw = s.name.replace(/^"|"$/g, '');
    for (const t of types.filter((t) => t.name.startsWith(`${s.name}.`))) {
      if (t.kind === 'e') out.push(`create type ${t.name} as enum (${t.labels ?? ''});`);
      else if (t.kind === 'c') out.push(`create type ${t.name} as (${t.attributes ?? ''});`);
      else out.push(`create domain ${t.name} as ${t.base}${t.default_expr ? ` default ${t.default_expr}` : ''}${t.not_null ? ' not null' : ''}${t.checks ? ` ${t.checks}` : ''};`);
      out.push(...comment(`type ${t.name}`, t.comment), '');
    }
    for (const r of relations.filter((r) => r.schema === raw)) out.push(...relationBlock(r), '');
    for (const f of functions.filter((f) => f.schema === raw)) {
      out.push(`${f.def.trimEnd()};`, ...comment(`${f.kind} ${f.signature}`, f.comment), ...grantLines(f.grants, `${f.kind} ${f.signature}`), '');
    }
  }
  const foreign = triggers.filter((t) => !t.own_table);
  if (foreign.length) {
    section("the app's triggers on other schemas' tables");
    for (const t of foreign) out.push(`${t.def};`, ...comment(`trigger ${t.name} on ${t.rel}`, t.comment), '');
  }
  return `${out.join('\n').trimEnd()}\n`;

  function relationBlock(r: Relation): string[] {
    const lines: string[] = [];
    const cols = columns.get(r.oid) ?? [];
    if (r.kind === 'S') return [`create sequence ${r.name};`, ...comment(`sequence ${r.name}`, r.comment), ...grantLines(r.grants, `sequence ${r.name}`)];
    if (r.kind === 'v' || r.kind === 'm') {
      lines.push(`create ${r.kind === 'm' ? 'materialized view' : 'view'} ${r.name} as`, `${(r.view_def ?? '').trimEnd().replace(/;$/, '')};`);
    } else {
      const body = [...cols.map(columnLine), ...(constraints.get(r.oid) ?? []).map((c) => `  constraint ${c.name} ${c.def}`)];
      lines.push(`create table ${r.name} (`, body.join(',\n'), ');');
    }
    const what = r.kind === 'v' ? 'view' : r.kind === 'm' ? 'materialized view' : 'table';
    lines.push(...comment(`${what} ${r.name}`, r.comment));
    for (const c of cols) lines.push(...comment(`column ${r.name}.${c.name}`, c.comment));
    for (const c of constraints.get(r.oid) ?? []) lines.push(...comment(`constraint ${c.name} on ${r.name}`, c.comment));
    if (r.rls) lines.push(`alter table ${r.name} enable row level security;`);
    if (r.force_rls) lines.push(`alter table ${r.name} force row level security;`);
    for (const p of policies.get(r.oid) ?? []) {
      let line = `create policy ${p.name} on ${r.name}${p.permissive ? '' : ' as restrictive'} for ${POLICY_COMMANDS[p.cmd] ?? p.cmd} to ${p.roles}`;
      if (p.using_expr !== null) line += `\n  using (${p.using_expr})`;
      if (p.check_expr !== null) line += `\n  with check (${p.check_expr})`;
      lines.push(`${line};`, ...comment(`policy ${p.name} on ${r.name}`, p.comment));
    }
    for (const i of indexes.get(r.oid) ?? []) lines.push(`${i.def};`, ...comment(`index ${i.name}`, i.comment));
    for (const t of ownTriggers.get(r.oid) ?? []) lines.push(`${t.def};`, ...comment(`trigger ${t.name} on ${r.name}`, t.comment));
    lines.push(...grantLines(r.grants, `table ${r.name}`), ...columnGrantLines(cols, r.name));
    for (const p of publications.get(r.oid) ?? []) lines.push(`alter publication ${p.publication} add table ${r.name};`);
    return lines;
  }
}
