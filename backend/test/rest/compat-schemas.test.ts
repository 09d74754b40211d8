/**
 * Several exposed schemas (REST_DB_SCHEMAS, PostgREST's db-schemas) through the real supabase-js:
 * `.schema(name)` sends Accept-Profile (reads) and Content-Profile (writes, rpc); the first
 * schema is the default; a schema that is not exposed is 406 PGRST106, as in PostgREST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCacheFor } from '../../src/rest/schema-cache';
import { startTestBackend, type TestBackend } from '../harness';
import { client, rest } from './helpers';

let be: TestBackend;

const SQL = `
  create schema pc_api;
  grant usage on schema pc_api to anon;
  create table pc_api.shelves (id int primary key, label text not null);
  create table pc_api.books (id int primary key, shelf_id int not null references pc_api.shelves (id), title text not null);
  alter table pc_api.shelves enable row level security;
  alter table pc_api.books enable row level security;
  create policy shelves_read on pc_api.shelves for select to anon using (true);
  create policy books_read on pc_api.books for select to anon using (true);
  create policy books_add on pc_api.books for insert to anon with check (true);
  grant select on pc_api.shelves to anon;
  grant select, insert on pc_api.books to anon;
  create function pc_api.shelf_count() returns int language sql stable as 'select count(*)::int from pc_api.shelves';
  grant execute on function pc_api.shelf_count() to anon;
  insert into pc_api.shelves values (1, 'Fiction');
  insert into pc_api.books values (1, 1, 'Dune');`;

beforeAll(async () => {
  be = await startTestBackend({ REST_DB_SCHEMAS: 'public, pc_api' });
  await be.db.transaction((tx) => tx.exec(SQL));
  await schemaCacheFor(be.db, 'pc_api').reload();
});

afterAll(async () => {
  await be?.close();
});

const api = () => client(be).schema('pc_api');

describe('several exposed schemas (issue 16, point 15)', () => {
  it('reads, embeds and writes in the schema a profile names', async () => {
    const { data, error } = await api().from('shelves').select('label, books(title)');
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'Fiction', books: [{ title: 'Dune' }] }]);
    const added = await api().from('books').insert({ id: 2, shelf_id: 1, title: 'Emma' }).select('title, shelves(label)');
    expect([added.status, added.data]).toEqual([201, [{ title: 'Emma', shelves: { label: 'Fiction' } }]]);
  });

  it('functions of that schema by rpc', async () => {
    const { data, error } = await api().rpc('shelf_count');
    expect([error, data]).toEqual([null, 1]);
  });

  it('without a profile the first schema answers, and says so in Content-Profile', async () => {
    const res = await rest(be, '/shelves');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-profile')).toBe('public');
    const named = await rest(be, '/shelves?select=label', { headers: { 'accept-profile': 'pc_api' } });
    expect([named.status, named.headers.get('content-profile')]).toEqual([200, 'pc_api']);
  });

  it('a schema that is not exposed: 406 PGRST106 listing the exposed ones', async () => {
    const { error, status } = await client(be).schema('auth').from('users').select('*');
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth', hint: 'Only the following schemas are exposed: public, pc_api' });
    const write = await rest(be, '/books', { method: 'POST', headers: { 'content-profile': 'pc_private' }, body: '{}' });
    expect(write.status).toBe(406);
  });
});
