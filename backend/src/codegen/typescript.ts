/**
 * supabase-js `Database` types from the REST schema cache, in the shape `supabase gen types
 * typescript` writes (postgres-meta's `src/server/templates/typescript.ts`): per schema, Tables
 * (Row / Insert / Update / Relationships), Views, Functions (Args / Returns, SetofOptions for
 * functions returning a table's rows), Enums and CompositeTypes; then the helper types (`Tables<>`,
 * `TablesInsert<>`, `TablesUpdate<>`, `Enums<>`, `CompositeTypes<>`) and `Constants`. Names sort
 * as postgres-meta sorts them (tables, columns, functions, arguments by name), so the file only
 * changes where the schema did.
 *
 * Where it differs: functions are the ones /rest/v1 can call (rest/schema-queries.ts: no trigger,
 * variadic or extension functions); OUT parameters are typed like `returns table` columns (the
 * template gives `Record<string, unknown>`); overloads that PostgREST could not tell apart are
 * listed without the template's `{ error: true }` markers (a computed field keeps its marker).
 */
import type { ComputedField, FunctionArg, RoutineDef, SchemaCache, Table } from '../rest/schema-types';
import type { Rel } from '../rest/relationships';
import type { TypegenFacts } from './facts';
import { propertyKey, typeDeclaration, type Member, type TypeNode } from './ts-layout';
import { HELPER_TYPES } from './ts-helpers';

export interface SchemaInput {
  cache: SchemaCache;
  facts: TypegenFacts;
}

export interface RenderOptions {
  /** Written as `__InternalSupabase.PostgrestVersion`: what supabase-js tailors its types to. */
  postgrestVersion?: string;
  /** A comment put at the top of the file (each line gets `// `). */
  header?: string;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');
const STRINGS = new Set(['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector', 'interval']);
const NUMBERS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);

class Renderer {
  constructor(
    private readonly schema: string,
    private readonly schemas: Set<string>,
    private readonly input: SchemaInput,
  ) {}

  /** postgres-meta's pgTypeToTsType over a typname (`_x` for an array of x). */
  tsType(typname: string): string {
    if (typname === 'bool') return 'boolean';
    if (NUMBERS.has(typname)) return 'number';
    if (STRINGS.has(typname)) return 'string';
    if (typname === 'json' || typname === 'jsonb') return 'Json';
    if (typname === 'void') return 'undefined';
    if (typname === 'record') return 'Record<string, unknown>';
    if (typname.startsWith('_')) {
      const element = this.tsType(typname.slice(1));
      return element.includes(' ') ? `(${element})[]` : `${element}[]`;
    }
    const named = this.input.facts.types.get(typname) ?? [];
    const type = named.find((t) => t.schema === this.schema) ?? named[0];
    if (type?.kind === 'enum') {
      if (this.schemas.has(type.schema)) return `Database[${JSON.stringify(type.schema)}]["Enums"][${JSON.stringify(type.name)}]`;
      return type.labels.map((l) => JSON.stringify(l)).join(' | ');
    }
    if (type?.kind === 'composite') {
      return this.schemas.has(type.schema) ? `Database[${JSON.stringify(type.schema)}]["CompositeTypes"][${JSON.stringify(type.name)}]` : 'unknown';
    }
    if (type?.kind === 'domain' && type.base) return this.tsType(type.base);
    const rel = this.input.cache.tables.get(typname);
    if (rel) return `Database[${JSON.stringify(this.schema)}][${rel.kind === 'view' ? '"Views"' : '"Tables"'}][${JSON.stringify(rel.name)}]["Row"]`;
    return 'unknown';
  }

  /** A column's, argument's or result's type from the schema cache's baseType / isArray. */
  typeOf(c: { baseType: string; isArray: boolean }): string {
    return this.tsType(c.isArray ? `_${c.baseType}` : c.baseType);
  }

  nullable(type: string, isNullable: boolean): TypeNode {
    return isNullable && type !== 'unknown' ? { union: [type, 'null'] } : type;
  }

  columns(t: Table): { name: string; type: string; nullable: boolean; optional: boolean; always: boolean; updatable: boolean }[] {
    const { facts } = this.input;
    return t.columnOrder
      .map((name) => {
        const c = t.columns.get(name)!;
        return {
          name, type: this.typeOf(c), nullable: c.nullable, optional: c.nullable || c.identity || c.defaultExpr !== null,
          always: facts.identityAlways.has(`${t.name}.${name}`), updatable: facts.updatableColumns.has(`${t.name}.${name}`),
        };
      })
      .sort((a, b) => byName(a.name, b.name));
  }

  row(t: Table): TypeNode {
    const members: Member[] = this.columns(t).map((c) => ({ key: c.name, type: this.nullable(c.type, c.nullable) }));
    const computed = [...t.computed.values()].sort((a, b) => byName(a.fn, b.fn));
    for (const f of computed) members.push({ key: f.fn, type: this.nullable(this.computedType(f), true) });
    return { obj: members, hard: true };
  }

  computedType(f: ComputedField): string {
    return this.typeOf(f);
  }

  writeShape(t: Table, insert: boolean): TypeNode {
    const isView = t.kind === 'view';
    return {
      hard: true,
      obj: this.columns(t).map((c): Member => {
        if ((!isView && c.always) || (isView && !c.updatable)) return { key: c.name, optional: true, type: 'never' };
        if (isView) return { key: c.name, optional: true, type: this.nullable(c.type, true) };
        return { key: c.name, optional: insert ? c.optional : true, type: this.nullable(c.type, c.nullable) };
      }),
    };
  }

  relationships(t: Table): TypeNode {
    const rels = (this.input.cache.rels.get(t.name) ?? []).filter((r): r is Rel => r.holdsKey === true);
    rels.sort((a, b) => byName(a.constraint, b.constraint) || byName(a.target, b.target) || byName(JSON.stringify(a.cols.map((c) => c[1])), JSON.stringify(b.cols.map((c) => c[1]))));
    const list = (names: string[]) => ({ tuple: names.map((n) => JSON.stringify(n)) });
    return {
      tuple: rels.map((r) => ({
        hard: true,
        obj: [
          { key: 'foreignKeyName', type: JSON.stringify(r.constraint) },
          { key: 'columns', type: list(r.cols.map((c) => c[0])) },
          { key: 'isOneToOne', type: String(r.cardinality === 'one-to-one') },
          { key: 'referencedRelation', type: JSON.stringify(r.target) },
          { key: 'referencedColumns', type: list(r.cols.map((c) => c[1])) },
        ],
      })),
    };
  }

  relation(t: Table): TypeNode {
    const writable = t.kind === 'table' || this.input.facts.updatableViews.has(t.name);
    const members: Member[] = [{ key: 'Row', type: this.row(t) }];
    if (writable) members.push({ key: 'Insert', type: this.writeShape(t, true) }, { key: 'Update', type: this.writeShape(t, false) });
    members.push({ key: 'Relationships', type: this.relationships(t) });
    return { obj: members, hard: true };
  }

  /** Args: the input arguments by name (`?` when defaulted), or never without any. */
  args(fn: RoutineDef): TypeNode {
    if (!fn.args.length) return 'never';
    const args = [...fn.args].sort((a, b) => byName(a.name, b.name));
    return { obj: args.map((a: FunctionArg) => ({ key: a.name, optional: a.hasDefault, type: this.typeOf(a) })) };
  }

  returns(fn: RoutineDef): { type: TypeNode; setof?: TypeNode } {
    const rel = fn.returnsRel ? this.input.cache.tables.get(fn.returnsRel) : undefined;
    if (rel) {
      const oneRow = !(fn.rows > 1);
      const cols = this.columns(rel).map((c): Member => ({ key: c.name, type: this.nullable(c.type, c.nullable) }));
      const origin = fn.args.length === 1 && fn.args[0]!.rel ? fn.args[0]!.rel : '*';
      const setof: TypeNode = {
        hard: true,
        obj: [
          { key: 'from', type: JSON.stringify(origin) },
          { key: 'to', type: JSON.stringify(rel.name) },
          { key: 'isOneToOne', type: String(origin === '*' ? oneRow : oneRow || !fn.returnsSet) },
          { key: 'isSetofReturn', type: String(fn.returnsSet) },
        ],
      };
      return { type: { obj: cols, hard: true, suffix: fn.returnsSet && !oneRow ? '[]' : '' }, setof };
    }
    if (fn.returnsComposite && fn.columns.length) {
      const cols = [...fn.columns].sort((a, b) => byName(a.name, b.name)).map((c): Member => ({ key: c.name, type: this.typeOf(c) }));
      return { type: { obj: cols, hard: true, suffix: fn.returnsSet ? '[]' : '' } };
    }
    const scalar = this.tsType(fn.returnsArray ? `_${fn.returnBaseType}` : fn.returnBaseType);
    return { type: fn.returnsSet ? `${scalar}[]` : scalar };
  }

  signature(fn: RoutineDef): TypeNode {
    const { type, setof } = this.returns(fn);
    if (fn.args.length === 1 && fn.args[0]!.name === '' && fn.args[0]!.rel && !setof) {
      // A computed field (one unnamed row argument, not returning rows): not callable through /rpc.
      const error = `the function ${this.schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`;
      return { obj: [{ key: 'Args', type: this.args(fn) }, { key: 'Returns', type: { hard: true, obj: [{ key: 'error', type: 'true' }], suffix: ` & ${JSON.stringify(error)}` } }] };
    }
    const members: Member[] = [{ key: 'Args', type: this.args(fn) }, { key: 'Returns', type }];
    if (setof) members.push({ key: 'SetofOptions', type: setof });
    return { obj: members };
  }

  functions(): Member[] {
    const names = [...this.input.cache.functions.keys()].sort(byName);
    return names.map((name) => {
      const overloads = [...this.input.cache.functions.get(name)!].sort((a, b) => byName(argumentText(a), argumentText(b)) || byName(a.returnType, b.returnType));
      const sigs = overloads.map((fn) => this.signature(fn));
      return { key: name, type: sigs.length === 1 ? sigs[0]! : { union: sigs } };
    });
  }

  schemaType(): TypeNode {
    const { cache, facts } = this.input;
    const rels = [...cache.tables.values()].sort((a, b) => byName(a.name, b.name));
    const group = (members: Member[]): TypeNode => ({ obj: members.length ? members : [{ raw: '[_ in never]: never' }], hard: true });
    const own = [...facts.types.values()].flat().filter((t) => t.schema === this.schema).sort((a, b) => byName(a.name, b.name));
    return {
      hard: true,
      obj: [
        { key: 'Tables', type: group(rels.filter((t) => t.kind === 'table').map((t) => ({ key: t.name, type: this.relation(t) }))) },
        { key: 'Views', type: group(rels.filter((t) => t.kind === 'view').map((t) => ({ key: t.name, type: this.relation(t) }))) },
        { key: 'Functions', type: group(this.functions()) },
        { key: 'Enums', type: group(own.filter((t) => t.kind === 'enum').map((t) => ({ key: t.name, type: { union: t.labels.map((l) => JSON.stringify(l)) } }))) },
        {
          key: 'CompositeTypes',
          type: group(
            own
              .filter((t) => t.kind === 'composite')
              .map((t) => ({ key: t.name, type: { hard: true, obj: t.attributes.map(([n, typ]): Member => ({ key: n, type: this.nullable(this.tsType(typ), true) })) } })),
          ),
        },
      ],
    };
  }
}

/** How PostgreSQL would list the input arguments (postgres-meta orders overloads by it). */
function argumentText(fn: RoutineDef): string {
  return fn.args.map((a) => `${a.name} ${a.type}`).join(', ');
}

/** The whole generated file. */
export function renderDatabaseTypes(inputs: SchemaInput[], options: RenderOptions = {}): string {
  const sorted = [...inputs].sort((a, b) => byName(a.cache.schema, b.cache.schema));
  const schemas = new Set(sorted.map((i) => i.cache.schema));
  const members: Member[] = [];
  if (options.postgrestVersion) {
    members.push(
      { raw: '// Allows to automatically instantiate createClient with right options' },
      { raw: "// instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)" },
      { key: '__InternalSupabase', type: { hard: true, obj: [{ key: 'PostgrestVersion', type: JSON.stringify(options.postgrestVersion) }] } },
    );
  }
  for (const input of sorted) members.push({ key: input.cache.schema, type: new Renderer(input.cache.schema, schemas, input).schemaType() });
  const constants = sorted.map((input) => {
    const enums = [...input.facts.types.values()].flat().filter((t) => t.schema === input.cache.schema && t.kind === 'enum').sort((a, b) => byName(a.name, b.name));
    const body = enums.map((e) => `      ${propertyKey(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`);
    return [`  ${propertyKey(input.cache.schema)}: {`, `    Enums: ${body.length ? `{\n${body.join('\n')}\n    }` : '{}'},`, '  },'].join('\n');
  });
  const header = options.header ? `${options.header.split('\n').map((l) => `// ${l}`.trimEnd()).join('\n')}\n\n` : '';
  const json = typeDeclaration('Json', { union: ['string', 'number', 'boolean', 'null', '{ [key: string]: Json | undefined }', 'Json[]'] });
  const database = typeDeclaration('Database', { hard: true, obj: members });
  const defaultSchema = schemas.has('public') ? 'public' : (sorted[0]?.cache.schema ?? 'public');
  return `${header}${json}\n\n${database}\n\n${HELPER_TYPES.replace('__DEFAULT_SCHEMA__', JSON.stringify(defaultSchema))}export const Constants = {\n${constants.join('\n')}\n} as const\n`;
}
