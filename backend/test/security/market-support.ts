/**
 * Shared by the marketplace access suites: who calls (the visitor, the poster P, the worker W,
 * another member O, forged tokens) and a fingerprint of every marketplace, app and auth row that a
 * refused request must leave as it was.
 */
import type { TestBackend } from '../harness';
import { fingerprint, type Account, type forgedTokens } from './helpers';

type Forged = Awaited<ReturnType<typeof forgedTokens>>;
export type Bearer = keyof Forged['bearer'];
export type Who = 'visitor' | 'P' | 'W' | 'O' | 'anonAsUser' | 'serviceAsUser' | `bearer:${Bearer}` | 'apikey:anonKeyEditedToServiceRole';

export function credentials(be: TestBackend, acc: Record<'P' | 'W' | 'O', Account>, forged: Forged, who: Who): { apikey: string; bearer: string | null } {
  const anon = be.config.ANON_KEY;
  if (who === 'visitor') return { apikey: anon, bearer: null };
  if (who === 'P' || who === 'W' || who === 'O') return { apikey: anon, bearer: acc[who].access };
  if (who === 'anonAsUser') return { apikey: anon, bearer: anon };
  if (who === 'serviceAsUser') return { apikey: anon, bearer: be.config.SERVICE_ROLE_KEY };
  if (who === 'apikey:anonKeyEditedToServiceRole') return { apikey: forged.apikey.anonKeyEditedToServiceRole, bearer: null };
  return { apikey: anon, bearer: forged.bearer[who.slice('bearer:'.length) as Bearer] };
}

/** The marketplace rows (and, through fingerprint(), the app and auth tables). */
export async function marketFingerprint(be: TestBackend): Promise<string> {
  const { rows } = await be.db.transaction((tx) =>
    tx.query<{ h: string }>(`select md5(coalesce(string_agg(t, '|' order by t), '')) as h from (
      select 'app ' || row(x.*)::text as t from public.applications x
      union all select 'event ' || row(x.*)::text from public.application_events x
      union all select 'saved ' || row(x.*)::text from public.saved_gigs x
      union all select 'prefs ' || row(x.*)::text from public.notification_preferences x
      union all select 'payment ' || row(x.*)::text from public.application_payments x
      union all select 'review ' || row(x.*)::text from public.reviews x
      union all select 'rating ' || row(x.*)::text from public.member_ratings x
      union all select 'message ' || row(x.*)::text from public.application_messages x
      union all select 'read ' || row(x.*)::text from public.application_reads x
      union all select 'outbox ' || row(x.*)::text from private.notification_outbox x) z`),
  );
  return `${rows[0]!.h}/${await fingerprint(be)}`;
}
