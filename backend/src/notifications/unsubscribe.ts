/**
 * One-click unsubscribe from notification mail (RFC 8058; what Gmail and Yahoo ask of senders):
 * every outbox mail carries `List-Unsubscribe: <…/functions/v1/unsubscribe?u=<user>&t=<mac>>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The mail client POSTs to it and the member's
 * notification_preferences.email_enabled turns false — the same switch as in their profile. A GET
 * (a person following the link, or a scanner fetching it) only shows a page with the button: it
 * never changes anything. The link is an HMAC of the user id under a key derived from JWT_SECRET:
 * it does one thing for one member, never expires, and is no token for any other API. It lives at
 * /functions/v1 as the payment endpoints do (on hosted Supabase it would be an Edge Function).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hmacB64url } from '../auth/util';
import type { Config } from '../config';

export const UNSUBSCRIBE_PATH = '/functions/v1/unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (config: Config, userId: string) => hmacB64url(`need40 unsubscribe:${config.JWT_SECRET}`, userId);

/** The headers of a notification mail to `userId`. */
export function unsubscribeHeaders(config: Config, userId: string): Record<string, string> {
  const url = new URL(UNSUBSCRIBE_PATH, config.API_EXTERNAL_URL);
  url.search = new URLSearchParams({ u: userId, t: mac(config, userId) }).toString();
  return { 'List-Unsubscribe': `<${url.href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The member the link is for, or null when it is not a link we made. */
function memberOf(config: Config, request: FastifyRequest): string | null {
  const { u, t } = request.query as Record<string, unknown>;
  if (typeof u !== 'string' || typeof t !== 'string' || !UUID.test(u)) return null;
  const want = Buffer.from(mac(config, u));
  const got = Buffer.from(t);
  return want.length === got.length && timingSafeEqual(want, got) ? u : null;
}

const page = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Need40 emails</title><body>${body}</body></html>`);

const INVALID = '<p>This unsubscribe link is not valid. Turn Need40 emails off in your profile instead.</p>';

export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app.services;
  // Mail clients post `List-Unsubscribe=One-Click` as a form; its content does not matter.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, null));

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    if (!memberOf(config, request)) return page(reply, 400, INVALID);
    return page(reply, 200, '<p>Stop getting Need40 notification emails?</p><form method="post"><button type="submit">Turn off Need40 emails</button></form>');
  });

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const userId = memberOf(config, request);
    if (!userId) return page(reply, 400, INVALID);
    await db.transaction((tx) => tx.query('update public.notification_preferences set email_enabled = false where user_id = $1 and email_enabled', [userId]));
    request.log.info({ user_id: userId }, 'notification emails turned off by the unsubscribe link');
    return page(reply, 200, '<p>Done: you will no longer get Need40 notification emails. You can turn them on again in your Need40 profile.</p>');
  });
}
