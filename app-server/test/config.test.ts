/**
 * The app server's own settings (src/config.ts): the backend hands them to checkConfig when it
 * loads the module and refuses the start with every problem, each naming its variable.
 */
import { describe, expect, it } from 'vitest';
import { appConfigProblems, loadAppConfig } from '../src/config';
import need40 from '../src/index';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_abcdefgh', STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh' };

describe('payment configuration', () => {
  it('stripe needs both keys; manual (the default) needs none', () => {
    expect(appConfigProblems({ PAYMENT_PROVIDER: 'stripe' }, false)).toEqual([
      "STRIPE_SECRET_KEY: PAYMENT_PROVIDER=stripe needs the platform's secret key",
      "STRIPE_WEBHOOK_SECRET: PAYMENT_PROVIDER=stripe needs the webhook endpoint's signing secret",
    ]);
    expect(appConfigProblems({ PAYMENT_PROVIDER: 'stripe', ...KEYS }, false)).toEqual([]);
    expect(loadAppConfig({}, false).PAYMENT_PROVIDER).toBe('manual');
  });

  it('names every malformed variable at once', () => {
    expect(appConfigProblems({ PAYMENT_PROVIDER: 'paypal', STRIPE_SECRET_KEY: 'pk_test_abcdefgh', STRIPE_WEBHOOK_SECRET: 'abc', STRIPE_API_BASE: 'nowhere' }, false)).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER: /),
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_…, sk_live_…)',
      'STRIPE_WEBHOOK_SECRET: must be a webhook signing secret (whsec_…)',
      'STRIPE_API_BASE: must be a URL',
    ]);
  });

  it('production refuses a Stripe mock; loading refuses what the check refuses', () => {
    const mock = { PAYMENT_PROVIDER: 'stripe', ...KEYS, STRIPE_API_BASE: 'http://127.0.0.1:12111' };
    expect(appConfigProblems(mock, false)).toEqual([]);
    expect(appConfigProblems(mock, true)).toEqual(['STRIPE_API_BASE: only for a local mock; production talks to api.stripe.com']);
    expect(() => loadAppConfig(mock, true)).toThrow(/STRIPE_API_BASE: only for a local mock/);
  });

  it('is the check the extension hands the backend', () => {
    expect(need40.checkConfig?.({ PAYMENT_PROVIDER: 'stripe' }, true)).toHaveLength(2);
  });
});
