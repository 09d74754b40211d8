/**
 * The Stripe adapter's HTTP endpoints, at /functions/v1/<name> so a page calls them with
 * supabase-js `functions.invoke(name)` (and a hosted Supabase project could serve them as Edge
 * Functions):
 *
 *   POST stripe-onboarding { return_to? } (a signed-in member) → { url }: the Express account
 *        link; the connected account is created once per member (idempotency key
 *        `connect-account:<user>`) and recorded in payout_details. Stripe sends the member back to
 *        `return_to` (a view of the page, `#gig/<id>`) with `?stripe_onboarding=done` (or
 *        `=refresh` when the link expired).
 *   POST stripe-account (a signed-in member) → { account, payouts_enabled, details_submitted }:
 *        the member's connected account as Stripe has it now (payout_details follows), so the page
 *        a member comes back to from onboarding shows its state without waiting for account.updated.
 *   POST stripe-checkout { application_id } (the poster) → { url, session_id }: start_funding as
 *        the poster (the database checks the deal and the caller), then a Checkout Session for the
 *        hold — a platform charge in the deal's transfer group, key `fund-hold:<app>:<hold>`. Paid
 *        or not, Stripe sends the poster back to the gig's page with `?payment=done|cancelled`.
 *   POST stripe-webhook  (Stripe) → { received, outcome }: verified on the raw body with the
 *        endpoint secret (400 otherwise), then applied through the port (events.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../context';
import type Stripe from 'stripe';
import { z } from 'zod';
import { CURRENCY, isStripeError, transferGroup } from './client';
import { handleStripeEvent, syncAccount } from './events';
import { connectedAccount, recordAccount, startFunding } from './port';

export class PaymentHttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

/** Webhook bodies are small JSON documents; Stripe's are a few KB. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const checkoutBody = z.object({ application_id: z.uuid({ message: 'application_id must be a UUID' }) });
/** A view of the page to come back to (`#gig/<id>`, `#dashboard`): never another site. */
const onboardingBody = z.object({
  return_to: z.string().regex(/^#[a-z]{1,32}(\/[0-9A-Za-z-]{1,64})?$/, { message: 'return_to must be a view of the page, like #gig/<id>' }).optional(),
}, { message: 'The body must be a JSON object' });

/**
 * A call to Stripe from a member's request. Stripe's refusal is not the member's mistake (the
 * adapter built the request): it is logged and answered as a server error, never passed on as a
 * 4xx with Stripe's wording.
 */
async function atStripe<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    request.log.error({ err: error }, 'stripe refused the call or did not answer');
    throw new PaymentHttpError(502, 'The payment provider did not complete the request; try again');
  }
}

async function member(services: AppServices, request: FastifyRequest) {
  const caller = await services.platform.authenticate(request, services);
  const sub = caller.claims.sub;
  if (caller.role !== 'authenticated' || typeof sub !== 'string') throw new PaymentHttpError(401, 'Sign in first');
  return { caller, userId: sub, email: typeof caller.claims.email === 'string' ? caller.claims.email : undefined };
}

export function stripeRoutes(services: AppServices, stripe: Stripe, webhookSecret: string) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const site = services.config.SITE_URL.replace(/\/$/, '');

    app.post('/functions/v1/stripe-onboarding', async (request) => {
      const { userId, email } = await member(services, request);
      const body = onboardingBody.safeParse(request.body ?? {});
      if (!body.success) throw new PaymentHttpError(400, body.error.issues[0]!.message);
      const back = body.data.return_to ?? '';
      let account = await connectedAccount(services, userId);
      if (!account) {
        const created = await atStripe(request, () => stripe.accounts.create({
          type: 'express', email, capabilities: { transfers: { requested: true } }, metadata: { user_id: userId },
        }, { idempotencyKey: `connect-account:${userId}` }));
        account = await recordAccount(services, userId, created.id);
      }
      // Account links are single-use and expire within minutes: a fresh one each time.
      const link = await atStripe(request, () => stripe.accountLinks.create({
        account, type: 'account_onboarding', refresh_url: `${site}/?stripe_onboarding=refresh${back}`, return_url: `${site}/?stripe_onboarding=done${back}`,
      }));
      return { url: link.url, expires_at: link.expires_at };
    });

    app.post('/functions/v1/stripe-account', async (request) => {
      const { userId } = await member(services, request);
      const id = await connectedAccount(services, userId);
      if (!id) return { account: false, payouts_enabled: false, details_submitted: false };
      const account = await atStripe(request, () => syncAccount(services, stripe, id));
      return { account: true, payouts_enabled: account.payouts_enabled === true, details_submitted: account.details_submitted === true };
    });

    app.post('/functions/v1/stripe-checkout', async (request) => {
      const { caller } = await member(services, request);
      const body = checkoutBody.safeParse(request.body ?? {});
      if (!body.success) throw new PaymentHttpError(400, body.error.issues[0]!.message);
      const app_id = body.data.application_id;
      const hold = await startFunding(services, caller, app_id);
      if (hold.provider !== 'stripe') throw new PaymentHttpError(409, 'This payment was started through the manual provider: pay it as shown on the deal');
      const session = await atStripe(request, () => stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: Number(hold.amount_cents), product_data: { name: `Need40 deal ${hold.reference}` } } }],
        client_reference_id: app_id,
        metadata: { application_id: app_id, transaction_id: String(hold.transaction_id) },
        payment_intent_data: { transfer_group: transferGroup(app_id), metadata: { application_id: app_id } },
        success_url: `${site}/?payment=done&application=${app_id}#gig/${hold.gig_id}`,
        cancel_url: `${site}/?payment=cancelled&application=${app_id}#gig/${hold.gig_id}`,
      }, { idempotencyKey: `fund-hold:${app_id}:${hold.transaction_id}` }));
      return { url: session.url, session_id: session.id };
    });

    // The webhook needs the exact bytes Stripe signed: its own scope parses nothing.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
      hook.post('/functions/v1/stripe-webhook', async (request) => {
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new PaymentHttpError(400, 'A Stripe-Signature header and a body are required');
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
        } catch (error) {
          throw new PaymentHttpError(400, `The webhook signature does not verify: ${(error as Error).message}`);
        }
        // A failure here (Stripe or the database unreachable) answers 5xx: Stripe delivers the event again later.
        const outcome = await handleStripeEvent(services, stripe, event);
        request.log.info({ stripe_event: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true, outcome };
      });
    });
  };
}
