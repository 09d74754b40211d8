/**
 * The read plan as plain data, without a database: relationships inferred from catalog facts
 * (relationships.ts) and the select tree resolved against them (read-plan.ts).
 */
import { describe, expect, it } from 'vitest';
import { RestApiError } from '../../src/rest/errors';
import { parseSelect } from '../../src/rest/query-string';
import { planRead, type PlanItem } from '../../src/rest/read-plan';
import { buildRelationships, matchRelationships, type CatalogFacts } from '../../src/rest/relationships';
import type { SchemaCache, Table } from '../../src/rest/schema-cache';

const table = (name: string, cols: string[], kind: 'table' | 'view' = 'table'): Table => ({
  name, kind, rls: true, schema: 'public', primaryKey: [], columnOrder: cols, computed: new Map(),
  columns: new Map(cols.map((c) => [c, { name: c, type: 'integer', baseType: 'int4', isArray: false, nullable: true, defaultExpr: null, identity: false, identityAlways: false, generated: false }])),
});

const fk = (name: string, t: string, columns: string[], ft: string, foreignColumns: string[]) => ({ name, table: t, columns, foreignTable: ft, foreignColumns });

const facts: CatalogFacts = {
  kinds: new Map([['films', 'table'], ['directors', 'table'], ['specs', 'table'], ['actors', 'table'], ['roles', 'table'], ['staff', 'table'], ['films_v', 'view']]),
  uniqueKeys: new Map([['specs', [['film_id']]]]),
  primaryKeys: new Map([['roles', ['film_id', 'actor_id']]]),
  foreignKeys: [
    fk('films_director_fkey', 'films', ['director_id'], 'directors', ['id']),
    fk('specs_film_fkey', 'specs', ['film_id'], 'films', ['id']),
    fk('roles_film_fkey', 'roles', ['film_id'], 'films', ['id']),
    fk('roles_actor_fkey', 'roles', ['actor_id'], 'actors', ['id']),
    fk('staff_boss_fkey', 'staff', ['boss_id'], 'staff', ['id']),
  ],
  viewColumns: new Map([['films_v', [['id', 'films', 'id'], ['director_id', 'films', 'director_id']]]]),
  computed: [{ fn: 'lead', origin: 'films', target: 'actors', toOne: true }],
};
const rels = buildRelationships(facts);
const tables = [table('films', ['id', 'director_id']), table('directors', ['id']), table('specs', ['film_id']), table('actors', ['id']), table('roles', ['film_id', 'actor_id']), table('staff', ['id', 'boss_id']), table('films_v', ['id', 'director_id'], 'view')];
const cache: SchemaCache = { schema: 'public', tables: new Map(tables.map((t) => [t.name, t])), relationships: [], rels, functions: new Map(), loadedAt: 0 };

const cardinality = (origin: string, target: string, hint?: string) => matchRelationships(rels.get(origin) ?? [], target, hint).map((r) => r.cardinality);
const plan = (from: string, select: string) => planRead(cache, cache.tables.get(from)!, parseSelect(select), new Map(), { aggregates: true });
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as RestApiError).code;
  }
  return 'none';
};

describe('relationships from catalog facts', () => {
  it('many-to-one and its one-to-many; one-to-one when the key is unique', () => {
    expect(cardinality('films', 'directors')).toEqual(['many-to-one']);
    expect(cardinality('directors', 'films')).toEqual(['one-to-many']);
    expect(cardinality('films', 'specs')).toEqual(['one-to-one']);
    expect(cardinality('specs', 'films')).toEqual(['one-to-one']);
  });

  it('many-to-many through a junction whose primary key holds both keys; its name as a hint', () => {
    expect(cardinality('films', 'actors')).toEqual(['many-to-many']);
    expect(cardinality('actors', 'films', 'roles')).toEqual(['many-to-many']);
  });

  it('self-referencing: the table name gives the children, the column the parent, a column hint the children', () => {
    expect(cardinality('staff', 'staff')).toEqual(['one-to-many']);
    expect(cardinality('staff', 'boss_id')).toEqual(['many-to-one']);
    expect(cardinality('staff', 'staff', 'boss_id')).toEqual(['one-to-many']);
  });

  it('a constraint name or a key column as the target; views carry the keys of the columns they expose', () => {
    expect(cardinality('films', 'films_director_fkey')).toEqual(['many-to-one']);
    expect(cardinality('films', 'director_id')).toEqual(['many-to-one']);
    expect(cardinality('films_v', 'directors')).toEqual(['many-to-one']);
    expect(cardinality('directors', 'films_v')).toEqual(['one-to-many']);
  });

  it('a computed relationship by its function name', () => {
    expect(cardinality('films', 'lead')).toEqual(['computed']);
  });
});

describe('the plan tree', () => {
  it('resolves embeds into nodes with their relationship, key and flags', () => {
    const root = plan('films', 'id,d:directors(id),...specs(film_id),roles!inner()');
    const embeds = root.items.filter((i): i is Extract<PlanItem, { kind: 'embed' }> => i.kind === 'embed');
    expect(embeds.map((e) => [e.key, e.rel.cardinality, e.spread, e.inner, e.node.path, e.node.items.length])).toEqual([
      ['d', 'many-to-one', false, false, 'd', 1],
      ['specs', 'one-to-one', true, false, 'specs', 1],
      ['roles', 'one-to-many', false, true, 'roles', 0],
    ]);
  });

  it('aggregates become aggregate items; the legacy count too', () => {
    const root = plan('films', 'director_id,total:id.sum()::int,count()');
    expect(root.items).toEqual([
      { kind: 'column', field: { name: 'director_id', jsonPath: [] }, key: 'director_id', cast: undefined },
      { kind: 'aggregate', fn: 'sum', field: { name: 'id', jsonPath: [] }, cast: undefined, outputCast: 'int', key: 'total' },
      { kind: 'aggregate', fn: 'count', key: 'count', outputCast: undefined },
    ]);
    expect(code(() => planRead(cache, cache.tables.get('films')!, parseSelect('id.sum()'), new Map(), { aggregates: false }))).toBe('PGRST123');
  });

  it('errors: unknown embed PGRST200, duplicate key 42712, unknown column 42703', () => {
    expect(code(() => plan('films', 'nothing(*)'))).toBe('PGRST200');
    expect(code(() => plan('films', 'directors(id),directors(id)'))).toBe('42712');
    expect(code(() => plan('films', 'directors(nope)'))).toBe('42703');
  });
});
