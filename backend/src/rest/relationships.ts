/**
 * Relationships as PostgREST infers them, from plain catalog data (no database here): each
 * foreign key seen from both ends (many-to-one / one-to-many, or one-to-one when its columns are
 * a primary or unique key), the same keys through views that show their columns (under the
 * same or other names, through views of views), many-to-many
 * through a junction table whose primary key holds two foreign keys, and computed relationships
 * (a function taking a row of one table and returning rows of another).
 */
export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many' | 'computed';

export interface Junction {
  table: string;
  constraint1: string;
  constraint2: string;
  /** [origin column, junction column] */
  source: [string, string][];
  /** [junction column, target column] */
  target: [string, string][];
}

export interface Rel {
  cardinality: Cardinality;
  origin: string;
  target: string;
  /** The foreign key's name ('' for many-to-many and computed). */
  constraint: string;
  /** [origin column, target column] pairs of a foreign key. */
  cols: [string, string][];
  junction?: Junction;
  /** Computed: the function (its single argument is the origin's row). */
  fn?: string;
  toOne: boolean;
  isSelf: boolean;
  targetIsView: boolean;
  /** The origin shows the foreign key's own columns (its many-to-one side; for one-to-one, the side holding the key). */
  holdsKey?: true;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface CatalogFacts {
  kinds: Map<string, 'table' | 'view'>;
  uniqueKeys: Map<string, string[][]>;
  primaryKeys: Map<string, string[]>;
  foreignKeys: ForeignKey[];
  /** view → [view column, base table, base column] for each view column showing a table column */
  viewColumns: Map<string, [string, string, string][]>;
  computed: { fn: string; origin: string; target: string; toOne: boolean }[];
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i]!]);
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** At most this many ways one view shows a key's columns (each is a relationship, as in PostgREST). */
const MAX_VIEW_KEY_COMBINATIONS = 8;

/**
 * The relations that show `cols` of `table`, each with those columns under its own names: the
 * table itself, and every view with a column for each of them (renamed or not). A view showing
 * a key column twice shows the key once per combination.
 */
function exposers(f: CatalogFacts, table: string, cols: string[]): { name: string; cols: string[] }[] {
  const out = [{ name: table, cols }];
  for (const [view, sources] of f.viewColumns) {
    let combos: string[][] = [[]];
    for (const c of cols) {
      const names = sources.filter(([, t, bc]) => t === table && bc === c).map(([vc]) => vc);
      combos = combos.flatMap((combo) => names.map((n) => [...combo, n])).slice(0, MAX_VIEW_KEY_COMBINATIONS);
    }
    for (const combo of combos) if (combo.length === cols.length) out.push({ name: view, cols: combo });
  }
  return out;
}

/** Every relationship, grouped by origin. */
export function buildRelationships(f: CatalogFacts): Map<string, Rel[]> {
  const out = new Map<string, Rel[]>();
  const add = (r: Rel) => {
    const list = out.get(r.origin) ?? [];
    list.push(r);
    out.set(r.origin, list);
  };
  const isView = (t: string) => f.kinds.get(t) === 'view';
  for (const fk of f.foreignKeys) {
    const unique = (f.uniqueKeys.get(fk.table) ?? []).some((k) => sameSet(k, fk.columns));
    for (const from of exposers(f, fk.table, fk.columns)) {
      for (const to of exposers(f, fk.foreignTable, fk.foreignColumns)) {
        const base = { constraint: fk.name, isSelf: from.name === to.name };
        add({ ...base, cardinality: unique ? 'one-to-one' : 'many-to-one', origin: from.name, target: to.name, cols: zip(from.cols, to.cols), toOne: true, targetIsView: isView(to.name), holdsKey: true });
        add({ ...base, cardinality: unique ? 'one-to-one' : 'one-to-many', origin: to.name, target: from.name, cols: zip(to.cols, from.cols), toOne: unique, targetIsView: isView(from.name) });
      }
    }
  }
  // Many-to-many: a table whose primary key holds the columns of two of its foreign keys.
  for (const [junction, pk] of f.primaryKeys) {
    const fks = f.foreignKeys.filter((k) => k.table === junction && k.columns.every((c) => pk.includes(c)));
    for (const a of fks) {
      for (const b of fks) {
        if (a === b) continue;
        add({
          cardinality: 'many-to-many', origin: a.foreignTable, target: b.foreignTable, constraint: '', cols: [], toOne: false,
          isSelf: a.foreignTable === b.foreignTable, targetIsView: isView(b.foreignTable),
          junction: { table: junction, constraint1: a.name, constraint2: b.name, source: zip(a.foreignColumns, a.columns), target: zip(b.columns, b.foreignColumns) },
        });
      }
    }
  }
  for (const c of f.computed) {
    add({ cardinality: 'computed', origin: c.origin, target: c.target, constraint: '', cols: [], fn: c.fn, toOne: c.toOne, isSelf: c.origin === c.target, targetIsView: isView(c.target) });
  }
  return out;
}

const single = (cols: [string, string][], side: 0 | 1, name: string) => cols.length === 1 && cols[0]![side] === name;

/**
 * The relationships of `origin` that the embed `target` (with an optional `!hint`) may mean, by
 * PostgREST's rules: a computed relationship by its function's name (it overrides the others); a
 * self-referencing key gives the children by the table's name and the parent by the column's; else
 * the target is a table or view, a constraint or a foreign-key column, and the hint narrows it.
 */
export function matchRelationships(rels: Rel[], target: string, hint?: string): Rel[] {
  const computed = rels.filter((r) => r.cardinality === 'computed' && r.fn === target);
  if (computed.length) return computed;
  return rels.filter((r) => {
    if (r.cardinality === 'computed') return false;
    if (r.isSelf) {
      if (hint === undefined) {
        return (r.target === target && r.cardinality === 'one-to-many') || (r.cardinality === 'many-to-one' && single(r.cols, 0, target));
      }
      return r.target === target && r.cardinality === 'one-to-many' && single(r.cols, 1, hint);
    }
    if (hint === undefined) {
      return r.target === target || (!r.targetIsView && r.constraint !== '' && (r.constraint === target || single(r.cols, 0, target)));
    }
    return r.target === target && (
      (r.constraint !== '' && r.constraint === hint) || single(r.cols, 0, hint) || single(r.cols, 1, hint) || r.junction?.table === hint
    );
  });
}
