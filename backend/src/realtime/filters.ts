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

/**
 * A boolean SQL expression over the alias `t` for this filter, its values appended to `params`
 * (as JSON text, cast to the column's type in SQL).
 */
export function filterSql(filter: Filter, table: TableInfo, params: unknown[]): string {
  const column = table.columns.find((c) => c.name === filter.column)!;
  params.push(JSON.stringify(filter.values));
  const p = `$${params.length}`;
  const col = `t.${quoteIdent(column.name)}`;
  if (filter.op === 'in') return `(${col} in (select v::${column.sqlType} from jsonb_array_elements_text(${p}::jsonb) as e(v)))`;
  return `(${col} ${SQL_OP[filter.op]} (${p}::jsonb ->> 0)::${column.sqlType})`;
}
