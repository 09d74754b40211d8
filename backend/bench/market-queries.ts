/**
 * The pages bench:market measures: what the clients send (the dashboard lists page by page with
 * the count on the first page, the saved marks of one grid screen), over /rest/v1 and in SQL for
 * EXPLAIN. Keep them in step with mf-gigs/src/features/dashboard/api/dashboard.ts.
 */
/** A member as the queries see them: their id, their newest gig, and where each list's second page starts. */
export interface Member {
  id: string;
  gig: string;
  /** created_at and tie of the 20th row of my gigs / my applications / saved gigs (the cursor of "Show more"). */
  gigsAt: string; gigsId: string;
  appsAt: string; appsId: string;
  savedAt: string; savedGig: string;
  /** The gigs of one grid screen, for the saved marks. */
  cards: string;
}

export interface Query {
  name: string;
  /** The path under /rest/v1 for the member. */
  path: (m: Member) => string;
  /** A Prefer header (count=exact on a list's first page, as the clients send it). */
  prefer?: string;
  /** The same page in SQL, run as that member under row-level security for EXPLAIN ANALYZE. */
  sql: string;
  /** Its parameters (default: the member's id and gig). */
  params?: (m: Member) => unknown[];
}

const EMBED = (cols: string, table: string, on: string) => `(select row_to_json(x) from (select ${cols} from public.${table} e where ${on}) x)`;
/** The exact count as the REST layer adds it to a first page. */
const COUNT = (from: string) => `, (select count(*) from ${from})::text as total`;
/** The keyset filter of a next page: rows after (c, t) in the order created_at desc, tie asc. */
const AFTER = (c: string, tie: string, t: string) => `created_at=lte.${encodeURIComponent(c)}&or=${encodeURIComponent(`(created_at.lt."${c}",${tie}.gt."${t}")`)}`;
const AFTER_SQL = (tie: string, c = '$3', t = '$4') => `created_at <= ${c} and (created_at < ${c} or ${tie} > ${t})`;

/** The dashboard's pages as mf-gigs reads them (features/dashboard/api/dashboard.ts): 20 rows + 1 that says more exist. */
export const QUERIES: Query[] = [
  {
    name: 'my gigs, first page + count', prefer: 'count=exact', path: (m) => `/gigs?select=id,title,status,applicant_count,created_at&user_id=eq.${m.id}&order=created_at.desc,id.asc&limit=21`,
    sql: `select p.*${COUNT('public.gigs where user_id = $1')} from (select id, title, status, applicant_count, created_at from public.gigs where user_id = $1 and $2::uuid is not null order by created_at desc, id limit 21) p`,
  },
  {
    name: 'my gigs, next page', path: (m) => `/gigs?select=id,title,status,applicant_count,created_at&user_id=eq.${m.id}&${AFTER(m.gigsAt, 'id', m.gigsId)}&order=created_at.desc,id.asc&limit=21`,
    sql: `select id, title, status, applicant_count, created_at from public.gigs where user_id = $1 and ${AFTER_SQL('id', '$2::timestamptz', '$3::uuid')} order by created_at desc, id limit 21`, params: (m) => [m.id, m.gigsAt, m.gigsId],
  },
  {
    name: 'applicants of one gig + count', prefer: 'count=exact', path: (m) => `/applications?select=id,message,proposed_rate,available_from,status,created_at,worker:worker_id(id,full_name,title,avatar_url,hourly_rate,member_ratings(average_rating,review_count))&gig_id=eq.${m.gig}&order=created_at.desc,id.asc&limit=21`,
    sql: `select p.*${COUNT('public.applications where gig_id = $2')} from (select a.id, a.message, a.proposed_rate, a.available_from, a.status, a.created_at, ${EMBED('id, full_name, title, avatar_url, hourly_rate', 'profiles', 'e.id = a.worker_id')} from public.applications a where a.gig_id = $2 and $1::uuid is not null order by a.created_at desc, a.id limit 21) p`,
  },
  {
    name: 'my applications, first + count', prefer: 'count=exact', path: (m) => `/applications?select=id,status,created_at,decline_notice,gigs(id,title,status,rate,payment_type)&worker_id=eq.${m.id}&order=created_at.desc,id.asc&limit=21`,
    sql: `select p.*${COUNT('public.applications where worker_id = $1')} from (select a.id, a.status, a.created_at, a.decline_notice, ${EMBED('id, title, status, rate, payment_type', 'gigs', 'e.id = a.gig_id')} from public.applications a where a.worker_id = $1 and $2::uuid is not null order by a.created_at desc, a.id limit 21) p`,
  },
  {
    name: 'my applications, next page', path: (m) => `/applications?select=id,status,created_at,decline_notice,gigs(id,title,status,rate,payment_type)&worker_id=eq.${m.id}&${AFTER(m.appsAt, 'id', m.appsId)}&order=created_at.desc,id.asc&limit=21`,
    sql: `select a.id, a.status, a.created_at, a.decline_notice, ${EMBED('id, title, status, rate, payment_type', 'gigs', 'e.id = a.gig_id')} from public.applications a where a.worker_id = $1 and ${AFTER_SQL('a.id', '$2::timestamptz', '$3::uuid').replaceAll('created_at', 'a.created_at')} order by a.created_at desc, a.id limit 21`, params: (m) => [m.id, m.appsAt, m.appsId],
  },
  {
    name: 'saved gigs, first + count', prefer: 'count=exact', path: (m) => `/saved_gigs?select=created_at,gig_id,gigs(id,title,status,rate,payment_type)&user_id=eq.${m.id}&order=created_at.desc,gig_id.asc&limit=21`,
    sql: `select p.*${COUNT('public.saved_gigs where user_id = $1')} from (select s.created_at, s.gig_id, ${EMBED('id, title, status, rate, payment_type', 'gigs', 'e.id = s.gig_id')} from public.saved_gigs s where s.user_id = $1 and $2::uuid is not null order by s.created_at desc, s.gig_id limit 21) p`,
  },
  {
    name: 'saved gigs, next page', path: (m) => `/saved_gigs?select=created_at,gig_id,gigs(id,title,status,rate,payment_type)&user_id=eq.${m.id}&${AFTER(m.savedAt, 'gig_id', m.savedGig)}&order=created_at.desc,gig_id.asc&limit=21`,
    sql: `select s.created_at, s.gig_id, ${EMBED('id, title, status, rate, payment_type', 'gigs', 'e.id = s.gig_id')} from public.saved_gigs s where s.user_id = $1 and ${AFTER_SQL('s.gig_id', '$2::timestamptz', '$3::uuid').replaceAll('created_at', 's.created_at')} order by s.created_at desc, s.gig_id limit 21`, params: (m) => [m.id, m.savedAt, m.savedGig],
  },
  {
    name: 'saved marks of 12 cards', path: (m) => `/saved_gigs?select=gig_id&user_id=eq.${m.id}&gig_id=in.(${m.cards})`,
    sql: 'select gig_id from public.saved_gigs where user_id = $1 and gig_id = any(string_to_array($2, \',\')::uuid[])', params: (m) => [m.id, m.cards],
  },
  {
    // The body of my_unread_threads (a plpgsql function's EXPLAIN hides its statement): keep in step
    // with supabase/migrations/20240801000000_my_unread_threads.sql.
    name: 'my unread threads (rpc, 500)', path: () => '/rpc/my_unread_threads?p_limit=500',
    sql: `select a.id, a.gig_id, u.unread from public.applications a
      left join public.application_reads r on r.application_id = a.id and r.user_id = $1
      cross join lateral (select count(*) as unread, max(m.created_at) as newest from public.application_messages m
        where m.application_id = a.id and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz) and m.sender_id <> $1) u
      where (a.worker_id = $1 or a.poster_id = $1) and u.unread > 0 and $2::uuid is not null order by u.newest desc, a.id limit 500`,
  },
  {
    name: 'open grid (context)', path: () => '/gigs?select=*,profiles!gigs_user_id_fkey(full_name,avatar_url)&status=eq.active&order=created_at.desc&limit=12',
    sql: `select g.*, ${EMBED('full_name, avatar_url', 'profiles', 'e.id = g.user_id')} from public.gigs g where g.status = 'active' and $1::uuid is not null and $2::uuid is not null order by g.created_at desc limit 12`,
  },
];

