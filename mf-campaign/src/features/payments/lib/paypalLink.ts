import { getRuntimeConfig } from '@need40/shared';

/** The PayPal.me-style link carrying the amount: `${paypalMeUrl}/600`. The account is configuration. */
export function paypalLink(amount: number): string {
  return `${getRuntimeConfig().paypalMeUrl.replace(/\/+$/, '')}/${amount}`;
}
