/**
 * Leaving the page for a provider's page (Stripe Checkout, Stripe's onboarding) and reading what
 * the provider said when it sent the member back: the backend asks Stripe to return to the view
 * the member left, with `?payment=done|cancelled&application=<id>` or `?stripe_onboarding=done|refresh`
 * in the address (docs/payments.md, "On the page").
 */

/** Go to the provider's page (a whole-page navigation: the provider's page is not ours to frame). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** What the poster did at Stripe Checkout for this deal, as the address says: `done`, `cancelled`, or null. */
export function checkoutReturn(applicationId: string): 'done' | 'cancelled' | null {
  const params = new URLSearchParams(window.location.search);
  const payment = params.get('payment');
  return params.get('application') === applicationId && (payment === 'done' || payment === 'cancelled') ? payment : null;
}

/** Whether the member is back from Stripe's onboarding: `done`, `refresh` (the link expired), or null. */
export function onboardingReturn(): 'done' | 'refresh' | null {
  const value = new URLSearchParams(window.location.search).get('stripe_onboarding');
  return value === 'done' || value === 'refresh' ? value : null;
}

/** The view to come back to (the gig's page or the dashboard), as the backend accepts it. */
export function currentView(): string {
  const hash = window.location.hash;
  return /^#[a-z]{1,32}(\/[0-9A-Za-z-]{1,64})?$/.test(hash) ? hash : '#dashboard';
}
