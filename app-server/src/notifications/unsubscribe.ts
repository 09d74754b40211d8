/**
 * One-click unsubscribe from notification mail (RFC 8058; what Gmail and Yahoo ask of senders):
 * every outbox mail carries `List-Unsubscribe: <…/functions/v1/unsubscribe?u=<user>&k=<kind>&t=<mac>>`
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The mail client POSTs to it and that kind
 * of email is turned off for the member (added to notification_preferences.email_off — the same
 * switch as that kind's in their profile). A mail that is not of one switchable kind (a digest of
 * several) names the link without `k`, which turns all notification emails off (email_enabled).
 * A GET (a person following the link, or a scanner fetching it) only shows a page with the button:
 * it never changes anything. The link is an HMAC of the user id (and kind) under a key derived from
 * JWT_SECRET: it does one thing for one member, never expires, and is no token for any other API.
 * It lives at /functions/v1 as the payment endpoints do (on hosted Supabase, an Edge Function).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailKindLabel } from '@need40/shared/email-kinds';
import type { AppServices } from '../context';

export const UNSUBSCRIBE_PATH = '/functions/v1/unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The all-kinds link signs the user id alone (links in mail sent before kinds existed stay valid).
const mac = ({ platform, config }: AppServices, userId: string, kind: string | null) =>
  platform.hmac(`need40 unsubscribe:${config.JWT_SECRET}`, kind ? `${userId}:${kind}` : userId);

/** The headers of a notification mail to `userId`: the link for `kind` when a member can turn that kind off, else for all. */
export function unsubscribeHeaders(services: AppServices, userId: string, kind: string | null): Record<string, string> {
  const own = kind && emailKindLabel(kind) ? kind : null;
  const url = new URL(UNSUBSCRIBE_PATH, services.config.API_EXTERNAL_URL);
  url.search = new URLSearchParams({ u: userId, ...(own && { k: own }), t: mac(services, userId, own) }).toString();
  return { 'List-Unsubscribe': `<${url.href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The member and kind (null: all) the link is for, or null when it is not a link we made. */
function linkOf(services: AppServices, request: FastifyRequest): { userId: string; kind: string | null } | null {
  const { u, k, t } = request.query as Record<string, unknown>;
  if (typeof u !== 'string' || typeof t !== 'string' || !UUID.test(u)) return null;
  if (k !== undefined && (typeof k !== 'string' || !emailKindLabel(k))) return null;
  const kind = k ?? null;
  const want = Buffer.from(mac(services, u, kind));
  const got = Buffer.from(t);
  return want.length === got.length && timingSafeEqual(want, got) ? { userId: u, kind } : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Need40 emails</title><body>${body}</body></html>`);

const INVALID = '<p>This unsubscribe link is not valid. Turn Need40 emails off in your profile instead.</p>';
const what = (kind: string | null) => (kind ? `Need40 emails about: ${escapeHtml(emailKindLabel(kind)!)}` : 'Need40 notification emails');

export const unsubscribeRoutes = (services: AppServices) => async function routes(app: FastifyInstance): Promise<void> {
  const { db } = services;
  // Mail clients post `List-Unsubscribe=One-Click` as a form; its content does not matter.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, null));

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const link = linkOf(services, request);
    if (!link) return page(reply, 400, INVALID);
    const button = link.kind ? 'Turn off these emails' : 'Turn off Need40 emails';
    return page(reply, 200, `<p>Stop getting ${what(link.kind)}?</p><form method="post"><button type="submit">${button}</button></form>`);
  });

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const link = linkOf(services, request);
    if (!link) return page(reply, 400, INVALID);
    const { userId, kind } = link;
    await db.transaction((tx) =>
      kind
        ? tx.query('update public.notification_preferences set email_off = array_append(email_off, $2) where user_id = $1 and not ($2 = any(email_off))', [userId, kind])
        : tx.query('update public.notification_preferences set email_enabled = false where user_id = $1 and email_enabled', [userId]),
    );
    request.log.info({ user_id: userId, kind }, 'notification emails turned off by the unsubscribe link');
    return page(reply, 200, `<p>Done: you will no longer get ${what(kind)}. You can turn them on again in your Need40 profile.</p>`);
  });
};
