/**
 * A schema with what the app's own does not use yet, for the generator tests: an enum, a domain,
 * a composite type, an identity column that is GENERATED ALWAYS, a generated column, an updatable
 * view, a computed field (a function of one unnamed row), an overloaded function, a function
 * returning `table (…)`, one returning rows of a table, and policies and grants down to the column.
 */
export const DEMO_SCHEMA = 'cg_demo';

export const DEMO_SQL = `
create schema cg_demo;
comment on schema cg_demo is 'Generator test schema.';
grant usage on schema cg_demo to anon, authenticated;
create type cg_demo.mood as enum ('calm', 'busy', 'away');
create domain cg_demo.short_text as text check (char_length(value) <= 20);
create type cg_demo.point2 as (x numeric, y numeric);
create table cg_demo.owners (
  id uuid primary key default gen_random_uuid(),
  handle cg_demo.short_text not null
);
create table cg_demo.tasks (
  id bigint generated always as identity primary key,
  owner_id uuid not null references cg_demo.owners (id) on delete cascade,
  title text not null,
  "due-on" date,
  mood cg_demo.mood not null default 'calm',
  moods cg_demo.mood[] not null default '{}',
  spot cg_demo.point2,
  title_length int generated always as (char_length(title)) stored,
  tags text[] not null default '{}',
  meta jsonb
);
comment on table cg_demo.tasks is 'Things to do.';
comment on column cg_demo.tasks.title is 'What to do.';
create index tasks_owner_idx on cg_demo.tasks (owner_id);
alter table cg_demo.tasks enable row level security;
create policy tasks_read on cg_demo.tasks for select to anon, authenticated using (true);
create policy tasks_own on cg_demo.tasks as restrictive for update to authenticated using (owner_id = auth.uid()) with check (owner_id = auth.uid());
revoke all on cg_demo.tasks from anon, authenticated;
grant select on cg_demo.tasks to anon, authenticated;
grant update (title, mood) on cg_demo.tasks to authenticated;
create view cg_demo.open_tasks as select id, owner_id as owner, title from cg_demo.tasks;
create function cg_demo.shout(cg_demo.tasks) returns text language sql stable as $$ select upper($1.title) $$;
create function cg_demo.find_tasks(p_title text, p_limit int default 10) returns setof cg_demo.tasks language sql stable
  as $$ select * from cg_demo.tasks where title = p_title limit p_limit $$;
create function cg_demo.task_counts() returns table (owner_id uuid, total bigint) language sql stable
  as $$ select owner_id, count(*) from cg_demo.tasks group by owner_id $$;
create function cg_demo.echo(p_value text) returns text language sql immutable as $$ select p_value $$;
create function cg_demo.echo(p_value text, p_times int) returns text language sql immutable as $$ select repeat(p_value, p_times) $$;
create function cg_demo.touch() returns void language sql as $$ select $$;
revoke all on function cg_demo.touch() from public;
grant execute on function cg_demo.touch() to authenticated;
`;
