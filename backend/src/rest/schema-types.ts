/**
 * What the schema cache holds (schema-cache.ts loads it; schema-facts.ts adds keys, view columns
 * and computed fields). Types only, in their own module so the loaders can share them.
 */
import type { Rel } from './relationships';

export interface Column {
  name: string;
  /** format_type(atttypid, null): a castable type name straight from the catalog (e.g. "text[]"). */
  type: string;
  /** Base type name of the element or the type itself (e.g. "text" for text[]). */
  baseType: string;
  isArray: boolean;
  nullable: boolean;
  /** pg_get_expr of the column default (trusted catalog text) or null. */
  defaultExpr: string | null;
  identity: boolean;
  /** `generated always as identity` (no value may be given); false for `by default`. */
  identityAlways: boolean;
  generated: boolean;
}

export interface Relationship {
  /** Constraint name, usable as an embedding hint. */
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  /** Column names in order. */
  columnOrder: string[];
  primaryKey: string[];
  /**
   * Row-level security applies (or may: every view counts, since it reads other tables). The
   * planner's row estimate counts every row, so it is never given for these (read.ts).
   */
  rls: boolean;
  schema: string;
  /** Computed fields: functions taking this relation's row and returning a non-row value. */
  computed: Map<string, ComputedField>;
}

export interface ComputedField {
  fn: string;
  type: string;
  baseType: string;
  isArray: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  baseType: string;
  isArray: boolean;
  hasDefault: boolean;
  /** The exposed table or view whose row type this argument is. */
  rel?: string;
}

export interface RoutineDef {
  name: string;
  args: FunctionArg[];
  /** format_type of the return type. */
  returnType: string;
  returnsSet: boolean;
  /** Composite (a table row type or OUT/TABLE params): rendered as an object / array of objects. */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatility: 'i' | 's' | 'v';
  /** The columns of a composite result (OUT/TABLE parameters, or the composite type's attributes). */
  columns: FunctionArg[];
  /** The exposed table or view whose row type it returns, and the planner's row estimate. */
  returnsRel?: string;
  rows: number;
  returnBaseType: string;
  returnsArray: boolean;
  /** COMMENT ON FUNCTION, if any (PostgREST orders overloads by it after their parameters' count). */
  description?: string;
  /** The API roles (anon, authenticated, service_role) that may execute it. */
  executableBy: string[];
}

export interface SchemaCache {
  /** The schema this cache describes (one cache per exposed schema). */
  schema: string;
  tables: Map<string, Table>;
  /** Foreign keys, each seen from its owning table. */
  relationships: Relationship[];
  /** Every relationship (relationships.ts), by origin table or view. */
  rels: Map<string, Rel[]>;
  functions: Map<string, RoutineDef[]>;
  loadedAt: number;
}
