/**
 * The phx_join payload realtime-js sends — `{config: {broadcast, presence, postgres_changes,
 * private, postgres_changes_options}, access_token}` — validated, and its postgres_changes
 * bindings resolved against the published tables.
 */
import { z } from 'zod';
import type { Database, Tx } from '../db/types';
import type { Identity } from './auth';
import { castSql, FilterError, parseFilter, type Filter } from './filters';
import type { ChangeEvent, PgSub } from './bindings';
import { MAX_BINDINGS_PER_CHANNEL } from './limits';
import { describeTable, publishedTables, type TableInfo } from './tables';

const name = z.string().min(1).max(63);
const binding = z.object({
  event: z.string().max(16),
  schema: name,
  table: name.optional(),
  filter: z.string().max(2000).optional(),
});

export const joinPayload = z.object({
  config: z
    .object({
      broadcast: z.object({ self: z.boolean().optional(), ack: z.boolean().optional() }).partial().nullish(),
      presence: z.object({ key: z.string().max(255).optional(), enabled: z.boolean().optional() }).nullish(),
      postgres_changes: z.array(binding).max(MAX_BINDINGS_PER_CHANNEL).nullish(),
      private: z.boolean().nullish(),
      postgres_changes_options: z.object({ wait: z.boolean().optional(), timeout: z.number().optional() }).nullish(),
    })
    .nullish(),
  access_token: z.string().max(16_384).nullish(),
  user_token: z.string().max(16_384).nullish(),
});

export type JoinPayload = z.infer<typeof joinPayload>;
export type Binding = z.infer<typeof binding>;

export interface ResolvedBindings {
  subs: PgSub[];
  /** The bindings as the join reply echoes them, each with its id. */
  reply: (Binding & { id: number })[];
  /** Why a binding cannot deliver (empty when all can). */
  problems: string[];
}

let nextId = 1;
const EVENTS = new Set(['INSERT', 'UPDATE', 'DELETE', '*']);

const describe = (b: Binding) =>
  `[event: ${b.event}, schema: ${b.schema}, table: ${b.table ?? '*'}, filters: ${b.filter ?? 'none'}]`.slice(0, 500);

async function tablesFor(db: Database, tx: Tx, b: Binding): Promise<TableInfo[]> {
  const names = !b.table || b.table === '*' ? await publishedTables(tx, b.schema) : [b.table];
  const out: TableInfo[] = [];
  for (const t of names) {
    const info = await describeTable(db, tx, b.schema, t);
    if (info) out.push(info);
  }
  return out;
}

/** Do all values of `filters` cast to their columns' types? (one query, in a savepoint) */
async function casts(tx: Tx, table: TableInfo, filters: Filter[]): Promise<boolean> {
  const params: unknown[] = [];
  const sql = castSql(filters, table, params);
  await tx.query('savepoint need40_rt_cast');
  try {
    await tx.query(sql, params);
    await tx.query('release savepoint need40_rt_cast');
    return true;
  } catch {
    await tx.query('rollback to savepoint need40_rt_cast');
    return false;
  }
}

/**
 * The filters whose values do not cast to their column's type: the join says so now rather than
 * never matching. One query when all cast (the usual case), then one per filter to find the culprits.
 */
async function uncastable(tx: Tx, table: TableInfo, filters: Filter[]): Promise<Set<Filter>> {
  const bad = new Set<Filter>();
  if (!filters.length || (await casts(tx, table, filters))) return bad;
  for (const f of filters) if (!(await casts(tx, table, [f]))) bad.add(f);
  return bad;
}

/**
 * `ids`: the ids the join reply gave (a re-subscription keeps them: the client matches by id).
 * Every binding of a join is resolved in one read-only transaction (it was one or two per binding).
 */
export function resolveBindings(db: Database, bindings: Binding[], who: Identity, ids?: number[]): Promise<ResolvedBindings> {
  if (!bindings.length) return Promise.resolve({ subs: [], reply: [], problems: [] });
  return db.transaction((tx) => resolveIn(db, tx, bindings, who, ids), { readOnly: true });
}

async function resolveIn(db: Database, tx: Tx, bindings: Binding[], who: Identity, ids?: number[]): Promise<ResolvedBindings> {
  const out: ResolvedBindings = { subs: [], reply: [], problems: [] };
  const parsed: { b: Binding; subs: PgSub[]; problem?: string }[] = [];
  const byTable = new Map<TableInfo, Filter[]>();
  for (const [i, b] of bindings.entries()) {
    const id = ids?.[i] ?? nextId++;
    out.reply.push({ ...b, id });
    const event = b.event.toUpperCase();
    const unable = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe(b)}`;
    const tables = EVENTS.has(event) ? (await tablesFor(db, tx, b)).filter((t) => t.published && (t.selectable.get(who.role)?.size ?? 0) > 0) : [];
    if (!tables.length) {
      parsed.push({ b, subs: [], problem: unable });
      continue;
    }
    try {
      const subs = tables.map((t) => ({ id, event: event as ChangeEvent, schema: t.schema, table: t.table, filter: b.filter ? parseFilter(b.filter, t) : null }));
      tables.forEach((t, k) => {
        const filter = subs[k]!.filter;
        if (filter) byTable.set(t, [...(byTable.get(t) ?? []), filter]);
      });
      parsed.push({ b, subs });
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      parsed.push({ b, subs: [], problem: `${error.message} ${describe(b)}` });
    }
  }
  const bad = new Set<Filter>();
  for (const [table, filters] of byTable) for (const f of await uncastable(tx, table, filters)) bad.add(f);
  for (const { b, subs, problem } of parsed) {
    const culprit = subs.find((sub) => sub.filter && bad.has(sub.filter))?.filter;
    if (problem) out.problems.push(problem);
    else if (culprit) out.problems.push(`Error parsing \`filter\` params: invalid value for column ${culprit.column} ${describe(b)}`);
    else out.subs.push(...subs);
  }
  return out;
}
