/**
 * A tiny layout engine for TypeScript type literals, printing them as prettier (80 columns, no
 * semicolons) prints what postgres-meta's template writes, so the generated file reads like the
 * output of `supabase gen types typescript`: an object written with a line break after its `{`
 * (a `hard` object) always breaks; any other prints on one line (`{ a: T; b: U }`) when it fits,
 * else breaks, its parent first. A union too long for its line puts each member on a `| ` line.
 */

export type TypeNode =
  | string
  | { obj: Member[]; hard?: boolean; suffix?: string }
  | { union: TypeNode[] }
  | { tuple: TypeNode[] };

export type Member = { key: string; optional?: boolean; type: TypeNode } | { raw: string };

const WIDTH = 80;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as prettier leaves it: bare when it is an identifier, else double-quoted. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** The one-line form, or null when something inside must break. */
export function flat(t: TypeNode): string | null {
  if (typeof t === 'string') return t;
  if ('union' in t) {
    const parts = t.union.map(flat);
    return parts.every((p) => p !== null) ? parts.join(' | ') : null;
  }
  if ('tuple' in t) {
    const parts = t.tuple.map(flat);
    return parts.every((p) => p !== null) ? `[${parts.join(', ')}]` : null;
  }
  if (t.hard && t.obj.length) return null;
  const members: string[] = [];
  for (const m of t.obj) {
    if ('raw' in m) return null;
    const type = flat(m.type);
    if (type === null) return null;
    members.push(`${propertyKey(m.key)}${m.optional ? '?' : ''}: ${type}`);
  }
  return `${members.length ? `{ ${members.join('; ')} }` : '{}'}${t.suffix ?? ''}`;
}

const pad = (n: number) => ' '.repeat(n);

/** The lines of an object's members at `indent`, then its closing brace at `indent - 2`. */
function objectBody(t: { obj: Member[]; suffix?: string }, indent: number): string[] {
  const lines = t.obj.flatMap((m) => ('raw' in m ? [pad(indent) + m.raw] : member(m.key, m.type, indent, m.optional)));
  return [...lines, `${pad(indent - 2)}}${t.suffix ?? ''}`];
}

/** `head` followed by `t`, opening on the current line; later lines at `indent`. */
function after(head: string, t: TypeNode, indent: number, column: number): string[] {
  const one = flat(t);
  if (one !== null && column + head.length + one.length <= WIDTH) return [head + one];
  if (typeof t === 'string') return [head + t];
  if ('obj' in t) return [`${head}{`, ...objectBody(t, indent + 2)];
  if ('tuple' in t) {
    const items = t.tuple.flatMap((item) => {
      const lines = after(pad(indent + 2), item, indent + 2, 0);
      lines[lines.length - 1] += ',';
      return lines;
    });
    return [`${head}[`, ...items, `${pad(indent)}]`];
  }
  return [head.trimEnd(), ...t.union.flatMap((item) => after(`${pad(indent + 2)}| `, item, indent + 4, 0))];
}

/** One member (`key?: type`) at `indent`, laid out as prettier would. */
export function member(key: string, type: TypeNode, indent: number, optional = false): string[] {
  return after(`${pad(indent)}${propertyKey(key)}${optional ? '?' : ''}: `, type, indent, 0);
}

/** A whole `export type Name = …` declaration. */
export function typeDeclaration(name: string, type: TypeNode): string {
  return after(`export type ${name} = `, type, 0, 0).join('\n');
}
