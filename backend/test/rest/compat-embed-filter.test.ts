/**
 * Ordering by an embed and null filters on embeds, as PostgREST 11.2+ answers them, through the
 * real supabase-js on the test-only film schema (compat-schema.ts): `order=rel(col)` sorts the
 * parents by a column of a to-one embed; `rel=is.null` / `rel=not.is.null` keep the parents that
 * have no / some embedded row (the embed's filters included), also inside `or`.
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
  be = await startTestBackend();
  await createCompatSchema(be);
  await createCompatViews(be);
  await be.db.transaction((tx) => tx.exec(`insert into public.pc_films values (4, null, 'Lost', 1900)`));
  anon = client(be);
});

afterAll(async () => {
  await be?.close();
});

const titles = (data: unknown) => (data as { title: string }[] | null)?.map((r) => r.title);

describe('ordering by a to-one embed: order=rel(col)', () => {
  it('sorts the parents by the embedded column, both directions, nulls placed as asked', async () => {
    const desc = await anon.from('pc_films').select('title, pc_directors(name)').order('pc_directors(name)', { ascending: false, nullsFirst: false }).order('id');
    expect(desc.error).toBeNull();
    expect(titles(desc.data)).toEqual(['Castle', 'Moon', 'Workers', 'Lost']);
    const asc = await anon.from('pc_films').select('title, pc_directors(name)').order('pc_directors(name)', { nullsFirst: true }).order('id');
    expect(titles(asc.data)).toEqual(['Lost', 'Workers', 'Castle', 'Moon']);
  });

  it('names the embed by its alias, a one-to-one and a computed to-one alike', async () => {
    const byAlias = await rest(be, '/pc_films?select=title,by:pc_directors(name)&order=by(name).desc,id.desc');
    // Descending puts nulls first unless told otherwise (PostgreSQL's default, as in PostgREST).
    expect(titles(await byAlias.json())).toEqual(['Lost', 'Moon', 'Castle', 'Workers']);
    const oneToOne = await anon.from('pc_films').select('title, pc_specs(camera)').not('pc_specs', 'is', null).order('pc_specs(camera)');
    expect(titles(oneToOne.data)).toEqual(['Workers', 'Moon']);
    const computed = await anon.from('pc_films').select('title, pc_director_of(name)').order('pc_director_of(name)').order('id', { ascending: false });
    expect(titles(computed.data)).toEqual(['Workers', 'Moon', 'Castle', 'Lost']);
  });

  it("reads the embed's own filters: a filtered-out embed orders as null", async () => {
    const { data } = await anon.from('pc_films').select('title, pc_directors(name)').neq('pc_directors.name', 'Lumière').order('pc_directors(name)', { nullsFirst: true }).order('id');
    expect(titles(data)).toEqual(['Workers', 'Lost', 'Castle', 'Moon']);
  });

  it('differs from ordering inside the embed (referencedTable), which leaves the parents in place', async () => {
    const { data } = await anon.from('pc_directors').select('name, pc_films(title)').order('id').order('title', { referencedTable: 'pc_films', ascending: false });
    expect(data?.[1]).toEqual({ name: 'Méliès', pc_films: [{ title: 'Moon' }, { title: 'Castle' }] });
  });

  it('a to-many embed is 400 PGRST118; an embed not in select PGRST108; a nested term PGRST100', async () => {
    const many = await anon.from('pc_directors').select('name, pc_films(title)').order('pc_films(title)');
    expect([many.status, many.error?.code, many.error?.message, many.error?.details]).toEqual([
      400, 'PGRST118', "A related order on 'pc_films' is not possible", "'pc_directors' and 'pc_films' do not form a many-to-one or one-to-one relationship",
    ]);
    const missing = await anon.from('pc_films').select('title').order('pc_directors(name)');
    expect([missing.status, missing.error?.code, missing.error?.message]).toEqual([400, 'PGRST108', "'pc_directors' is not an embedded resource in this request"]);
    expect((await rest(be, '/pc_films?select=title,pc_directors(name)&order=pc_directors(pc_films(id))')).status).toBe(400);
    const unknown = await anon.from('pc_films').select('title, pc_directors(name)').order('pc_directors(nope)');
    expect([unknown.status, unknown.error?.code]).toEqual([400, '42703']);
  });
});

describe('null filters on embeds: rel=is.null, rel=not.is.null', () => {
  it('not.is.null keeps the parents with an embedded row, is.null the others (an anti-join)', async () => {
    const some = await anon.from('pc_films').select('title, pc_specs(camera)').not('pc_specs', 'is', null).order('id');
    expect(some.error).toBeNull();
    expect(titles(some.data)).toEqual(['Workers', 'Moon']);
    const none = await anon.from('pc_films').select('title, pc_specs(camera)').is('pc_specs', null).order('id');
    expect(none.data).toEqual([{ title: 'Castle', pc_specs: null }, { title: 'Lost', pc_specs: null }]);
  });

  it("counts the embed's filters, to-many too, and works by alias and on an empty embed", async () => {
    const { data, error } = await anon.from('pc_directors').select('name, films:pc_films(title)').gt('films.year', 1900).not('films', 'is', null);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Méliès', films: [{ title: 'Moon' }] }]);
    const childless = await anon.from('pc_directors').select('name, pc_films()').is('pc_films', null);
    expect(childless.data).toEqual([{ name: 'Nobody' }]);
  });

  it('inside or=(…): one embedded condition or a column of the parent', async () => {
    const { data, error } = await anon.from('pc_films').select('title, pc_specs(camera)').or('pc_specs.not.is.null,title.eq.Lost').order('id');
    expect(error).toBeNull();
    expect(titles(data)).toEqual(['Workers', 'Moon', 'Lost']);
  });

  it('any other operator on an embed reads it as a column (42703), as PostgREST does', async () => {
    const { status, error } = await anon.from('pc_films').select('title, pc_specs(camera)').eq('pc_specs', 'x');
    expect([status, error?.code]).toEqual([400, '42703']);
  });
});

describe('on the rows of a function returning a table', () => {
  it('orders by a to-one embed, filters on embeds (null filters and !inner) as a read does', async () => {
    const ordered = await anon.rpc('pc_films_since', { y: 1896 }).select('title, pc_directors(name)').order('pc_directors(name)', { ascending: false }).order('id');
    expect(ordered.error).toBeNull();
    expect(titles(ordered.data)).toEqual(['Lost', 'Castle', 'Moon']);
    const nulls = await anon.rpc('pc_films_since', { y: 1800 }, { count: 'exact' }).select('title, pc_specs(camera)').is('pc_specs', null).order('id');
    expect([titles(nulls.data), nulls.count]).toEqual([['Castle', 'Lost'], 2]);
    const inner = await anon.rpc('pc_films_since', { y: 1800 }).select('title, pc_roles!inner(character)').eq('pc_roles.character', 'Ghost');
    expect(inner.data).toEqual([{ title: 'Castle', pc_roles: [{ character: 'Ghost' }] }]);
  });
});
