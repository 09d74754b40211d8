/**
 * The PayPal.me-style link for an amount, as the campaign's Pay $600 path builds it; the tab it
 * opens in is `openPendingTab` from @need40/ui (shared with the campaign). The account is the
 * kernel's runtime configuration, so both paths always pay the same account.
 */
import { getRuntimeConfig } from '@need40/shared';

/** `${paypalMeUrl}/570.5`: the amount as a plain number, as PayPal.me reads it. */
export function paypalLink(amount: number): string {
  return `${getRuntimeConfig().paypalMeUrl.replace(/\/+$/, '')}/${amount}`;
}
