/**
 * Change capture in the database: the app's publication, capture triggers that follow it (a table
 * added gets one, a table removed loses it), and the capture objects out of the API roles' reach.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { Inbox, rtClient, subscribed } from './helpers';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => {
  await be?.close();
});

const q = <R>(sql: string, params: unknown[] = []) => be.db.transaction(async (tx) => (await tx.query<R>(sql, params)).rows);
const triggered = async () =>
  (await q<{ t: string }>("select tgrelid::regclass::text as t from pg_trigger where tgname = 'need40_realtime_capture' order by 1")).map((r) => r.t);

describe('change capture', () => {
  it('the supabase_realtime publication holds the gigs, payments, marketplace and notification tables, each with a capture trigger', async () => {
    const published = await q<{ tablename: string }>("select tablename from pg_publication_tables where pubname = 'supabase_realtime' order by 1");
    const tables = ['application_messages', 'application_payments', 'application_reads', 'applications', 'gig_takedowns', 'gigs', 'notifications', 'payments', 'reviews', 'saved_gigs'];
    expect(published.map((r) => r.tablename)).toEqual(tables);
    expect(await triggered()).toEqual(tables);
  });

  it('a table added to the publication is captured at once and delivers; removed, it is not', async () => {
    await be.db.transaction(async (tx) => {
      await tx.exec(`create table public.rt_notes (id int primary key, body text);
        alter table public.rt_notes enable row level security;
        create policy rt_notes_read on public.rt_notes for select to anon using (body <> 'hidden');
        grant select on public.rt_notes to anon;
        alter publication supabase_realtime add table public.rt_notes;`);
    });
    expect(await triggered()).toContain('rt_notes');
    const inbox = new Inbox<{ new: { id: number } }>();
    const { sb } = await rtClient(be);
    await subscribed(sb.channel('notes').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => inbox.push(p as never)));
    await q("insert into public.rt_notes values (1, 'hidden'), (2, 'shown')");
    await inbox.count(1);
    await be.app.realtime.idle();
    expect(inbox.items.map((p) => p.new.id)).toEqual([2]);
    await sb.removeAllChannels();
    sb.realtime.disconnect();
    await q('alter publication supabase_realtime drop table public.rt_notes');
    expect(await triggered()).not.toContain('rt_notes');
  });

  it('the capture schema is out of the API roles\' reach', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [r] = await q<{ usage: boolean; spill: boolean; sync: boolean; capture: boolean }>(
        `select has_schema_privilege($1, 'need40_realtime', 'usage') as usage,
                has_table_privilege($1, 'need40_realtime.spill', 'select') as spill,
                has_function_privilege($1, 'need40_realtime.sync_triggers()', 'execute') as sync,
                has_function_privilege($1, 'need40_realtime.capture()', 'execute') as capture`,
        [role],
      );
      expect(r, role).toEqual({ usage: false, spill: false, sync: false, capture: false });
    }
  });
});
