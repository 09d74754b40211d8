/**
 * The Stripe SDK client of the adapter, from configuration. STRIPE_API_BASE points it at a mock
 * (tests); network retries are safe because every call that moves money carries an idempotency key.
 */
import Stripe from 'stripe';
import type { AppConfig } from '../../config';

/** Deals are in US dollars (the marketplace's one currency; amounts in cents). */
export const CURRENCY = 'usd';

export function createStripe(config: AppConfig): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Need40' },
    ...(base && { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
  });
}

/** A deal's transfer group: the charge that funded it and the transfer that pays it out share it. */
export const transferGroup = (applicationId: string) => `app_${applicationId}`;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stripe answered that the request cannot be done (an unknown object, invalid parameters): not worth retrying. */
export const isStripeRefusal = (error: unknown): boolean => error instanceof Stripe.errors.StripeInvalidRequestError;

/** An error of the Stripe SDK: Stripe refused the call, or could not be reached. */
export const isStripeError = (error: unknown): boolean => error instanceof Stripe.errors.StripeError;

/** The id of an expandable field (a string, or the object when expanded); nothing for any other shape. */
export const idOf = (v: string | { id: string } | null | undefined): string | undefined => {
  const id: unknown = typeof v === 'object' && v !== null ? v.id : v;
  return typeof id === 'string' && id.length >= 1 && id.length <= 255 ? id : undefined;
};

/** An amount in cents as Stripe sends it (a non-negative integer), or nothing. */
export const centsOf = (v: unknown): number | undefined => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined);
