import { useEffect, useState } from 'react';
import { formatCents, ui } from '@need40/ui';
import { recordedAccount, stripeAccount, stripeOnboardingUrl, type PayoutAccount } from '../api/stripe';
import { useStep } from '../hooks/useStep';
import { currentView, leaveFor, onboardingReturn } from '../lib/redirect';
import type { Deal } from '../types';
import { Failure } from './Failure';
import styles from './Deal.module.css';

/** The deal statuses in which the worker's payout is still ahead. */
export const PAYOUT_AHEAD = new Set(['accepted', 'funded', 'delivered', 'disputed', 'released']);

/**
 * With the Stripe provider, Need40 pays the worker's share to their Stripe Express account: until
 * Stripe says it can receive payouts, the worker reads why and gets "Set up payouts" (Stripe's
 * onboarding, which sends them back to this view). Back from Stripe, the account is read from
 * Stripe at once, so the page shows its state without waiting for Stripe's webhook.
 */
export function PayoutSetup({ deal }: { deal: Deal }) {
  const [account, setAccount] = useState<PayoutAccount | null>(null);
  const step = useStep(() => undefined);
  const back = onboardingReturn();

  useEffect(() => {
    let current = true;
    (back === 'done' ? stripeAccount() : recordedAccount()).then(
      (a) => current && setAccount(a),
      (error: unknown) => {
        console.error('[mf-gigs] could not read the payout account', error);
        if (current) setAccount({ account: false, payoutsEnabled: false });
      },
    );
    return () => {
      current = false;
    };
  }, [back]);

  if (!account) return null;
  if (account.payoutsEnabled) {
    return <p className={styles.where}>Payouts are set up: Need40 pays you through Stripe.</p>;
  }
  const setUp = () => void step.run(async () => leaveFor(await stripeOnboardingUrl(currentView())), 'Stripe could not be opened. Check your connection and try again.');
  const why =
    back === 'refresh'
      ? 'That Stripe link expired: continue where you left off.'
      : account.account && back === 'done'
        ? 'Stripe still needs some details before it can pay you.'
        : `Need40 pays you through Stripe: set up payouts to receive your ${formatCents(deal.workerCents ?? 0)}.`;
  return (
    <div className={styles.step}>
      <p>{why}</p>
      <button type="button" className={ui.secondary} aria-disabled={step.busy} onClick={setUp}>
        {step.busy ? 'Opening Stripe...' : account.account ? 'Continue setting up payouts' : 'Set up payouts'}
      </button>
      <Failure text={step.failure} />
    </div>
  );
}
