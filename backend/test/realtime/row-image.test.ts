/**
 * Row-level security is judged on the row as each change wrote it, not on the table as it is when
 * the change is checked (after the commit, maybe after later writes). Changes made in one
 * transaction are all notified at its commit, when the row already holds its last state: the
 * sharpest case of a check running late. A table of this file's own database carries the
 * policies: one permissive for anon (`body <> 'hidden'`), one restrictive (`id < 100`).
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { Inbox, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
const open = realtimeBackend(async (started) => {
  be = started;
  await be.db.transaction((tx) => tx.exec(`
    create table public.rt_notes (id int primary key, body text not null);
    alter table public.rt_notes enable row level security;
    create policy rt_notes_read on public.rt_notes for select to anon using (body <> 'hidden');
    create policy rt_notes_small on public.rt_notes as restrictive for select to anon using (id < 100);
    create policy rt_notes_members on public.rt_notes for select to authenticated using (true);
    grant select on public.rt_notes to anon, authenticated, service_role;
    alter publication supabase_realtime add table public.rt_notes;
    select need40_realtime.sync_triggers();`));
});
type Change = { eventType: string; new: { id?: number; body?: string }; old: { id?: number } };
const inOneTransaction = (sql: string) => be.db.transaction((tx) => tx.exec(sql));

const watch = async (name: string, token?: string) => {
  const inbox = new Inbox<Change>();
  const { sb } = await open(token);
  await subscribed(sb.channel(name).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_notes' }, (p) => inbox.push(p as never)));
  return inbox;
};
const seen = (inbox: Inbox<Change>, id: number) =>
  inbox.items.filter((c) => (c.new.id ?? c.old.id) === id).map((c) => `${c.eventType}${c.new.body ? ` ${c.new.body}` : ''}`);

describe('postgres_changes: row-level security on the row as written', () => {
  it('an INSERT and an UPDATE whose row is deleted before they are checked still arrive', async () => {
    const inbox = await watch('notes-gone');
    await inOneTransaction("insert into public.rt_notes values (1, 'draft'); update public.rt_notes set body = 'final' where id = 1; delete from public.rt_notes where id = 1;");
    await inbox.until((items) => items.some((c) => c.eventType === 'DELETE' && c.old.id === 1));
    expect(seen(inbox, 1)).toEqual(['INSERT draft', 'UPDATE final', 'DELETE']);
  });

  it('a row image hidden when written is never sent, though the row is visible by the time of the check', async () => {
    const inbox = await watch('notes-hidden-then-shown');
    await inOneTransaction("insert into public.rt_notes values (2, 'hidden'); update public.rt_notes set body = 'shown' where id = 2;");
    await inbox.until((items) => items.some((c) => c.new.id === 2));
    await be.app.realtime.idle();
    expect(seen(inbox, 2)).toEqual(['UPDATE shown']);
  });

  it('a row image visible when written arrives, though the row is hidden by the time of the check', async () => {
    const inbox = await watch('notes-shown-then-hidden');
    await inOneTransaction("insert into public.rt_notes values (3, 'shown'); update public.rt_notes set body = 'hidden' where id = 3;");
    await inbox.until((items) => items.some((c) => c.new.id === 3));
    await be.app.realtime.idle();
    expect(seen(inbox, 3)).toEqual(['INSERT shown']);
  });

  it('restrictive policies apply, each role gets its own policies, and the service role bypasses them', async () => {
    const visitor = await watch('notes-visitor');
    const service = await watch('notes-service', be.config.SERVICE_ROLE_KEY);
    await inOneTransaction("insert into public.rt_notes values (150, 'big'), (4, 'hidden'), (5, 'small');");
    await service.count(3);
    await visitor.until((items) => items.some((c) => c.new.id === 5));
    await be.app.realtime.idle();
    expect(visitor.items.map((c) => c.new.id)).toEqual([5]);
    expect(service.items.map((c) => c.new.id)).toEqual([150, 4, 5]);
  });

  it('a table with row-level security and no policy for the role sends that role nothing', async () => {
    await inOneTransaction('drop policy rt_notes_read on public.rt_notes');
    const inbox = await watch('notes-no-policy');
    const service = await watch('notes-no-policy-service', be.config.SERVICE_ROLE_KEY);
    await inOneTransaction("insert into public.rt_notes values (6, 'open');");
    await service.count(1);
    await be.app.realtime.idle();
    expect(inbox.items).toEqual([]);
  });
});

describe('postgres_changes: the policies of every published table', () => {
  it('compile and run as each API role over a row image (a policy the check cannot read would hide every change)', async () => {
    const { readPolicies } = await import('../../src/realtime/read-policy');
    const tables = await be.db.transaction(async (tx) =>
      (await tx.query<{ oid: number; sql: string; name: string }>(
        `select c.oid::int as oid, format('%I.%I', p.schemaname, p.tablename) as sql, p.tablename as name
           from pg_publication_tables p join pg_class c on c.oid = format('%I.%I', p.schemaname, p.tablename)::regclass
          where p.pubname = 'supabase_realtime' and c.relrowsecurity order by 2`,
      )).rows,
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['application_messages', 'applications', 'gigs', 'payments']));
    for (const t of tables) {
      const policies = await be.db.transaction((tx) => readPolicies(tx, t.oid));
      for (const [role, policy] of policies) {
        const run = be.db.transaction(async (tx) => {
          await tx.query("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", [role, JSON.stringify({ role, sub: '00000000-0000-0000-0000-000000000001' })]);
          return (await tx.query(`select exists(select 1 from jsonb_populate_record(null::${t.sql}, '{}'::jsonb) as "${t.name}" where ${policy}) as v`)).rows;
        }, { readOnly: true });
        await expect(run, `${t.name} as ${role}: ${policy}`).resolves.toHaveLength(1);
      }
    }
  });
});
