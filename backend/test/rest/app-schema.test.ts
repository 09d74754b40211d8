/**
 * The app schema (supabase/migrations): applies to a fresh database and is a no-op on a migrated
 * one; the tables match the wire contract in shared/src/types.ts; row-level security is on for
 * every table; the signup trigger makes a profile; the definer functions pin their search_path;
 * the REST schema cache sees objects created after start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import type { Database } from '../../src/db/types';
import { openTestDatabase, startTestBackend, testDbKind, type TestBackend } from '../harness';
import { createUser, rest } from './helpers';

let be: TestBackend;

async function sql<T = Record<string, unknown>>(db: Database, text: string, params: unknown[] = []): Promise<T[]> {
  return db.transaction(async (tx) => (await tx.query<T>(text, params)).rows);
}

beforeAll(async () => {
  be = await startTestBackend();
});

afterAll(async () => {
  await be?.close();
});

/** Column → type, as shared/src/types.ts expects them (GigRow, ProfileRow, PaymentRow). */
/** The operator's console: each checks the operator role in the database (access-operator.test.ts). */
const ADMIN_FUNCTIONS = ['admin_ban_member', 'admin_hide_gig', 'admin_remove_message', 'admin_resolve_report', 'admin_restore_gig', 'admin_retry_email', 'admin_unban_member', 'admin_warn_member'];

const CONTRACT: Record<string, Record<string, string>> = {
  gigs: {
    id: 'uuid', user_id: 'uuid', title: 'text', description: 'text', payment_type: 'text', rate: 'numeric', rate_cents: 'integer', hours: 'numeric',
    location: 'text', skills: 'citext[]', worker_rate: 'numeric', platform_fee: 'numeric', payment_id: 'uuid', status: 'text',
    created_at: 'timestamp with time zone', applicant_count: 'integer',
    hidden_at: 'timestamp with time zone', hidden_reason: 'text', hidden_cause: 'text',
  },
  profiles: {
    id: 'uuid', username: 'text', avatar_url: 'text', full_name: 'text', title: 'text', bio: 'text', skills: 'text[]',
    hourly_rate: 'numeric', hours_per_week: 'integer', preferred_hours: 'text[]', timezone: 'text', experience: 'jsonb',
    portfolio: 'text[]', contact_email: 'text', contact_phone: 'text', linkedin_url: 'text', github_url: 'text',
    created_at: 'timestamp with time zone', updated_at: 'timestamp with time zone',
    available_for_work: 'boolean', available_since: 'timestamp with time zone',
  },
  payments: {
    id: 'uuid', amount: 'numeric', status: 'text', payment_method: 'text', description: 'text', user_id: 'uuid', metadata: 'jsonb',
    created_at: 'timestamp with time zone', source: 'text',
  },
  audit_logs: { id: 'bigint', operation: 'text', table_name: 'text', details: 'jsonb', user_id: 'uuid', created_at: 'timestamp with time zone' },
};

describe('app migrations', () => {
  it('a fresh database migrates from nothing, and migrating again applies nothing', async () => {
    const db = testDbKind() === 'pglite' ? await openPglite(':memory:') : await openTestDatabase('postgres');
    try {
      const applied = testDbKind() === 'pglite' ? await migrate(db) : [];
      // Every file of supabase/migrations, in order (the first eight are the original app schema).
      const files = fs.readdirSync(path.join(REPO_ROOT, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql')).sort();
      expect(files.slice(0, 8)).toEqual([
        '20240201000000_profiles.sql', '20240201000100_payments.sql', '20240201000200_gigs.sql',
        '20240201000300_audit_logs.sql', '20240201000400_record_payment.sql', '20240201000500_create_paid_gig.sql',
        '20240201000600_internal_function_privileges.sql', '20240201000700_profiles_publish_nothing_by_default.sql',
      ]);
      if (testDbKind() === 'pglite') expect(applied.filter((n) => n.startsWith('app/'))).toEqual(files.map((f) => `app/${f}`));
      expect(await migrate(db)).toEqual([]);
      const ledger = await sql<{ name: string }>(db, "select name from need40_migrations.ledger where scope = 'app' order by name");
      expect(ledger.map((r) => r.name)).toEqual(files);
    } finally {
      await db.close();
    }
  }, 180_000);

  it('an already-migrated database starts a backend that serves the schema', async () => {
    expect(await migrate(be.db)).toEqual([]);
    const res = await rest(be, '/gigs?select=id&limit=1');
    expect(res.status).toBe(200);
  });

  it.each(Object.keys(CONTRACT))('%s has exactly the contract columns and types', async (table) => {
    const rows = await sql<{ column_name: string; type: string }>(
      be.db,
      `select a.attname as column_name, format_type(a.atttypid, null) as type from pg_attribute a
       where a.attrelid = ('public.' || $1)::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [table],
    );
    expect(Object.fromEntries(rows.map((r) => [r.column_name, r.type]))).toEqual(CONTRACT[table]);
  });

  it('row-level security is enabled on every table of the exposed schema, and each has a comment', async () => {
    const rows = await sql<{ relname: string; rls: boolean; comment: string | null }>(
      be.db,
      `select c.relname, c.relrowsecurity as rls, obj_description(c.oid, 'pg_class') as comment
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(rows.map((r) => r.relname)).toEqual([
      'application_events', 'application_messages', 'application_payments', 'application_reads', 'applications', 'audit_logs', 'deal_notes', 'gig_invitations', 'gig_takedowns', 'gigs',
      'member_ratings', 'notification_preferences', 'notifications', 'payments', 'payout_details', 'portfolio_items', 'profiles', 'reports', 'reviews', 'saved_gigs', 'saved_searches',
    ]);
    for (const r of rows) {
      expect(r.rls, r.relname).toBe(true);
      expect(r.comment, r.relname).toBeTruthy();
    }
  });

  it('the indexes that serve the list query and each filter exist', async () => {
    const rows = await sql<{ indexname: string }>(be.db, "select indexname from pg_indexes where schemaname = 'public' and tablename = 'gigs'");
    expect(rows.map((r) => r.indexname)).toEqual(expect.arrayContaining([
      'gigs_created_at_id_idx', 'gigs_title_trgm_idx', 'gigs_skills_idx', 'gigs_rate_idx', 'gigs_payment_type_idx', 'gigs_location_idx', 'gigs_user_id_idx',
    ]));
  });

  // Extension functions (pgcrypto, pg_trgm in public) are left out here and from /rpc (schema-cache.ts).
  it('SECURITY DEFINER functions pin an empty search_path, and only the API functions are executable by clients', async () => {
    const rows = await sql<{ proname: string; config: string[] | null; anon: boolean; authenticated: boolean }>(
      be.db,
      `select p.proname, p.proconfig as config, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prosecdef order by 1`,
    );
    expect(rows.map((r) => r.proname)).toEqual([
      'accept_application', 'accept_deal_change', ...ADMIN_FUNCTIONS, 'apply_payment_event', 'apply_to_gig', 'approve_work', 'campaign_progress', 'cancel_deal', 'close_gig', 'completed_gigs', 'completed_gigs_of', 'confirm_payout',
      'contact_details', 'create_paid_gig', 'deal_money', 'deal_provider', 'decline_application', 'decline_deal_change', 'deliver_work', 'estimate_worker_cents', 'fee_cents', 'fund_with_credit', 'handle_new_user',
      'handle_user_confirmed', 'invite_to_apply', 'leave_review', 'mark_notifications_read', 'mark_thread_read', 'money_statement', 'my_money', 'my_sessions', 'open_dispute', 'operator_confirm_funds', 'operator_confirm_payment',
      'operator_record_payout', 'operator_record_refund', 'operator_refund_deal', 'operator_resolve_dispute', 'operator_void_funds', 'operator_void_payment',
      'payment_work', 'propose_deal_change', 'receipt', 'record_payment', 'report_item', 'request_changes', 'search_workers', 'send_message', 'start_funding', 'undo_decision', 'withdraw_application', 'worker_cents', 'write_audit_log',
    ]);
    for (const r of rows) expect(r.config, r.proname).toContain('search_path=""');
    const callable = await sql<{ proname: string }>(
      be.db,
      `select n.nspname || '.' || p.proname as proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private', 'ledger')
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
       order by 1`,
    );
    // private.aal_satisfied, private.is_thread_party and private.member_may_write are called by the
    // MFA, the private thread channel and the members-only write policies, and private.console_gate
    // by the operator views, which run as the client's role, and private.gig_filters_valid and
    // private.lower_skills by the saved searches' check and the directory's skills index, which
    // every writer of those rows evaluates; the private schema is not exposed by
    // /rest/v1 (the access suite checks it is no rpc).
    expect(callable.map((r) => r.proname)).toEqual([
      'private.aal_satisfied', 'private.console_gate', 'private.gig_filters_valid', 'private.is_operator_now', 'private.is_thread_party', 'private.lower_skills', 'private.member_may_write', 'private.notification_max_attempts',
      // The operator queues' row functions check the role themselves (views run their functions as the caller).
      ...['operator_disputes_rows', 'operator_funds_awaiting_rows', 'operator_payment_events_rows', 'operator_payouts_due_rows', 'operator_refunds_due_rows',
        'operator_revenue_rows'].map((f) => `private.${f}`),
      ...['accept_application', 'accept_deal_change', ...ADMIN_FUNCTIONS, 'apply_to_gig', 'approve_work', 'campaign_progress', 'cancel_deal', 'close_gig', 'completed_gigs', 'completed_gigs_of', 'confirm_payout', 'contact_details',
        'create_paid_gig', 'deal_money', 'deal_provider', 'decline_application', 'decline_deal_change', 'deliver_work', 'estimate_worker_cents', 'fee_cents', 'fund_with_credit', 'invite_to_apply', 'leave_review', 'mark_notifications_read', 'mark_thread_read',
        'money_statement', 'my_money', 'my_sessions', 'my_unread_threads', 'open_dispute', 'operator_confirm_funds', 'operator_confirm_payment', 'operator_record_payout',
        'operator_record_refund', 'operator_refund_deal', 'operator_resolve_dispute', 'operator_void_funds', 'operator_void_payment', 'propose_deal_change', 'receipt',
        'record_payment', 'report_item', 'request_changes', 'search_workers', 'send_message', 'start_funding', 'undo_decision', 'unread_message_counts', 'withdraw_application', 'worker_cents'].map((f) => `public.${f}`),
    ]);
  });
});

describe('profiles follow auth users', () => {
  it('a new auth user gets a profile with full_name and a unique username from the name, and publishes no email', async () => {
    const a = await createUser(be, 'jane.doe@example.com', 'Jane Doe');
    const b = await createUser(be, 'someone.else@example.org', 'Jane  Doe!');
    const c = await createUser(be, 'x.secret@example.org', '');
    const rows = await sql<{ id: string; username: string; full_name: string | null; contact_email: string | null }>(
      be.db,
      'select id, username, full_name, contact_email from public.profiles where id = any($1::uuid[])',
      [[a.id, b.id, c.id]],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).toMatchObject({ username: 'janedoe', full_name: 'Jane Doe', contact_email: null });
    expect(byId.get(b.id)!.username).toMatch(/^janedoe_[0-9a-f]{4,}$/);
    expect(byId.get(c.id)).toMatchObject({ full_name: null, contact_email: null });
    expect(byId.get(c.id)!.username).toMatch(/^member(_[0-9a-f]{4,})?$/);
    // Nothing a visitor can read spells an address.
    // (Every column a visitor may select: the contact columns are not among them.)
    const res = await fetch(`${be.url}/rest/v1/profiles?select=id,username,avatar_url,full_name,title,bio,portfolio,linkedin_url,github_url`, { headers: { apikey: be.config.ANON_KEY } });
    expect(res.status).toBe(200);
    const visible = JSON.stringify(await res.json());
    for (const secret of ['jane.doe@', 'someone', 'x.secret', 'example.']) expect(visible).not.toContain(secret);
  });

  it('profiles made by the earlier trigger lose the copied email and the email-spelled username, unless edited since', async () => {
    // As the first profiles migration left them: copies of the email, updated_at = created_at.
    const kept = await createUser(be, 'kept.name@example.com', 'Kept Name');
    const copied = await createUser(be, 'copy.cat@example.com', 'Felix Feline');
    await sql(be.db, "alter table public.profiles disable trigger profiles_set_updated_at");
    await sql(be.db, "update public.profiles set username = 'copycat_ab12', contact_email = 'copy.cat@example.com' where id = $1", [copied.id]);
    await sql(be.db, "update public.profiles set username = 'keptname', contact_email = 'kept.name@example.com', updated_at = created_at + interval '1 day' where id = $1", [kept.id]);
    await sql(be.db, "alter table public.profiles enable trigger profiles_set_updated_at");
    const file = path.join(REPO_ROOT, 'supabase/migrations/20240201000700_profiles_publish_nothing_by_default.sql');
    await be.db.transaction((tx) => tx.exec(fs.readFileSync(file, 'utf8')));
    const rows = await sql<{ id: string; username: string; contact_email: string | null }>(be.db, 'select id, username, contact_email from public.profiles where id = any($1::uuid[])', [[kept.id, copied.id]]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(copied.id)!.contact_email).toBeNull();
    expect(byId.get(copied.id)!.username).toMatch(/^felixfeline(_[0-9a-f]{4,})?$/);
    // Edited since (the owner chose these): left as they are.
    expect(byId.get(kept.id)).toMatchObject({ username: 'keptname', contact_email: 'kept.name@example.com' });
  });

  it('deleting the auth user removes the profile and its gigs', async () => {
    const u = await createUser(be, 'gone@example.com', 'Gone');
    await sql(be.db, `insert into public.gigs (user_id, title, description, rate, hours, location) values ($1, 't', 'd', 1, 1, 'remote')`, [u.id]);
    await sql(be.db, 'delete from auth.users where id = $1', [u.id]);
    expect(await sql(be.db, 'select 1 from public.profiles where id = $1', [u.id])).toEqual([]);
    expect(await sql(be.db, 'select 1 from public.gigs where user_id = $1', [u.id])).toEqual([]);
  });
});

describe('the REST schema cache', () => {
  it('sees a table created after start (reload on a miss)', async () => {
    expect((await rest(be, '/late_table')).status).toBe(404);
    await sql(be.db, 'create table public.late_table (id int primary key)');
    await sql(be.db, 'grant select on public.late_table to anon');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await rest(be, '/late_table');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    await sql(be.db, 'alter table public.late_table add column note text');
    await new Promise((r) => setTimeout(r, 1100));
    const col = await rest(be, '/late_table?select=id,note');
    expect(col.status).toBe(200);
    await sql(be.db, 'drop table public.late_table');
  });
});

describe('rpc exposure', () => {
  it('extension and internal functions are not callable through /rpc', async () => {
    for (const fn of ['gen_random_uuid', 'similarity', 'handle_new_user', 'write_audit_log']) {
      const res = await rest(be, `/rpc/${fn}`, { method: 'POST', body: '{}' });
      expect(res.status, fn).toBe(404);
    }
  });
});
