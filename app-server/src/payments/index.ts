/**
 * The payment provider adapters (PAYMENT_PROVIDER). `manual` needs nothing here: operators drive it
 * through SQL functions over /rest/v1. `stripe` adds the Stripe endpoints (stripe/routes.ts) and
 * the `stripe` background job that executes payouts and refunds (stripe/worker.ts). Either way
 * the configured provider is written into ledger.settings.provider: new fundings go through it.
 */
import type { FastifyInstance } from 'fastify';
import type { BackgroundJob } from 'backend/platform';
import type { AppConfig } from '../config';
import type { AppServices } from '../context';
import { createStripe } from './stripe/client';
import { syncProvider } from './stripe/port';
import { stripeRoutes } from './stripe/routes';
import { drainStripeWork } from './stripe/worker';

/** How often the Stripe worker looks for payouts and refunds due. */
const STRIPE_WORK_INTERVAL_MS = 10_000;

/** Registers the provider's routes; answers its background jobs (none for `manual`). */
export async function registerPayments(app: FastifyInstance, services: AppServices, config: AppConfig): Promise<BackgroundJob[]> {
  await syncProvider(services, config.PAYMENT_PROVIDER);
  if (config.PAYMENT_PROVIDER !== 'stripe') return [];
  const stripe = createStripe(config);
  const log = app.log.child({ module: 'stripe' });
  await app.register(stripeRoutes(services, stripe, config.STRIPE_WEBHOOK_SECRET!));
  return [services.platform.pollingJob(services, log, 'stripe', STRIPE_WORK_INTERVAL_MS, () => drainStripeWork(services, stripe, log))];
}
