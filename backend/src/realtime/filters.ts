/**
 * postgres_changes filters as realtime-js sends them: `column=op.value`, op one of eq, neq, lt,
 * lte, gt, gte, in (`in.(a,b,"c,d")`, PostgREST quoting). A filter is checked against the changed
 * row's image in SQL, the value cast to the column's type, so `rate=gt.500` compares numbers and
 * a uuid compares as a uuid.
 */
import { quoteIdent, type TableInfo } from './tables';

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: FilterOp;
  values: string[];
  /** Identical filters share one evaluation per change. */
  key: string;
}

const SQL_OP: Record<Exclude<FilterOp, 'in'>, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };
const MAX_IN_VALUES = 100;

export class FilterError extends Error {}

/** The list of an `in.(…)` filter: comma-separated, items may be double-quoted with \ escapes. */
function parseList(text: string): string[] | null {
  if (!text.startsWith('(') || !text.endsWith(')')) return null;
  const body = text.slice(1, -1);
  const items: string[] = [];
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let v = '';
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\' && i + 1 < body.length) i++;
        v += body[i];
        i++;
      }
      if (body[i] !== '"') return null;
      i++;
      items.push(v);
    } else {
      const end = body.indexOf(',', i);
      items.push(body.slice(i, end === -1 ? body.length : end).trim());
      i = end === -1 ? body.length : end;
    }
    if (i < body.length && body[i] !== ',') return null;
    i++;
  }
  return items;
}

export function parseFilter(text: string, table: TableInfo): Filter {
  const m = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(text);
  if (!m) throw new FilterError(`Error parsing \`filter\` params: ${text.slice(0, 200)}`);
  const [, column, op, rest] = m as unknown as [string, string, FilterOp, string];
  if (!table.columns.some((c) => c.name === column)) throw new FilterError(`Error parsing \`filter\` params: column ${column.slice(0, 63)} does not exist`);
  let values: string[];
  if (op === 'in') {
    const list = parseList(rest);
    if (!list || list.length === 0 || list.length > MAX_IN_VALUES) throw new FilterError(`Error parsing \`filter\` params: ${text.slice(0, 200)}`);
    values = list;
  } else {
    values = [rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"') ? rest.slice(1, -1).replace(/\\(.)/g, '$1') : rest];
  }
  return { column, op, values, key: JSON.stringify([column, op, values]) };
}

/** A PostgreSQL array literal of texts (every element quoted), for a text[] parameter. */
export const textArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * One SQL query over the alias `t` (the row image) returning, as rows `k`, the indexes of the
 * `filters` that pass; each group's indexes and values go into `params` as two arrays. Filters are
 * grouped by column and operator (an `in` list is its values compared with `=`), each group one
 * `unnest` compared with the column, the value cast to the column's type. So the query's shape is
 * bounded by the table's columns, never by how many filters there are: one expression per filter
 * used to make a target list, and past 1,664 filters on a table ("target lists can have at most
 * 1664 entries") that table's changes reached nobody.
 */
export function passingFiltersSql(filters: Filter[], table: TableInfo, params: unknown[]): string {
  const groups = new Map<string, { column: string; op: Exclude<FilterOp, 'in'>; keys: number[]; values: string[] }>();
  filters.forEach((f, k) => {
    const op = f.op === 'in' ? 'eq' : f.op;
    const key = JSON.stringify([f.column, op]);
    const group = groups.get(key) ?? { column: f.column, op, keys: [], values: [] };
    for (const v of f.values) {
      group.keys.push(k);
      group.values.push(v);
    }
    groups.set(key, group);
  });
  const parts = [...groups.values()].map(({ column, op, keys, values }) => {
    params.push(`{${keys.join(',')}}`, textArray(values));
    return `select f.k from unnest($${params.length - 1}::int[], $${params.length}::text[]) as f(k, v) where t.${quoteIdent(column)} ${SQL_OP[op]} f.v::${columnType(table, column)}`;
  });
  return parts.join(' union all ');
}

/**
 * One query that casts every value of `filters` to its column's type: it fails when one of them
 * does not cast (a join checks its filters with it, then finds the culprit one by one).
 */
export function castSql(filters: Filter[], table: TableInfo, params: unknown[]): string {
  const casts = filters.map((f) => {
    params.push(textArray(f.values));
    return `(select count(v::${columnType(table, f.column)}) from unnest($${params.length}::text[]) as v)`;
  });
  return `select ${casts.length ? casts.join(' + ') : '0'} as n`;
}

const columnType = (table: TableInfo, column: string) => table.columns.find((c) => c.name === column)!.sqlType;
