/**
 * The Stripe adapter's side of the provider port (supabase/migrations/20241102000600/0610): it
 * reports events through public.apply_payment_event and reads its work from public.payment_work,
 * both as the service role — exactly what a hosted Supabase Edge Function holding the service key
 * could call — plus the two facts of its own it keeps in payout_details (the connected account).
 */
import type { Services } from '../../services';
import type { Caller } from '../../rest/request';
import { runAs } from '../../rest/run-as';

const SERVICE: Caller = { role: 'service_role', claims: { role: 'service_role' } };

const asService = <T>(services: Services, sql: string, params: unknown[]): Promise<T[]> =>
  runAs(services, { caller: SERVICE, readOnly: false, method: 'POST' }, async (tx) => (await tx.query<T>(sql, params)).rows);

export type PortEventType = 'funds.received' | 'funds.failed' | 'transfer.sent' | 'refund.sent' | 'refund.failed' | 'dispute.opened' | 'dispute.closed' | 'provider.fee';

/** One provider event as the port takes it (apply_payment_event's arguments). */
export interface PortEvent {
  eventId: string;
  type: PortEventType;
  applicationId?: string;
  amountCents?: number;
  reference?: string;
  originTransactionId?: number;
  payload?: Record<string, unknown>;
}

/** The port's answer: applied, deferred, ignored or duplicate. */
export async function applyEvent(services: Services, e: PortEvent): Promise<string> {
  const [row] = await asService<{ outcome: string }>(services,
    "select public.apply_payment_event('stripe', $1, $2, $3::uuid, $4::bigint, $5, $6::bigint, $7::jsonb) as outcome",
    [e.eventId, e.type, e.applicationId ?? null, e.amountCents ?? null, e.reference ?? null, e.originTransactionId ?? null, JSON.stringify(e.payload ?? {})]);
  return row!.outcome;
}

/** One payout or refund Stripe should execute now, with the idempotency key to send. */
export interface WorkRow {
  kind: 'payout' | 'refund';
  application_id: string | null;
  transaction_id: string | null;
  member_id: string;
  amount_cents: string;
  idempotency_key: string;
  stripe_account_id: string | null;
}

export async function paymentWork(services: Services, limit: number): Promise<WorkRow[]> {
  return asService<WorkRow>(services, "select * from public.payment_work('stripe') order by idempotency_key limit $1", [limit]);
}

/**
 * The payment a deal was funded with through Stripe (its PaymentIntent, recorded as the funding's
 * reference), or null. Read with the backend's own connection: the ledger schema is not exposed.
 */
export async function stripeFunding(services: Services, applicationId: string): Promise<string | null> {
  const { rows } = await services.db.transaction((tx) => tx.query<{ ref: string | null }>(
    "select provider_ref as ref from ledger.transactions where idempotency_key = 'fund:' || $1 and provider = 'stripe'", [applicationId]));
  return rows[0]?.ref ?? null;
}

export async function connectedAccount(services: Services, userId: string): Promise<string | null> {
  const [row] = await asService<{ id: string | null }>(services, 'select stripe_account_id as id from public.payout_details where user_id = $1', [userId]);
  return row?.id ?? null;
}

/** Record the member's connected account (kept if one is there already: the first one wins). */
export async function recordAccount(services: Services, userId: string, accountId: string): Promise<string> {
  const [row] = await asService<{ id: string }>(services, `
    insert into public.payout_details (user_id, stripe_account_id) values ($1, $2)
    on conflict (user_id) do update set stripe_account_id = coalesce(payout_details.stripe_account_id, excluded.stripe_account_id)
    returning stripe_account_id as id`, [userId, accountId]);
  return row!.id;
}

/** account.updated: whether Stripe lets the account receive payouts now. Returns the rows changed. */
export async function setPayoutsEnabled(services: Services, accountId: string, enabled: boolean): Promise<number> {
  const rows = await asService(services,
    'update public.payout_details set stripe_payouts_enabled = $2 where stripe_account_id = $1 and stripe_payouts_enabled <> $2 returning user_id', [accountId, enabled]);
  return rows.length;
}

/** Start funding as the poster (their role and claims: the database checks they may); with the deal's gig, to come back to. */
export async function startFunding(services: Services, caller: Caller, applicationId: string) {
  const rows = await runAs(services, { caller, readOnly: false, method: 'POST' }, async (tx) =>
    (await tx.query<{ application_id: string; amount_cents: string; provider: string; reference: string; transaction_id: string; gig_id: string }>(
      'select f.*, a.gig_id from public.start_funding($1::uuid) f join public.applications a on a.id = f.application_id', [applicationId])).rows);
  return rows[0]!;
}

/**
 * The backend's configured provider becomes the one new fundings go through. A database without
 * Need40's ledger (another Supabase app run on this backend) has no provider to set.
 */
export async function syncProvider(services: Services, provider: 'manual' | 'stripe'): Promise<void> {
  await services.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ present: boolean }>("select to_regclass('ledger.settings') is not null as present");
    if (rows[0]?.present) await tx.query('update ledger.settings set provider = $1 where provider <> $1', [provider]);
  });
}
