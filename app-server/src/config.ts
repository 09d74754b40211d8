/**
 * The app server's own settings: who moves the money of deals, and Stripe's keys. The platform
 * knows none of them; the backend hands every variable it was given (config.env) to the extension's
 * checkConfig when it loads it, so a bad setting refuses the start with the backend's other
 * configuration problems, each naming its variable.
 */
import { z } from 'zod';

const schema = z.object({
  /**
   * Who moves the money of deals (payments/): `manual` (the default, no keys: an operator confirms
   * PayPal.me transfers and records payouts) or `stripe` (Stripe Connect; needs the two keys below).
   * The app server records it in the app's settings at start: new fundings go through it.
   */
  PAYMENT_PROVIDER: z.enum(['manual', 'stripe']).default('manual'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w{8,}$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)').optional(),
  /** The signing secret of the webhook endpoint (whsec_…): every event is verified with it. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w{8,}$/, 'must be a webhook signing secret (whsec_…)').optional(),
  /** Another Stripe API address (a mock such as stripe-mock in tests): http(s)://host:port. */
  STRIPE_API_BASE: z.url({ message: 'must be a URL' }).optional(),
});

export type AppConfig = z.infer<typeof schema>;

/** The variables the app server reads (the backend's unknown-variable warnings leave them alone). */
export const APP_VARIABLES: readonly string[] = Object.keys(schema.shape);

type Env = Readonly<Record<string, string | undefined>>;

/** Every problem of the app server's settings, each naming its variable (none: they are good). */
export function appConfigProblems(env: Env, production: boolean): string[] {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const c = parsed.data;
  const problems: string[] = [];
  if (c.PAYMENT_PROVIDER === 'stripe') {
    if (!c.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: PAYMENT_PROVIDER=stripe needs the platform\'s secret key');
    if (!c.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: PAYMENT_PROVIDER=stripe needs the webhook endpoint\'s signing secret');
  }
  if (production && c.STRIPE_API_BASE) problems.push('STRIPE_API_BASE: only for a local mock; production talks to api.stripe.com');
  return problems;
}

/** The app server's settings, once appConfigProblems found none (the backend checked them at load). */
export function loadAppConfig(env: Env, production: boolean): AppConfig {
  const problems = appConfigProblems(env, production);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return schema.parse(env);
}
