/**
 * Which base-table column each view column shows, read from the view's stored query (its
 * `_RETURN` rule, `pg_rewrite.ev_action`), as PostgREST infers relationships through views: each
 * entry of the query's top-level target list records the table and column it reads directly
 * (`resorigtbl`, `resorigcol`; 0 for an expression). A view column may rename its source
 * (`select id as vid`), and a view over a view is followed down to the table.
 */

export interface TargetOrigin {
  /** The view column's number (its attnum). */
  resno: number;
  /** pg_class oid of the relation read, and that relation's column number. */
  table: number;
  column: number;
}

const FIELD = /:(resno|resorigtbl|resorigcol) (\d+)/y;

/**
 * The origins of the top-level target list of a stored query (`ev_action::text`, PostgreSQL's
 * node-tree text). Subqueries (in FROM, in sublinks) carry target lists of their own, nested
 * deeper: only the fields of entries one level inside the top query's `:targetList` count.
 */
export function targetOrigins(action: string): TargetOrigin[] {
  const out: TargetOrigin[] = [];
  let depth = 0;
  let inList = false;
  let listDepth = 0;
  let entry: Partial<TargetOrigin> = {};
  for (let i = 0; i < action.length; i++) {
    const c = action[i];
    if (c === '\\') {
      i++; // an escaped character inside a token (outToken)
      continue;
    }
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') {
      depth--;
      if (inList && depth < listDepth) break; // the end of the top-level target list
    } else if (c === ':') {
      if (!inList && depth === 2 && action.startsWith(':targetList (', i)) {
        inList = true;
        listDepth = depth + 1;
        continue;
      }
      // Fields of an entry: inside the list's "(" and the entry's "{".
      if (!inList || depth !== listDepth + 1) continue;
      FIELD.lastIndex = i;
      const m = FIELD.exec(action);
      if (!m) continue;
      const key = m[1] === 'resno' ? 'resno' : m[1] === 'resorigtbl' ? 'table' : 'column';
      entry[key] = Number(m[2]);
      if (key === 'column') {
        if (entry.resno && entry.table && entry.column) out.push(entry as TargetOrigin);
        entry = {};
      }
    }
  }
  return out;
}

export interface RelationColumns {
  /** Relation name when it is in the exposed schema, else undefined. */
  name?: string;
  kind: 'table' | 'view';
  columns: Map<number, string>;
  /** A view's columns by number → [relation oid, column number] they read. */
  origins?: Map<number, [number, number]>;
}

/**
 * view → [view column, base table, base column] for every view column that reads a table column
 * of the exposed schema, through any chain of views (bounded: a cycle cannot be stored, but a
 * chain is followed at most 16 levels).
 */
export function viewColumnSources(relations: Map<number, RelationColumns>): Map<string, [string, string, string][]> {
  const out = new Map<string, [string, string, string][]>();
  for (const view of relations.values()) {
    if (view.kind !== 'view' || !view.name || !view.origins) continue;
    const list: [string, string, string][] = [];
    for (const [attnum, origin] of view.origins) {
      let [oid, col] = origin;
      for (let hops = 0; hops < 16; hops++) {
        const rel = relations.get(oid);
        if (!rel || rel.kind === 'table') break;
        const next = rel.origins?.get(col);
        if (!next) {
          oid = 0;
          break;
        }
        [oid, col] = next;
      }
      const base = relations.get(oid);
      const viewCol = view.columns.get(attnum);
      const baseCol = base?.columns.get(col);
      if (base?.kind === 'table' && base.name && viewCol && baseCol) list.push([viewCol, base.name, baseCol]);
    }
    out.set(view.name, list);
  }
  return out;
}
