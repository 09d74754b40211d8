/**
 * A test-only schema for the PostgREST compatibility suites (compat-*.test.ts), after PostgREST's
 * own film database: directors and films (many-to-one), technical specs (one-to-one: the foreign
 * key is the primary key), actors through roles (many-to-many: both keys are in the junction's
 * primary key), a self-referencing employees table, orders to aggregate, a view over films, a
 * computed field and computed relationships. Readable by anon under row level security.
 */
import type { TestBackend } from '../harness';
import { schemaCacheFor } from '../../src/rest/schema-cache';

const TABLES = ['pc_directors', 'pc_films', 'pc_specs', 'pc_actors', 'pc_roles', 'pc_employees', 'pc_orders', 'pc_sequels'];

export const COMPAT_SQL = `
  create table public.pc_directors (id int primary key, name text not null);
  create table public.pc_films (id int primary key, director_id int references public.pc_directors (id), title text not null, year int not null);
  create table public.pc_specs (film_id int primary key references public.pc_films (id), camera text not null);
  create table public.pc_actors (id int primary key, name text not null);
  create table public.pc_roles (
    film_id int references public.pc_films (id), actor_id int references public.pc_actors (id), character text not null,
    primary key (film_id, actor_id));
  create table public.pc_employees (id int primary key, name text not null, boss_id int,
    constraint pc_employees_boss_fkey foreign key (boss_id) references public.pc_employees (id));
  create table public.pc_orders (id int primary key, customer text not null, amount numeric not null, day date not null,
    film_id int not null references public.pc_films (id));
  create table public.pc_sequels (film_id int, sequel_id int, primary key (film_id, sequel_id),
    constraint pc_sequel_of foreign key (film_id) references public.pc_films (id),
    constraint pc_sequel foreign key (sequel_id) references public.pc_films (id));
  create view public.pc_films_view as select id, director_id, title from public.pc_films;
  create function public.pc_shout(public.pc_films) returns text language sql stable as $$ select upper($1.title) $$;
  create function public.pc_director_of(public.pc_films) returns setof public.pc_directors rows 1 language sql stable
    as $$ select * from public.pc_directors where id = $1.director_id $$;
  create function public.pc_team(public.pc_employees) returns setof public.pc_employees language sql stable
    as $$ select * from public.pc_employees where boss_id = $1.id $$;
  ${TABLES.map((t) => `alter table public.${t} enable row level security;
  create policy ${t}_read on public.${t} for select to anon using (true);
  grant select on public.${t} to anon;`).join('\n')}
  grant select on public.pc_films_view to anon;
  grant execute on function public.pc_shout(public.pc_films), public.pc_director_of(public.pc_films), public.pc_team(public.pc_employees) to anon;

  insert into public.pc_directors values (1, 'Lumière'), (2, 'Méliès'), (3, 'Nobody');
  insert into public.pc_films values (1, 1, 'Workers', 1895), (2, 2, 'Castle', 1896), (3, 2, 'Moon', 1902);
  insert into public.pc_specs values (1, 'Cinématographe'), (3, 'Star');
  insert into public.pc_actors values (1, 'Jehanne'), (2, 'Georges'), (3, 'Bleuette');
  insert into public.pc_roles values (2, 1, 'Ghost'), (3, 1, 'Moon'), (3, 2, 'Professor');
  insert into public.pc_employees values (1, 'Ada', null), (2, 'Brian', 1), (3, 'Cleo', 1), (4, 'Dan', 2);
  insert into public.pc_orders values
    (1, 'ann', 10, '2024-01-01', 1), (2, 'ann', 5, '2024-01-02', 2), (3, 'bob', 7.5, '2024-01-01', 2), (4, 'cy', 2.5, '2024-01-02', 3);
  insert into public.pc_sequels values (2, 3);`;

export async function createCompatSchema(be: TestBackend): Promise<void> {
  await be.db.transaction((tx) => tx.exec(COMPAT_SQL));
  await schemaCacheFor(be.db).reload();
}
