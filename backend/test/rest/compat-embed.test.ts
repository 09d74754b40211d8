/**
 * Resource embedding as PostgREST 12/13 answers it, through the real supabase-js on a test-only
 * schema (compat-schema.ts): self-referencing keys, a constraint name as the target, one-to-one,
 * empty embeds, duplicate keys, spreads (to-one and to-many), computed fields and relationships,
 * many-to-many through a junction, and relationships through a view.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/http/limits';
import type { TestBackend } from '../harness';
import { createCompatSchema } from './compat-schema';
import { rest, startCompat } from './helpers';

let be: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => ({ be, anon } = await startCompat(createCompatSchema)));
afterAll(() => be?.close());

describe('embedding bugs fixed (issue 16, point 5)', () => {
  it('a self-referencing key: the table name embeds the children, the column the parent, a column hint the children', async () => {
    const { data, error } = await anon.from('pc_employees').select('name, pc_employees(name), boss:boss_id(name), reports:pc_employees!boss_id(name)').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Brian', pc_employees: [{ name: 'Dan' }], boss: { name: 'Ada' }, reports: [{ name: 'Dan' }] });
  });

  it('a foreign-key constraint name as the embed target', async () => {
    const { data, error } = await anon.from('pc_films').select('title, director:pc_films_director_id_fkey(name)').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Workers', director: { name: 'Lumière' } });
  });

  it('one-to-one renders an object (or null), from both ends, also with !inner', async () => {
    const { data } = await anon.from('pc_films').select('id, pc_specs(camera)').order('id');
    expect(data).toEqual([{ id: 1, pc_specs: { camera: 'Cinématographe' } }, { id: 2, pc_specs: null }, { id: 3, pc_specs: { camera: 'Star' } }]);
    const inner = await anon.from('pc_films').select('id, pc_specs!inner(camera)').order('id');
    expect(inner.data).toEqual([{ id: 1, pc_specs: { camera: 'Cinématographe' } }, { id: 3, pc_specs: { camera: 'Star' } }]);
    const back = await anon.from('pc_specs').select('camera, pc_films(title)').eq('film_id', 3).single();
    expect(back.data).toEqual({ camera: 'Star', pc_films: { title: 'Moon' } });
  });

  it('an empty embed filters (with !inner) and is left out of the answer', async () => {
    const { data, error } = await anon.from('pc_films').select('title, pc_roles!inner()').eq('pc_roles.character', 'Professor');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Moon' }]);
  });

  it('two embeds under one key: 400 42712, naming the join as PostgREST names it (<table>_<key>_<depth>)', async () => {
    const { error, status } = await anon.from('pc_films').select('pc_directors(id), pc_directors(name)');
    expect([status, error?.code, error?.message]).toEqual([400, '42712', 'table name "pc_films_pc_directors_1" specified more than once']);
  });

  it('an unknown embed is PGRST200; a filter on an embed that is not selected PGRST108', async () => {
    expect((await anon.from('pc_films').select('title, nothing(*)')).error?.code).toBe('PGRST200');
    expect((await anon.from('pc_films').select('title').eq('pc_directors.name', 'x')).error?.code).toBe('PGRST108');
  });
});

describe('spread embeds (point 11)', () => {
  it('to-one: the columns at the parent level, aliased', async () => {
    const { data, error } = await anon.from('pc_films').select('title, ...pc_directors(director:name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Workers', director: 'Lumière' }, { title: 'Castle', director: 'Méliès' }, { title: 'Moon', director: 'Méliès' }]);
  });

  it('to-many (PostgREST 13): one array per column', async () => {
    const { data, error } = await anon.from('pc_directors').select('name, ...pc_films(titles:title, year)').order('id').order('id', { referencedTable: 'pc_films' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Lumière', titles: ['Workers'], year: [1895] },
      { name: 'Méliès', titles: ['Castle', 'Moon'], year: [1896, 1902] },
      { name: 'Nobody', titles: [], year: [] },
    ]);
  });

  it('a junction row with its far end spread in (the roles of a film with each actor)', async () => {
    const { data } = await anon.from('pc_films').select('title, cast:pc_roles(character, ...pc_actors(name))').eq('id', 3).order('actor_id', { referencedTable: 'cast' }).single();
    expect(data).toEqual({ title: 'Moon', cast: [{ character: 'Moon', name: 'Jehanne' }, { character: 'Professor', name: 'Georges' }] });
  });

  it('spreading a column is refused (PGRST100)', async () => {
    expect((await rest(be, '/pc_films?select=...title')).status).toBe(400);
  });
});

describe('computed fields and relationships (point 12)', () => {
  it('a function of the row is a column: selected, filtered, ordered', async () => {
    const { data, error } = await anon.from('pc_films').select('id, pc_shout').neq('pc_shout', 'MOON').order('pc_shout');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, pc_shout: 'CASTLE' }, { id: 1, pc_shout: 'WORKERS' }]);
  });

  it('a function returning rows is a relationship: rows 1 is to-one, a set to-many', async () => {
    const films = await anon.from('pc_films').select('title, by:pc_director_of(name)').eq('id', 2).single();
    expect(films.data).toEqual({ title: 'Castle', by: { name: 'Méliès' } });
    const team = await anon.from('pc_employees').select('name, pc_team(name)').eq('id', 1).single();
    expect(team.data).toEqual({ name: 'Ada', pc_team: [{ name: 'Brian' }, { name: 'Cleo' }] });
  });
});

describe('many-to-many and views (point 13)', () => {
  it('through the junction, both ways, with its name as a hint', async () => {
    const films = await anon.from('pc_films').select('title, pc_actors(name)').eq('id', 3).order('name', { referencedTable: 'pc_actors' }).single();
    expect(films.data).toEqual({ title: 'Moon', pc_actors: [{ name: 'Georges' }, { name: 'Jehanne' }] });
    const actors = await anon.from('pc_actors').select('name, pc_films!pc_roles(title)').eq('id', 1).order('id', { referencedTable: 'pc_films' }).single();
    expect(actors.data).toEqual({ name: 'Jehanne', pc_films: [{ title: 'Castle' }, { title: 'Moon' }] });
    const none = await anon.from('pc_actors').select('name, pc_films(title)').eq('id', 3).single();
    expect(none.data).toEqual({ name: 'Bleuette', pc_films: [] });
  });

  it('a view carries its base table keys: many-to-one from it, one-to-many to it', async () => {
    const fromView = await anon.from('pc_films_view').select('title, pc_directors(name)').eq('id', 1).single();
    expect(fromView.data).toEqual({ title: 'Workers', pc_directors: { name: 'Lumière' } });
    const toView = await anon.from('pc_directors').select('name, pc_films_view(title)').eq('id', 2).order('id', { referencedTable: 'pc_films_view' }).single();
    expect(toView.data).toEqual({ name: 'Méliès', pc_films_view: [{ title: 'Castle' }, { title: 'Moon' }] });
  });

  it('two relationships to one target: 300 PGRST201 with PostgREST 12 details and hint', async () => {
    const res = await rest(be, '/pc_films?select=pc_sequels(*)');
    expect(res.status).toBe(300);
    expect(await res.json()).toEqual({
      code: 'PGRST201',
      details: [
        { cardinality: 'one-to-many', embedding: 'pc_films with pc_sequels', relationship: 'pc_sequel using pc_films(id) and pc_sequels(sequel_id)' },
        { cardinality: 'one-to-many', embedding: 'pc_films with pc_sequels', relationship: 'pc_sequel_of using pc_films(id) and pc_sequels(film_id)' },
      ],
      hint: "Try changing 'pc_sequels' to one of the following: 'pc_sequels!pc_sequel', 'pc_sequels!pc_sequel_of'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'pc_films' and 'pc_sequels'",
    });
    const hinted = await anon.from('pc_films').select('id, sequels:pc_sequels!pc_sequel_of(sequel_id)').eq('id', 2).single();
    expect(hinted.data).toEqual({ id: 2, sequels: [{ sequel_id: 3 }] });
  });
});

describe('the new shapes are bounded like every embed (PGRST191)', () => {
  it('many-to-many levels count as one-to-many levels', async () => {
    const { error, status } = await anon.from('pc_actors').select('id, pc_films(id, pc_actors(id, pc_films(id)))');
    expect([status, error?.code]).toEqual([400, 'PGRST191']);
  });

  it('spreads count as embeds', async () => {
    const select = Array.from({ length: LIMITS.embeds + 1 }, (_, i) => `...d${i}:pc_directors(n${i}:name)`).join(',');
    const { error, status } = await anon.from('pc_films').select(select);
    expect([status, error?.code]).toEqual([400, 'PGRST191']);
  });
});
