/**
 * Need40's server side beside the platform: the backend extension (backend/src/extensions/types.ts)
 * that the backend loads from APP_SERVER. It adds what knows the app's tables and URLs:
 *   notifications/  the `notifications` job: the outbox the marketplace's SQL fills, delivered as
 *                   email written from the templates in app-server/templates/ (NOTIFICATION_TEMPLATES_DIR
 *                   overrides them), and the one-click unsubscribe endpoint /functions/v1/unsubscribe
 *   payments/       the payment provider: /functions/v1/stripe-* and the `stripe` job (PAYMENT_PROVIDER=stripe)
 *   metrics         the outbox gauges (need40_outbox_pending, _given_up, _lag_seconds)
 *   SQL jobs        the deal timers, every minute, and the saved searches' alerts, every 5 minutes
 *                   (unless SQL_JOBS says otherwise)
 * On a hosted Supabase these would be Edge Functions and a scheduled worker. docs/app-server.md.
 */
import type { BackendExtension } from 'backend/platform';
import type { AppServices } from './context';
import { createComposer } from './notifications/compose';
import { deliverDueNotifications } from './notifications/delivery';
import { registerOutboxGauges } from './notifications/gauges';
import { loadTemplates } from './notifications/templates';
import { unsubscribeRoutes } from './notifications/unsubscribe';
import { registerPayments } from './payments';

/** How often the outbox is polled. */
const NOTIFICATION_INTERVAL_MS = 2000;

const need40: BackendExtension = {
  name: 'need40',
  // The deal timers (auto-release, expiry of unfunded deals), every minute; the saved searches'
  // alerts (private.run_saved_searches: a due search looked at, at most one alert a day), every 5 minutes.
  sqlJobs: 'private.run_payment_timers@60,private.run_saved_searches@300',
  async register(app, platform) {
    const services: AppServices = { ...app.services, platform };
    const log = app.log.child({ module: 'notifications' });
    // Read and checked now: a broken override refuses the start rather than the first email.
    const dir = services.config.env.NOTIFICATION_TEMPLATES_DIR;
    let templates;
    try {
      templates = loadTemplates(dir);
    } catch (error) {
      throw new Error(`NOTIFICATION_TEMPLATES_DIR: ${(error as Error).message}`, { cause: error });
    }
    const compose = createComposer(templates, services.config.SITE_URL);
    registerOutboxGauges(services);
    await app.register(unsubscribeRoutes(services)); // /functions/v1/unsubscribe (List-Unsubscribe of notification mail)
    const payments = await registerPayments(app, services); // PAYMENT_PROVIDER; stripe: /functions/v1/stripe-* and its job
    return [platform.pollingJob(services, log, 'notifications', NOTIFICATION_INTERVAL_MS, () => deliverDueNotifications(services, log, compose)), ...payments];
  },
};

export default need40;
