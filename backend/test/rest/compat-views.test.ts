/**
 * Relationships through views whose key columns are renamed (PostgREST follows each view column
 * back to the table column it shows, through views of views), and embedding errors worded as
 * PostgREST words them: the embed named as written (never by its alias), the hint naming the
 * relation each candidate reaches, the schema that was searched. Real supabase-js, test-only
 * schema (compat-schema.ts + compat-views-schema.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { createCompatSchema } from './compat-schema';
import { createCompatViews } from './compat-views-schema';
import { client, rest } from './helpers';

let be: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => {
  be = await startTestBackend({ REST_DB_SCHEMAS: 'public, pc_other' });
  await createCompatSchema(be);
  await createCompatViews(be);
  anon = client(be);
});

afterAll(async () => {
  await be?.close();
});

describe('relationships through views with renamed key columns', () => {
  it('a view renaming the foreign key embeds its target, and is embedded from it', async () => {
    const { data, error } = await anon.from('pc_films_renamed').select('title, pc_directors(name)').eq('film_no', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Castle', pc_directors: { name: 'Méliès' } });
    const back = await anon.from('pc_directors').select('name, pc_films_renamed(title)').eq('id', 2).order('film_no', { referencedTable: 'pc_films_renamed' }).single();
    expect(back.data).toEqual({ name: 'Méliès', pc_films_renamed: [{ title: 'Castle' }, { title: 'Moon' }] });
  });

  it('view to view, both keys renamed, and the renamed column as the embed target or hint', async () => {
    const { data, error } = await anon.from('pc_films_renamed').select('title, pc_directors_renamed(label)').eq('film_no', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Workers', pc_directors_renamed: { label: 'Lumière' } });
    const byColumn = await anon.from('pc_films_renamed').select('title, director:made_by(name)').eq('film_no', 1).single();
    expect(byColumn.data).toEqual({ title: 'Workers', director: { name: 'Lumière' } });
    const hinted = await anon.from('pc_directors_renamed').select('label, pc_films_renamed!made_by(title)').eq('director_no', 1).single();
    expect(hinted.data).toEqual({ label: 'Lumière', pc_films_renamed: [{ title: 'Workers' }] });
  });

  it('a view of a view, and a view whose query holds a subquery', async () => {
    const chain = await anon.from('pc_films_chain').select('title, pc_directors(name)').eq('fno', 3).single();
    expect(chain.data).toEqual({ title: 'Moon', pc_directors: { name: 'Méliès' } });
    const sub = await anon.from('pc_films_sub').select('title, roles, pc_directors(name)').eq('fid', 3).single();
    expect(sub.data).toEqual({ title: 'Moon', roles: 2, pc_directors: { name: 'Méliès' } });
  });

  it('a key shown twice is two relationships: 300 PGRST201 in the view\'s column names, a column hint picks one', async () => {
    const res = await rest(be, '/pc_films_twice?select=pc_directors(name)');
    expect(res.status).toBe(300);
    expect(await res.json()).toEqual({
      code: 'PGRST201',
      details: [
        { cardinality: 'many-to-one', embedding: 'pc_films_twice with pc_directors', relationship: 'pc_films_director_id_fkey using pc_films_twice(first_by) and pc_directors(id)' },
        { cardinality: 'many-to-one', embedding: 'pc_films_twice with pc_directors', relationship: 'pc_films_director_id_fkey using pc_films_twice(second_by) and pc_directors(id)' },
      ],
      hint: "Try changing 'pc_directors' to one of the following: 'pc_directors!pc_films_director_id_fkey', 'pc_directors!pc_films_director_id_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'pc_films_twice' and 'pc_directors'",
    });
    const picked = await anon.from('pc_films_twice').select('title, pc_directors!second_by(name)').eq('id', 1).single();
    expect(picked.data).toEqual({ title: 'Workers', pc_directors: { name: 'Lumière' } });
  });

  it('a view that does not show the key has no relationship (400 PGRST200)', async () => {
    const { status, error } = await anon.from('pc_titles').select('title, pc_directors(name)');
    expect([status, error?.code, error?.details]).toEqual([
      400, 'PGRST200', "Searched for a foreign key relationship between 'pc_titles' and 'pc_directors' in the schema 'public', but no matches were found.",
    ]);
  });
});

describe('embedding errors as PostgREST words them', () => {
  it('PGRST200 names the embed as written, not its alias, with the hint', async () => {
    const { status, error } = await anon.from('pc_films').select('title, d:nothing!nohint(name)');
    expect([status, error?.code, error?.message, error?.details, error?.hint]).toEqual([
      400, 'PGRST200', "Could not find a relationship between 'pc_films' and 'nothing' in the schema cache",
      "Searched for a foreign key relationship between 'pc_films' and 'nothing' using the hint 'nohint' in the schema 'public', but no matches were found.", null,
    ]);
  });

  it("PGRST201 on an aliased embed by column: the hint names each candidate's table", async () => {
    const { status, error } = await anon.from('pc_cuts').select('id, cut:film_id(*)');
    expect([status, error?.code, error?.message, error?.hint]).toEqual([
      300, 'PGRST201', "Could not embed because more than one relationship was found for 'pc_cuts' and 'film_id'",
      "Try changing 'film_id' to one of the following: 'pc_films!pc_cut_film', 'pc_specs!pc_cut_spec'. Find the desired relationship in the 'details' key.",
    ]);
    const fixed = await anon.from('pc_cuts').select('id, cut:pc_specs!pc_cut_spec(camera)').single();
    expect(fixed.data).toEqual({ id: 1, cut: { camera: 'Cinématographe' } });
  });

  it('PGRST200, PGRST202 and PGRST205 name the schema the request searched', async () => {
    const other = anon.schema('pc_other');
    const embed = await other.from('notes').select('id, pc_films(id)');
    expect([embed.status, embed.error?.code, embed.error?.details]).toEqual([
      400, 'PGRST200', "Searched for a foreign key relationship between 'notes' and 'pc_films' in the schema 'pc_other', but no matches were found.",
    ]);
    const table = await other.from('pc_films').select('id');
    expect([table.status, table.error?.code, table.error?.message]).toEqual([404, 'PGRST205', "Could not find the table 'pc_other.pc_films' in the schema cache"]);
    const fn = await other.rpc('pc_shout', { x: 1 });
    expect([fn.status, fn.error?.code, fn.error?.message]).toEqual([404, 'PGRST202', 'Could not find the function pc_other.pc_shout(x) in the schema cache']);
    const plain = await anon.from('pc_nowhere').select('id');
    expect(plain.error?.message).toBe("Could not find the table 'public.pc_nowhere' in the schema cache");
  });
});

describe('functions of another exposed schema', () => {
  it("a function returning rows of that schema's table embeds that table's relationships", async () => {
    const { data, error } = await anon.schema('pc_other').rpc('all_notes').select('body, tags(label)');
    expect(error).toBeNull();
    expect(data).toEqual([{ body: 'first', tags: [{ label: 'todo' }] }]);
  });
});
