/**
 * Nothing lost on upgrade: a database with deals paid and payments recorded under the old flow (no
 * ledger) gets the matching ledger history when the later migrations run, and running the
 * history migration again adds nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from 'backend/src/config';
import { migrate } from 'backend/src/db/migrate';
import type { Database } from 'backend/src/db/types';
import { databaseMigratedUntil } from 'backend/test/rest/migrate-until';

const q = async <T = Record<string, unknown>>(db: Database, text: string, params: unknown[] = []) => db.transaction(async (tx) => (await tx.query<T>(text, params)).rows);

describe('upgrading a marketplace with old payments', () => {
  it('gives every past deal and payment its ledger history, once', { timeout: 180_000 }, async () => {
    const db = await databaseMigratedUntil('20241101000300_deal_changes.sql');
    try {
      const [poster, worker] = ['old-poster@example.com', 'old-worker@example.com'];
      const users = await q<{ id: string }>(db, `insert into auth.users (email, raw_user_meta_data) values ($1, '{"full_name":"Old Poster"}'), ($2, '{"full_name":"Old Worker"}') returning id`, [poster, worker]);
      const [p, w] = users.map((u) => u.id) as [string, string];
      const gig = async (title: string) => (await q<{ id: string }>(db, "insert into public.gigs (user_id, title, description, payment_type, rate, hours, location) values ($1, $2, 'old', 'fixed', 600, 1, 'remote') returning id", [p, title]))[0]!.id;
      const deal = async (title: string) => (await q<{ id: string }>(db, "insert into public.applications (gig_id, worker_id, poster_id, message, status) values ($1, $2, $3, 'hi', 'accepted') returning id", [await gig(title), w, p]))[0]!.id;
      const paid = await deal('Paid long ago');
      await q(db, "insert into public.application_payments (application_id, payer_id, payee_id, amount, worker_amount, platform_fee, status, completed_at) values ($1, $2, $3, 600, 570, 30, 'completed', now() - interval '30 days')", [paid, p, w]);
      await q(db, "update public.applications set status = 'paid' where id = $1", [paid]);
      const recorded = await deal('Recorded, not confirmed');
      await q(db, "insert into public.application_payments (application_id, payer_id, payee_id, amount, worker_amount, platform_fee) values ($1, $2, $3, 600, 570, 30)", [recorded, p, w]);
      const donation = (await q<{ id: string }>(db, "insert into public.payments (amount, user_id, metadata) values (40, null, '{\"kind\":\"give\"}') returning id"))[0]!.id;

      await migrate(db);
      const journal = async (key: string) => (await q<{ k: string }>(db, "select kind || '/' || phase as k from ledger.transactions where application_id::text = $1 or payment_id::text = $1 order by id", [key])).map((r) => r.k);
      expect(await journal(paid)).toEqual(['funding/posted', 'release/posted', 'payout/posted']);
      expect(await journal(recorded)).toEqual(['funding/pending']);
      expect(await journal(donation)).toEqual(['donation/pending']);
      expect(await q(db, 'select status, paid_out_at is not null as dated from public.applications where id = $1', [paid])).toEqual([{ status: 'paid', dated: true }]);
      const count = async () => (await q<{ n: number }>(db, 'select count(*)::int as n from ledger.transactions'))[0]!.n;
      const before = await count();
      // Run the history migration's SQL again: nothing is added.
      await db.transaction((tx) => tx.exec(fs.readFileSync(path.join(REPO_ROOT, 'supabase/migrations/20241102001000_ledger_history.sql'), 'utf8')));
      expect(await count()).toBe(before);
      expect(await q(db, 'select coalesce(sum(amount_cents), 0)::int as s from ledger.entries')).toEqual([{ s: 0 }]);
    } finally {
      await db.close();
    }
  });
});
