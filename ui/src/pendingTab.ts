/**
 * A new tab opened during the click, pointed at its destination later.
 *
 * Why: browsers only let a page open a tab while handling the person's click (transient user
 * activation). Recording the payment takes a round trip first, and opening the PayPal tab after
 * it can be blocked as an unsolicited popup (Safari and Firefox are strict). So the click opens
 * an empty tab at once, and the tab is sent to PayPal once the pending row exists, or closed if
 * recording fails. `opener` is cut immediately, which is what `noopener` would do (we cannot pass
 * `noopener` itself: window.open then returns null and the tab could not be navigated).
 * If even the immediate open is blocked, `go()` tries a plain `noopener` open and reports whether
 * a tab is known to be open, so the caller can show a link to click instead.
 */
export interface PendingTab {
  /** Send the tab to `url`. Returns false when no tab could be opened (show a link instead). */
  go(url: string): boolean;
  /** Close the tab (recording failed). */
  cancel(): void;
}

export function openPendingTab(): PendingTab {
  let tab: Window | null = null;
  try {
    tab = window.open('about:blank', '_blank');
    if (tab) {
      tab.opener = null;
      // The empty tab is ours (same origin) until it leaves: tell the person what is happening.
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
      // With noopener the browser returns null even on success, so we cannot tell; the caller
      // shows a fallback link in every case where the immediate open did not work.
      try {
        window.open(url, '_blank', 'noopener,noreferrer');
      } catch {
        // blocked outright: the caller's link is the way on
      }
      return false;
    },
    cancel() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
