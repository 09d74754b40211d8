/**
 * The PayPal.me-style link for an amount and the new tab it opens in, the way the campaign's
 * Pay $600 path does it (mf-campaign, features/payments: paypalLink, openPendingTab). Remotes do
 * not import each other, so the dozen lines live here too; the account is the kernel's runtime
 * configuration, so both paths always pay the same account.
 */
import { getRuntimeConfig } from '@need40/shared';

/** `${paypalMeUrl}/570.5`: the amount as a plain number, as PayPal.me reads it. */
export function paypalLink(amount: number): string {
  return `${getRuntimeConfig().paypalMeUrl.replace(/\/+$/, '')}/${amount}`;
}

export interface PendingTab {
  /** Send the tab to `url`; false when no tab could be opened (show a link instead). */
  go(url: string): boolean;
  /** Close the tab (recording the payment failed). */
  cancel(): void;
}

/**
 * Open an empty tab during the click (browsers only allow a new tab while handling it; recording
 * the payment takes a round trip first) and point it at PayPal once the payment is recorded.
 * `opener` is cut at once, which is what `noopener` would do (with `noopener` window.open
 * returns null and the tab could not be sent on).
 */
export function openPendingTab(): PendingTab {
  let tab: Window | null = null;
  try {
    tab = window.open('about:blank', '_blank');
    if (tab) {
      tab.opener = null;
      if (tab.document?.body) tab.document.body.textContent = 'Opening PayPal…';
    }
  } catch {
    tab = null;
  }
  return {
    go(url) {
      if (tab && !tab.closed) {
        tab.location.replace(url);
        return true;
      }
      try {
        window.open(url, '_blank', 'noopener,noreferrer');
      } catch {
        // blocked outright: the caller shows a link
      }
      return false;
    },
    cancel() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
