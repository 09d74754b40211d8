/**
 * What one /rest/v1 request does, as plain data (PostgREST's ActionPlan): read a table; mutate one
 * (insert, upsert, update, delete) and read the affected rows back; or call a function and read
 * its result like a table. The planners build these from the request and the schema cache
 * (read.ts, mutate-plan.ts, call-plan.ts) and check them; query-builder.ts renders any of them as
 * one SQL statement; respond.ts turns that statement's row into the answer. Nothing here is SQL.
 */
import type { Filter } from './filter-syntax';
import type { PlanNode } from './read-plan';
import type { FunctionArg, RoutineDef, Table } from './schema-types';

export interface Page {
  offset: number;
  limit?: number;
}

export type CountMode = 'exact' | 'planned' | 'estimated';

export interface ReadAction {
  kind: 'read';
  /** The select tree over the table, with its filters, order and embeds (read-plan.ts). */
  node: PlanNode;
  page: Page;
  count?: CountMode;
}

/** `Prefer: missing=default`: how the rows of an insert get the values their keys leave out. */
export interface InsertDefaults {
  /** Column → its default as SQL (catalog text), evaluated for every row as PostgREST does. */
  exprs: [column: string, sql: string][];
  /**
   * Rows by the `generated always` identity columns they leave out (1-based positions): such a
   * column takes no value at all, so each group inserts without the ones it lacks.
   */
  groups: { omit: string[]; rows: number[] }[];
}

export interface InsertPlan {
  kind: 'insert';
  table: Table;
  /** The columns written: the body's keys, or `columns=`. */
  columns: string[];
  /** The JSON body (an object or an array of objects); absent for `{}`, one row of defaults. */
  body?: string;
  onConflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  defaults?: InsertDefaults;
}

export interface UpdatePlan {
  kind: 'update';
  table: Table;
  columns: string[];
  /** The JSON object with the new values. */
  body: string;
  where: Filter[];
}

export interface DeletePlan {
  kind: 'delete';
  table: Table;
  where: Filter[];
}

export type MutatePlan = InsertPlan | UpdatePlan | DeletePlan;

export interface MutateAction {
  kind: 'mutate';
  /** Absent when there is nothing to run (`[]`, or a PATCH of no columns). */
  mutation?: MutatePlan;
  /** The columns RETURNING hands to the read back (returning.ts); '*' for all. */
  returning: string[] | '*';
  /** Prefer: return=representation — the affected rows read with the request's select. */
  read?: PlanNode;
}

/** How a call passes its arguments (PostgREST's CallParams and CallArgs). */
export type CallArgs =
  /** A single unnamed parameter: the whole body, as that parameter's type. */
  | { kind: 'positional'; param: FunctionArg; body: string; bytes: boolean }
  /** Named parameters out of a JSON object body; `values`: each one's JSON value (its shape picks the conversion). */
  | { kind: 'json'; params: FunctionArg[]; body: string; values: Record<string, unknown> }
  /** Named parameters from the query string (GET, HEAD). */
  | { kind: 'query'; params: [FunctionArg, string][] };

/** What a call's result is read as. */
export type CallShape = 'rows' | 'object' | 'scalar' | 'void' | 'text' | 'binary';

export interface CallAction {
  kind: 'call';
  schema: string;
  fn: RoutineDef;
  args: CallArgs;
  shape: CallShape;
  /** The result rows as a table (select, filters, order, embeds), for 'rows' and 'object'. */
  read?: PlanNode;
  page: Page;
  count?: CountMode;
}

export type ActionPlan = ReadAction | MutateAction | CallAction;
