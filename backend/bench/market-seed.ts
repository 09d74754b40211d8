/**
 * The data set of bench:market: MEMBERS members (through auth.users, so the profile and preference
 * triggers run), `gigs` gigs spread over them, `perGig` applications per gig, SAVED_PER_MEMBER saved
 * gigs per member, and a thread on a quarter of the applications (two messages each, one per party;
 * the worker has read half of those threads up to the poster's message). Loaded in bulk without the secondary indexes, which are then rebuilt exactly as
 * the migrations define them, and analysed.
 */
import type { Database } from '../src/db/types';

export const MEMBERS = 20_000;
export const SAVED_PER_MEMBER = 50;

/** Gig i (1-based) has a deterministic id, is posted by member i % MEMBERS, and gets perGig applicants. */
export async function seedMarket(db: Database, gigs: number, perGig: number, log: (s: string) => void): Promise<void> {
  await db.transaction((tx) => tx.query(`insert into auth.users (email, raw_user_meta_data)
    select 'member' || i || '@example.com', jsonb_build_object('full_name', 'Member ' || i) from generate_series(0, ${MEMBERS - 1}) i`));
  log('members created');
  await db.transaction((tx) => tx.query('create table public.bench_members as select row_number() over (order by id) - 1 as n, id from public.profiles'));
  // Bulk load without the secondary indexes (built once afterwards, exactly as the migrations define them).
  const secondary = (await db.transaction((tx) => tx.query<{ name: string; def: string }>(`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i where i.indrelid in ('public.gigs'::regclass, 'public.applications'::regclass, 'public.saved_gigs'::regclass)
    and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`))).rows;
  await db.transaction(async (tx) => {
    for (const ix of secondary) await tx.query(`drop index ${ix.name}`);
  });
  const chunk = 100_000;
  for (let start = 1; start <= gigs; start += chunk) {
    const end = Math.min(gigs, start + chunk - 1);
    await db.transaction(async (tx) => {
      await tx.query('alter table public.gigs disable trigger user');
      await tx.query(`insert into public.gigs (id, user_id, title, description, payment_type, rate, hours, location, skills, status, applicant_count, created_at)
        select md5('gig' || i)::uuid, m.id, 'Gig #' || i, 'Generated gig ' || i, case when i % 4 = 0 then 'fixed' else 'hourly' end,
               10 + (i::bigint * 7919) % 990, 1 + i % 40, (array['remote','onsite','hybrid'])[1 + i % 3], array['react','sql'],
               case when i % 10 = 0 then 'filled' when i % 17 = 0 then 'closed' else 'active' end, ${perGig},
               timestamptz '2026-01-01' - make_interval(secs => i * 30)
        from generate_series(${start}, ${end}) i join public.bench_members m on m.n = i % ${MEMBERS}`);
      await tx.query('alter table public.gigs enable trigger user');
      // Applicant k of gig i is member (i + 37k) % MEMBERS: distinct per gig, never the poster.
      await tx.query(`insert into public.applications (gig_id, worker_id, poster_id, message, proposed_rate, status, created_at, updated_at)
        select md5('gig' || i)::uuid, w.id, p.id, 'I would like to help with gig ' || i || '.', case when k = 1 then 25 end,
               case when i % 10 = 0 then (case when k = 1 then 'accepted' else 'declined' end) when i % 17 = 0 then 'closed' else 'applied' end,
               timestamptz '2026-01-01' - make_interval(secs => i * 30 - k), timestamptz '2026-01-01'
        from generate_series(${start}, ${end}) i cross join generate_series(1, ${perGig}) k
        join public.bench_members p on p.n = i % ${MEMBERS}
        join public.bench_members w on w.n = (i + 37 * k) % ${MEMBERS}`);
    });
    log(`${end.toLocaleString('en-US')} gigs, ${(end * perGig).toLocaleString('en-US')} applications`);
  }
  await db.transaction((tx) => tx.query(`insert into public.saved_gigs (user_id, gig_id, created_at)
    select m.id, md5('gig' || (1 + (m.n * 7919 + s * 104729) % ${gigs}))::uuid, timestamptz '2026-01-01' - make_interval(secs => s)
    from public.bench_members m cross join generate_series(1, ${SAVED_PER_MEMBER}) s on conflict do nothing`));
  log('saved gigs created');
  await db.transaction(async (tx) => {
    await tx.query(`insert into public.application_messages (application_id, sender_id, body, created_at)
      select a.id, case when j = 1 then a.worker_id else a.poster_id end, 'Message ' || j, a.created_at + make_interval(mins => j)
      from public.applications a cross join generate_series(1, 2) j where abs(hashtext(a.id::text)) % 4 = 0`);
    await tx.query(`insert into public.application_reads (application_id, user_id, last_read_at)
      select a.id, a.worker_id, a.created_at + interval '3 minutes' from public.applications a where abs(hashtext(a.id::text)) % 8 = 0`);
  });
  log('messages created');
  for (const ix of secondary) await db.transaction((tx) => tx.query(ix.def));
  log(`${secondary.length} secondary indexes rebuilt`);
  await db.transaction(async (tx) => {
    for (const t of ['gigs', 'applications', 'saved_gigs', 'profiles', 'application_messages', 'application_reads']) await tx.query(`analyze public.${t}`);
  });
}

