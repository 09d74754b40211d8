/**
 * Test-only additions to the film schema (compat-schema.ts) for relationships through views and
 * the wording of embedding errors: views that rename their key columns, a view of a view, a view
 * showing one key column twice, a view whose query holds a subquery, a view without the key, a
 * column in two foreign keys, a function returning films, and a second exposed schema
 * (`pc_other`, with REST_DB_SCHEMAS).
 */
import type { TestBackend } from '../harness';
import { schemaCacheFor } from '../../src/rest/schema-cache';

const VIEWS = ['pc_films_renamed', 'pc_directors_renamed', 'pc_films_chain', 'pc_films_twice', 'pc_films_sub', 'pc_titles'];

export const COMPAT_VIEWS_SQL = `
  create view public.pc_films_renamed as select id as film_no, director_id as made_by, title from public.pc_films;
  create view public.pc_directors_renamed as select id as director_no, name as label from public.pc_directors;
  create view public.pc_films_chain as select film_no as fno, made_by as maker, title from public.pc_films_renamed;
  create view public.pc_films_twice as select id, director_id as first_by, director_id as second_by, title from public.pc_films;
  create view public.pc_films_sub as
    select f.id as fid, (select count(*) from public.pc_roles r where r.film_id = f.id)::int as roles, f.director_id as dref, f.title
    from public.pc_films f;
  create view public.pc_titles as select title from public.pc_films;
  create table public.pc_cuts (id int primary key, film_id int,
    constraint pc_cut_film foreign key (film_id) references public.pc_films (id),
    constraint pc_cut_spec foreign key (film_id) references public.pc_specs (film_id));
  alter table public.pc_cuts enable row level security;
  create policy pc_cuts_read on public.pc_cuts for select to anon using (true);
  grant select on public.pc_cuts to anon;
  insert into public.pc_cuts values (1, 1);
  create function public.pc_films_since(y int) returns setof public.pc_films language sql stable
    as $$ select * from public.pc_films where year >= y $$;
  grant execute on function public.pc_films_since(int) to anon;
  ${VIEWS.map((v) => `grant select on public.${v} to anon;`).join('\n')}
  create schema pc_other;
  grant usage on schema pc_other to anon;
  create table pc_other.notes (id int primary key, body text not null);
  alter table pc_other.notes enable row level security;
  create policy notes_read on pc_other.notes for select to anon using (true);
  grant select on pc_other.notes to anon;
  create table pc_other.tags (id int primary key, note_id int not null references pc_other.notes (id), label text not null);
  alter table pc_other.tags enable row level security;
  create policy tags_read on pc_other.tags for select to anon using (true);
  grant select on pc_other.tags to anon;
  insert into pc_other.notes values (1, 'first');
  insert into pc_other.tags values (1, 1, 'todo');
  create function pc_other.all_notes() returns setof pc_other.notes language sql stable as $$ select * from pc_other.notes $$;
  grant execute on function pc_other.all_notes() to anon;`;

export async function createCompatViews(be: TestBackend): Promise<void> {
  await be.db.transaction((tx) => tx.exec(COMPAT_VIEWS_SQL));
  await schemaCacheFor(be.db).reload();
  await schemaCacheFor(be.db, 'pc_other').reload();
}
