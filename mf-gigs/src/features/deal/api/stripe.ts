/**
 * The Stripe provider's endpoints of the backend (docs/payments.md, "Stripe Connect"), called with
 * supabase-js `functions.invoke` (the session's token goes along), and the member's own payout
 * details. Each answer that is not a success becomes an error `failureText` can word: a refusal
 * the backend wrote for people (4xx) as it is, no answer at all as a network failure.
 */
import { getSupabase } from '@need40/shared';
import { worded } from '@need40/ui';
import { orThrow } from '../../../lib/orThrow';

async function invoke<T>(name: string, body: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke<T>(name, { body });
  if (!error) return data as T;
  // By name, not class: the client (and its error classes) is the kernel's copy of supabase-js.
  if (error.name === 'FunctionsFetchError') throw Object.assign(new Error('Failed to fetch'), { status: 0 });
  const response = (error as { context?: Partial<Response> }).context;
  if (error.name === 'FunctionsHttpError' && typeof response?.json === 'function') {
    const message: unknown = await response.json().then((b: { message?: unknown }) => b.message, () => undefined);
    if ((response.status ?? 500) < 500 && typeof message === 'string' && message.trim()) throw worded(message);
  }
  throw error;
}

/** The poster's Checkout Session for the deal (the same one again while its hold is open): Stripe's payment page. */
export async function stripeCheckoutUrl(applicationId: string): Promise<string> {
  return (await invoke<{ url: string }>('stripe-checkout', { application_id: applicationId })).url;
}

/** A fresh Express onboarding link; Stripe sends the member back to `returnTo` (a view of the page). */
export async function stripeOnboardingUrl(returnTo: string): Promise<string> {
  return (await invoke<{ url: string }>('stripe-onboarding', { return_to: returnTo })).url;
}

export interface PayoutAccount {
  /** The member has a connected account (onboarding started). */
  account: boolean;
  /** Stripe can pay them: Need40's transfers reach them. */
  payoutsEnabled: boolean;
}

/** The member's account as Stripe has it now (their payout details follow): for the page they come back to. */
export async function stripeAccount(): Promise<PayoutAccount> {
  const a = await invoke<{ account: boolean; payouts_enabled: boolean }>('stripe-account');
  return { account: a.account, payoutsEnabled: a.payouts_enabled };
}

/** The member's account as their payout details record it (kept by Stripe's account.updated). */
export async function recordedAccount(): Promise<PayoutAccount> {
  const [row] = orThrow(await getSupabase().from('payout_details').select('stripe_account_id, stripe_payouts_enabled'));
  return { account: Boolean(row?.stripe_account_id), payoutsEnabled: row?.stripe_payouts_enabled === true };
}
