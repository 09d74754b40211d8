/**
 * Hosted Supabase's default privileges on schema public are on (backend/migrations), and every
 * Need40 table and function is still exactly as closed as its migration meant: the access suites
 * (access*.test.ts) run on this same schema. This file checks the rule that keeps it so for every
 * table and function added later (docs/security.md, "Default privileges"):
 *   - no table grants TRUNCATE, REFERENCES or TRIGGER to an API role: the mark of a migration that
 *     forgot `revoke all … from anon, authenticated, service_role` before its own grants;
 *   - the visitor (anon) can execute exactly the functions listed here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from 'backend/test/harness';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(async () => {
  await be?.close();
});

const rows = <T>(text: string) => be.db.transaction(async (tx) => (await tx.query<T>(text)).rows);

describe('default privileges on public', () => {
  it('are hosted Supabase\'s: a table, sequence or function made now is granted to every API role', async () => {
    // Made and checked in a transaction that is rolled back.
    const granted = await be.db
      .transaction(async (tx) => {
        await tx.exec('create table public.default_privileges_probe (id bigint generated always as identity primary key); create function public.default_privileges_probe_fn() returns int language sql as $$ select 1 $$;');
        const { rows: r } = await tx.query<Record<string, boolean>>(
          `select has_table_privilege('anon', 'public.default_privileges_probe', 'select,insert,update,delete') as anon_table,
                  has_table_privilege('authenticated', 'public.default_privileges_probe', 'select,insert,update,delete') as authenticated_table,
                  has_sequence_privilege('anon', 'public.default_privileges_probe_id_seq', 'usage') as anon_sequence,
                  has_function_privilege('anon', 'public.default_privileges_probe_fn()', 'execute') as anon_function`,
        );
        throw Object.assign(new Error('rollback'), { result: r[0] });
      })
      .catch((e: { result?: Record<string, boolean> }) => e.result);
    expect(granted).toEqual({ anon_table: true, authenticated_table: true, anon_sequence: true, anon_function: true });
  });

  it('no table of public grants TRUNCATE, REFERENCES or TRIGGER to an API role (each migration revoked all first)', async () => {
    const loose = await rows<{ t: string }>(
      `select grantee || ' ' || privilege_type || ' on ' || table_name as t from information_schema.role_table_grants
       where table_schema = 'public' and grantee in ('anon', 'authenticated', 'service_role') and privilege_type in ('TRUNCATE', 'REFERENCES', 'TRIGGER') order by 1`,
    );
    expect(loose.map((r) => r.t)).toEqual([]);
  });

  it('the visitor executes exactly these functions of public', async () => {
    const fns = await rows<{ f: string }>(
      `select p.proname as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       order by 1`,
    );
    // Each is granted to anon by its migration on purpose: it checks the caller itself (a member
    // is required, and the visitor gets that function's own error), or serves the visitor (the
    // $600 and donation paths, contact details only between accepted parties, the campaign's progress,
    // a gig's split as computed fields, the Find workers directory and a member's completed gigs).
    // The operator functions (admin_*, operator_*) refuse everyone but an operator themselves.
    expect(fns.map((r) => r.f)).toEqual([
      'accept_application', 'accept_deal_change', 'admin_ban_member', 'admin_hide_gig', 'admin_remove_message',
      'admin_resolve_report', 'admin_restore_gig', 'admin_retry_email', 'admin_unban_member', 'admin_warn_member', 'apply_to_gig',
      'approve_work', 'campaign_progress', 'cancel_deal', 'close_gig', 'completed_gigs', 'completed_gigs_of', 'confirm_payout', 'contact_details', 'create_paid_gig',
      'deal_money', 'deal_provider', 'decline_application', 'decline_deal_change', 'deliver_work', 'estimate_worker_cents', 'fee_cents', 'fund_with_credit', 'invite_to_apply', 'leave_review',
      'mark_notifications_read', 'mark_thread_read', 'money_statement', 'my_money', 'open_dispute', 'operator_confirm_funds', 'operator_confirm_payment',
      'operator_record_payout', 'operator_record_refund', 'operator_refund_deal', 'operator_resolve_dispute',
      'operator_void_funds', 'operator_void_payment', 'propose_deal_change', 'receipt', 'record_payment', 'report_item',
      'request_changes', 'search_workers', 'send_message', 'start_funding', 'undo_decision', 'withdraw_application', 'worker_cents',
    ]);
  });
});
