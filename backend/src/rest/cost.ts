/**
 * Bounded work per request: static checks on a parsed query before any SQL is built.
 *
 * PGlite runs on the main thread and has no statement timeout, so nothing can stop a query once
 * it runs: a request must be cheap by construction. Each bound here comes from a shape that
 * stalled the server (docs/security.md, "Bounded work per request") and sits far above what
 * supabase-js and the apps send. PostgreSQL gets the same checks plus `statement_timeout`.
 * Refusals are 400 with a stable code (errors.ts: PGRST190–PGRST193).
 */
import { LIMITS } from '../http/limits';
import { breadthError, embedCostError, patternCostError, regexCostError } from './errors';
import type { Condition, Filter } from './filter-syntax';
import type { ParsedQuery } from './query-types';
import { regexProblem } from './regex-cost';
import type { PlanNode } from './read-plan';
import type { SelectItem } from './select-syntax';

const LIKE_OPS = new Set(['like', 'ilike']);
const REGEX_OPS = new Set(['match', 'imatch']);
const FTS_OPS = new Set(['fts', 'plfts', 'phfts', 'wfts']);

function conditions(filters: Filter[], out: Condition[] = []): Condition[] {
  for (const f of filters) {
    if (f.kind === 'cond') out.push(f);
    else conditions(f.children, out);
  }
  return out;
}

function selectWidth(items: SelectItem[]): number {
  return items.reduce((n, it) => n + 1 + (it.kind === 'embed' ? selectWidth(it.items) : 0), 0);
}

/** The longest run of tsquery prefix operators (`!`, and `-` of websearch), spaces ignored. */
function operatorRun(value: string): number {
  let run = 0;
  let max = 0;
  for (const c of value) {
    if (c === '!' || c === '-') max = Math.max(max, ++run);
    else if (c !== ' ' && c !== '\t' && c !== '(') run = 0;
  }
  return max;
}

function checkCondition(cond: Condition, counts: { regex: number; like: number }): void {
  const values = cond.quantifier ? (cond.list ?? []) : [cond.value];
  if (REGEX_OPS.has(cond.op)) {
    counts.regex += values.length;
    if (counts.regex > LIMITS.regexFilters) throw regexCostError(`At most ${LIMITS.regexFilters} regular expressions (match, imatch) per request`);
    for (const v of values) {
      const problem = regexProblem(v);
      if (problem) throw regexCostError(problem);
    }
  } else if (LIKE_OPS.has(cond.op)) {
    counts.like += values.length;
    if (counts.like > LIMITS.likeFilters) throw patternCostError(`At most ${LIMITS.likeFilters} like/ilike patterns per request`);
    for (const v of values) {
      const wildcards = v.replace(/[^%*_]/g, '').length;
      if (v.length > LIMITS.likePatternLength || wildcards > LIMITS.likeWildcards) {
        throw patternCostError(`A like/ilike pattern may have at most ${LIMITS.likePatternLength} characters and ${LIMITS.likeWildcards} wildcards (*, %, _)`);
      }
    }
  } else if (FTS_OPS.has(cond.op)) {
    if (cond.value.length > LIMITS.ftsQueryLength) throw patternCostError(`A full-text query may have at most ${LIMITS.ftsQueryLength} characters`);
    if (operatorRun(cond.value) > LIMITS.ftsOperatorRun) throw patternCostError(`A full-text query may chain at most ${LIMITS.ftsOperatorRun} negations (! or -) in a row`);
  }
}

/** Refuse a query whose filters, select or order could cost more than one request may. */
export function checkQueryCost(query: ParsedQuery): void {
  const all: Condition[] = [];
  let orderTerms = 0;
  for (const node of query.nodes.values()) {
    conditions(node.filters, all);
    orderTerms += node.order?.length ?? 0;
  }
  if (all.length > LIMITS.filters) throw breadthError(`At most ${LIMITS.filters} filter conditions per request (or/and trees included); this one has ${all.length}`);
  if (orderTerms > LIMITS.orderTerms) throw breadthError(`At most ${LIMITS.orderTerms} order terms per request`);
  const width = selectWidth(query.select);
  if (width > LIMITS.selectItems) throw breadthError(`At most ${LIMITS.selectItems} items in select (embedded ones included); this one has ${width}`);
  const counts = { regex: 0, like: 0 };
  for (const cond of all) checkCondition(cond, counts);
}

/**
 * Embeds multiply work by the rows each level returns. A path may visit a table at most
 * LIMITS.embedRevisits + 1 times (gigs → profiles → gigs, the poster's other gigs, is fine; going
 * round again multiplies by the fan-out each time), hold at most LIMITS.embedToMany one-to-many
 * levels (a many-to-many counts as one, a to-many spread too), and a request may hold at most
 * LIMITS.embeds embeds in all (spreads, empty embeds and the junction of a many-to-many count).
 */
export function checkPlanCost(root: PlanNode): void {
  let total = 0;
  const walk = (node: PlanNode, path: string[], toMany: number) => {
    for (const item of node.items) {
      if (item.kind !== 'embed') continue;
      total += item.rel.junction ? 2 : 1;
      if (total > LIMITS.embeds) throw embedCostError(`At most ${LIMITS.embeds} embedded resources per request`);
      const target = item.node.table.name;
      const next = [...path, target];
      if (next.filter((t) => t === target).length > LIMITS.embedRevisits + 1) {
        throw embedCostError(`The embed path ${next.join(' → ')} returns to '${target}' more than ${LIMITS.embedRevisits} time(s)`);
      }
      const many = toMany + (item.rel.toOne ? 0 : 1);
      if (many > LIMITS.embedToMany) throw embedCostError(`The embed path ${next.join(' → ')} nests more than ${LIMITS.embedToMany} one-to-many embeds`);
      walk(item.node, next, many);
    }
  };
  walk(root, [root.table.name], 0);
}
