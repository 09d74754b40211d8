/**
 * The parsed query tree's types (query-string.ts builds it). Their own module so the cost checks
 * and the planners can name them without importing the parser, which imports the cost checks.
 */
import type { Filter } from './filter-syntax';
import type { Field } from './query-syntax';
import type { SelectItem } from './select-syntax';

export interface OrderTerm {
  /** `rel(col)`: the embed (alias or relation name) whose column `field` orders the parent. */
  relation?: string;
  field: Field;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Options that apply to one node of the select tree ('' is the root; 'profiles' an embed). */
export interface NodeOptions {
  filters: Filter[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by the embed path joined with '.', '' for the root. */
  nodes: Map<string, NodeOptions>;
  columns?: string[];
  onConflict?: string[];
  /** Pairs that are not reserved words (rpc GET: function arguments or filters). */
  rest: [string, string][];
}
