import { getRuntimeConfig, GIG_PRICE, PLATFORM_FEE, PLATFORM_FEE_PERCENT, WORKER_EARNINGS, WORKER_SHARE_PERCENT } from '@need40/shared';
import { formatMoney } from '@need40/ui';

/** The fixed campaign text of the tweet (the product's URL is added separately by the composer). */
export const SHARE_TEXT =
  `I support #Need40: a ${formatMoney(GIG_PRICE)} gig pays the worker ${formatMoney(WORKER_EARNINGS)} (${WORKER_SHARE_PERCENT}%) ` +
  `and the platform only ${formatMoney(PLATFORM_FEE)} (${PLATFORM_FEE_PERCENT}%). Fair pay for real work.`;

/** `https://twitter.com/intent/tweet?text=…&url=<siteUrl>` — the site URL is configuration. */
export function shareUrl(siteUrl: string = getRuntimeConfig().siteUrl): string {
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(SHARE_TEXT)}&url=${encodeURIComponent(siteUrl)}`;
}
