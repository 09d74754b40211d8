/**
 * The payment provider adapters (PAYMENT_PROVIDER). `manual` needs nothing here: operators drive it
 * through SQL functions over /rest/v1. `stripe` adds the Stripe endpoints (stripe/routes.ts) and
 * the worker that executes payouts and refunds (stripe/worker.ts; main.ts starts it). Either way
 * the configured provider is written into ledger.settings.provider: new fundings go through it.
 */
import type { FastifyInstance } from 'fastify';
import { createStripe } from './stripe/client';
import { syncProvider } from './stripe/port';
import { stripeRoutes } from './stripe/routes';
import { createStripeWorker, type StripeWorker } from './stripe/worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Stripe worker when PAYMENT_PROVIDER=stripe (tests call drain()). */
    stripeWorker?: StripeWorker;
  }
}

export async function registerPayments(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  await syncProvider(app.services, config.PAYMENT_PROVIDER);
  if (config.PAYMENT_PROVIDER !== 'stripe') return;
  const stripe = createStripe(config);
  app.decorate('stripeWorker', createStripeWorker(app.services, stripe, app.log.child({ module: 'stripe' })));
  await app.register(stripeRoutes(stripe));
}
