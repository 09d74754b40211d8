/**
 * The one query builder of /rest/v1 (PostgREST's QueryBuilder + Statements): any action plan
 * (action-plan.ts) becomes ONE SQL statement that does the work and renders the answer in the
 * database, returning one row:
 *   body        the JSON (or CSV, or a function's raw text) of the answer
 *   page_total  the rows in this answer
 *   total       the exact count asked for (Prefer: count=exact), else null
 *   inserted    an upsert's inserted rows (merge-duplicates: 201 or 200), else null
 * Reads select from the table; mutations run as data-modifying CTEs ending in `pgrst_source`, the
 * affected rows, which are then read like a table; calls read the function's rows the same way.
 * Values are literals (sql.ts `value`): the statement needs no parameters.
 */
import type { ActionPlan, CallAction, MutateAction, ReadAction } from './action-plan';
import { mediaBody } from './media-sql';
import type { Media } from './media';
import { mutationCtes } from './query-mutate';
import { nodeConditions, renderNodeSelect, type RenderCtx } from './render-select';
import type { PlanNode } from './read-plan';
import { ident, literal, qualified, value } from './sql';

/** The select over `pgrst_t` that aggregates the rows of an answer. */
const AGG_ROWS = `coalesce(json_agg(pgrst_t), '[]'::json)`;

/** The final select: the answer's body in its media type, and the figures, over the core select `core`. */
function finish(core: string, media: Media, ctes = ''): string {
  return `${ctes}select ${mediaBody(media, 'pgrst_out.body')} as body, pgrst_out.page_total, pgrst_out.total, pgrst_out.inserted from (${core}) pgrst_out`;
}

function read(plan: ReadAction, media: Media): string {
  const ctx: RenderCtx = { seq: 0 };
  const node = plan.node;
  const alias = ident(node.table.name);
  const from = `${qualified(node.table.schema, node.table.name)} as ${alias}`;
  const rows = renderNodeSelect(ctx, node, from, alias, [], { order: node.opts.order, limit: plan.page.limit, offset: plan.page.offset }, false);
  let total = 'null::text';
  if (plan.count === 'exact') {
    const conditions = nodeConditions(ctx, node, alias);
    total = `(select count(*) from ${from}${conditions.length ? ` where ${conditions.join(' and ')}` : ''})::text`;
  }
  return finish(`select ${AGG_ROWS} as body, count(*)::int as page_total, ${total} as total, null::int as inserted from (${rows.sql}) pgrst_t`, media);
}

/** count=planned|estimated: the planner's estimate of the filtered rows, and their exact count (read.ts decides). */
export function estimateStatements(plan: ReadAction): { explain: string; exact: string } {
  const ctx: RenderCtx = { seq: 0 };
  const table = plan.node.table;
  const alias = ident(table.name);
  const from = `${qualified(table.schema, table.name)} as ${alias}`;
  const conditions = nodeConditions(ctx, plan.node, alias);
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  return { explain: `explain (format json) select 1 from ${from}${where}`, exact: `select count(*)::text as n from ${from}${where}` };
}

/** A mutation's affected rows read back: the select without the root's filters (they were the WHERE). */
function readBackNode(node: PlanNode): PlanNode {
  return { ...node, opts: { filters: [] } };
}

function mutate(plan: MutateAction, media: Media): string {
  if (!plan.mutation) return finish(`select '[]'::json as body, 0 as page_total, null::text as total, null::int as inserted`, media);
  const ctx: RenderCtx = { seq: 0 };
  const { ctes, inserted } = mutationCtes(plan.mutation, plan.returning);
  const table = plan.mutation.table;
  const ins = inserted ?? 'null::int';
  if (!plan.read) return finish(`select null::json as body, count(*)::int as page_total, null::text as total, ${ins} as inserted from pgrst_source`, media, `with ${ctes} `);
  const alias = ident(table.name);
  const rows = renderNodeSelect(ctx, readBackNode(plan.read), `pgrst_source as ${alias}`, alias, [], {}, false);
  return finish(`select ${AGG_ROWS} as body, count(*)::int as page_total, null::text as total, ${ins} as inserted from (${rows.sql}) pgrst_t`, media, `with ${ctes} `);
}

/** A named argument out of the JSON object `j` (the body), converted to the parameter's type. */
function namedArg(a: { name: string; type: string; baseType: string; isArray: boolean }, j: string, v: unknown): string {
  const key = literal(a.name);
  const isObject = (x: unknown) => !!x && typeof x === 'object' && !Array.isArray(x);
  if (a.baseType === 'json' || a.baseType === 'jsonb') return `(${j} -> ${key})::${a.type}`;
  // A JSON object for a composite (row) type, an array of them for an array of one.
  if (isObject(v)) return `json_populate_record(null::${a.type}, ${j} -> ${key})`;
  if (a.isArray && Array.isArray(v)) {
    if (v.length > 0 && v.every(isObject)) return `(select array_agg(r) from json_populate_recordset(null::${a.type.slice(0, -2)}, ${j} -> ${key}) as r)::${a.type}`;
    return `(select array_agg(e) from json_array_elements_text(${j} -> ${key}) as e)::${a.type}`;
  }
  return `(${j} ->> ${key})::${a.type}`;
}

/** The call's FROM items: the arguments' source (the body once) and the function's result as `alias`. */
function callFrom(plan: CallAction, alias: string): { from: string; invocation: string } {
  const fn = qualified(plan.schema, plan.fn.name);
  const a = plan.args;
  if (a.kind === 'positional') {
    const arg = a.bytes ? `decode(${value(a.body)}, 'hex')` : `${value(a.body)}::${a.param.type}`;
    return { from: `${fn}(${arg}) as ${alias}`, invocation: `${fn}(${arg})` };
  }
  if (a.kind === 'query') {
    const args = a.params.map(([p, v]) => `${ident(p.name)} := ${value(p.isArray && !v.startsWith('{') ? `{${v}}` : v)}::${p.type}`);
    return { from: `${fn}(${args.join(', ')}) as ${alias}`, invocation: `${fn}(${args.join(', ')})` };
  }
  if (a.params.length === 0) return { from: `${fn}() as ${alias}`, invocation: `${fn}()` };
  // The body is written once; every argument reads it (pgrst_args.j).
  const args = a.params.map((p) => `${ident(p.name)} := ${namedArg(p, 'pgrst_args.j', a.values[p.name])}`).join(', ');
  return { from: `(select ${value(a.body)}::json as j) as pgrst_args cross join lateral ${fn}(${args}) as ${alias}`, invocation: `${fn}(${args})` };
}

function call(plan: CallAction, media: Media): string {
  const alias = ident(plan.fn.name);
  const { from, invocation } = callFrom(plan, alias);
  const argsFrom = plan.args.kind === 'json' && plan.args.params.length ? ` from (select ${value(plan.args.body)}::json as j) as pgrst_args` : '';
  const none = `null::int as inserted`;
  switch (plan.shape) {
    case 'void':
      // In the select list itself: an output nobody reads may be optimised away, and the call with it.
      return `select (${invocation})::text as body, 0 as page_total, null::text as total, ${none}${argsFrom}`;
    case 'text':
      return `select (${invocation})::text as body, 1 as page_total, null::text as total, ${none}${argsFrom}`;
    case 'binary':
      return `select encode(${invocation}, 'base64') as body, 1 as page_total, null::text as total, ${none}${argsFrom}`;
    case 'scalar':
      return finish(`select to_json(${invocation}) as body, 1 as page_total, ${plan.count === 'exact' ? `'1'` : 'null::text'} as total, ${none}${argsFrom}`, media);
  }
  if (!plan.read) {
    // A set of scalars: an array of them; no select, filters or order apply.
    return finish(`select coalesce(json_agg(${alias}), '[]'::json) as body, count(*)::int as page_total, count(*)::text as total, ${none} from ${from}`, media);
  }
  const ctx: RenderCtx = { seq: 0 };
  const page = { order: plan.read.opts.order, limit: plan.page.limit, offset: plan.page.offset };
  if (plan.count !== 'exact') {
    const rows = renderNodeSelect(ctx, plan.read, from, alias, [], page, false);
    return finish(`select ${AGG_ROWS} as body, count(*)::int as page_total, null::text as total, ${none} from (${rows.sql}) pgrst_t`, media);
  }
  // The function runs once (a CTE read twice): a volatile function must not run again for the count.
  const source = `pgrst_call as ${alias}`;
  const rows = renderNodeSelect(ctx, plan.read, source, alias, [], page, false);
  const conditions = nodeConditions(ctx, plan.read, alias);
  const total = `(select count(*) from ${source}${conditions.length ? ` where ${conditions.join(' and ')}` : ''})::text`;
  return finish(`select ${AGG_ROWS} as body, count(*)::int as page_total, ${total} as total, ${none} from (${rows.sql}) pgrst_t`, media, `with pgrst_call as (select ${alias}.* from ${from}) `);
}

/** The statement of `plan`, its body rendered in `media`. */
export function buildStatement(plan: ActionPlan, media: Media): string {
  if (plan.kind === 'read') return read(plan, media);
  if (plan.kind === 'mutate') return mutate(plan, media);
  return call(plan, media);
}
