/**
 * Skills match case-insensitively and come back as typed: "react" finds a gig listing "React"
 * through the REST `cs` and `ov` filters and supabase-js `.contains()`, the GIN index still serves
 * the filter, and gigs posted before the change keep their spelling and become findable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from 'backend/src/db/migrate';
import { startTestBackend, type TestBackend } from 'backend/test/harness';
import { client, createUser, rest, seedGigs, type TestUser } from 'backend/test/rest/helpers';
import { databaseMigratedUntil } from 'backend/test/rest/migrate-until';

let be: TestBackend;
let owner: TestUser;

beforeAll(async () => {
  be = await startTestBackend();
  owner = await createUser(be, 'skills-owner@example.com');
  await seedGigs(be, owner.id, [
    { title: 'Frontend', rate: 50, skills: ['React', 'TypeScript'] },
    { title: 'Backend', rate: 60, skills: ['Node.js', 'PostgreSQL'] },
    { title: 'Design', rate: 40, skills: ['Figma'] },
  ]);
});

afterAll(async () => {
  await be?.close();
});

const titles = async (query: string) => {
  const res = await rest(be, `/gigs?select=title,skills&order=title${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: string }[]).map((g) => g.title);
};

describe('skills: case-insensitive match, shown as typed', () => {
  it('cs finds "React" for react, REACT and rEaCt, and needs every listed skill', async () => {
    for (const v of ['react', 'REACT', 'rEaCt']) expect(await titles(`&skills=cs.{${v}}`)).toEqual(['Frontend']);
    expect(await titles('&skills=cs.{react,typescript}')).toEqual(['Frontend']);
    expect(await titles('&skills=cs.{react,figma}')).toEqual([]);
  });

  it('ov matches any of the skills, whatever their case', async () => {
    expect(await titles('&skills=ov.{figma,postgresql}')).toEqual(['Backend', 'Design']);
  });

  it('the answer keeps the spelling the poster typed', async () => {
    const res = await rest(be, '/gigs?select=skills&skills=cs.{typescript}');
    expect(await res.json()).toEqual([{ skills: ['React', 'TypeScript'] }]);
  });

  it('supabase-js .contains() as the grid sends it', async () => {
    const { data, error } = await client(be).from('gigs').select('title, skills').contains('skills', ['node.js']);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Backend', skills: ['Node.js', 'PostgreSQL'] }]);
  });

  it('a signed-in poster sends skills in any case and reads them back unchanged', async () => {
    const { data, error } = await client(be, owner)
      .from('gigs')
      .insert({ title: 'Mixed', description: 'd', rate: 30, hours: 2, location: 'remote', skills: ['GraphQL', 'graphql ops'] })
      .select('skills')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ skills: ['GraphQL', 'graphql ops'] });
    expect(await titles('&skills=cs.{GRAPHQL}')).toEqual(['Mixed']);
  });

  it('the skills limits still hold: 51 skills is refused with 400 23514', async () => {
    const { error, status } = await client(be, owner)
      .from('gigs')
      .insert({ title: 'Too many', description: 'd', rate: 30, hours: 2, location: 'remote', skills: Array.from({ length: 51 }, (_, i) => `S${i}`) });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
  });

  it('a malformed skills filter is a 400, not a 5xx', async () => {
    const res = await rest(be, '/gigs?skills=cs.{"unclosed');
    expect(res.status).toBe(400);
  });

  it('the GIN index serves the case-insensitive containment', async () => {
    const plan = await be.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>("explain select id from public.gigs where skills @> '{react}'::citext[]");
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('gigs_skills_idx');
  });
});

describe('the migration', () => {
  it('keeps existing skills as typed and makes them findable in any case', async () => {
    const db = await databaseMigratedUntil('20240201000700_profiles_publish_nothing_by_default.sql');
    try {
      const id = '00000000-0000-4000-8000-0000000000a1';
      await db.transaction(async (tx) => {
        await tx.query("insert into auth.users (id, email) values ($1, 'old-skills@example.com')", [id]);
        await tx.query("insert into public.gigs (user_id, title, description, rate, hours, location, skills) values ($1, 'Old', 'd', 10, 1, 'remote', '{Vue.js,CSS}')", [id]);
      });
      await migrate(db);
      const rows = await db.transaction(async (tx) => (await tx.query<{ skills: string[] }>("select skills::text[] as skills from public.gigs where skills @> '{vue.js}'")).rows);
      expect(rows).toEqual([{ skills: ['Vue.js', 'CSS'] }]);
    } finally {
      await db.close();
    }
  }, 180_000); // a fresh database (initdb and every migration) is slow on a busy machine
});
