/**
 * The development mailbox (only when SMTP_URL is not set, never in production): every mail the
 * backend would have sent, newest first.
 *   GET /_dev/mailbox            an HTML page with clickable links
 *   GET /_dev/mailbox.json       [{id, to, subject, kind, link, text, html, created_at}] (?to= filters)
 *   DELETE /_dev/mailbox         empty it
 * Its links sign anyone in, so it is for the developer's own machine: no CORS (app.ts), and only
 * a loopback client naming a loopback host (a DNS-rebinding page has its own name in Host)
 * reaches it, or anyone presenting DEV_MAILBOX_KEY as `?key=`. Everyone else gets a plain 404.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isLoopbackRequest } from '../http/loopback';
import { clearMailbox, listMail } from './store/mailbox';
import { ts } from './util';

function keyMatches(given: unknown, key: string | undefined): boolean {
  if (!key || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when this request may see the mailbox. */
export function mayReadMailbox(config: Pick<Config, 'DEV_MAILBOX_KEY'>, request: FastifyRequest): boolean {
  if (keyMatches((request.query as { key?: unknown } | undefined)?.key, config.DEV_MAILBOX_KEY)) return true;
  return isLoopbackRequest(request);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app.services;
  if (config.SMTP_URL || config.isProduction) return;
  app.addHook('onRequest', async (request, reply) => {
    // Indistinguishable from a path that does not exist: the root's not-found answer.
    if (!mayReadMailbox(config, request)) {
      reply.callNotFound();
      return reply;
    }
  });

  const list = async (to?: string) => db.transaction((tx) => listMail(tx, to ?? null), { readOnly: true });

  app.get('/_dev/mailbox.json', async (request) => {
    const to = (request.query as { to?: string }).to;
    if (typeof to === 'string' && to.includes('\u0000')) return []; // no address holds a NUL (and PostgreSQL text cannot)
    const rows = await list(typeof to === 'string' && to ? to : undefined);
    return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, kind: r.kind, link: r.link, text: r.text_body, html: r.html_body, created_at: ts(r.created_at) }));
  });

  app.get('/_dev/mailbox', async (_request, reply) => {
    const rows = await list();
    const items = rows
      .map(
        (r) => `<article><h2>${escapeHtml(r.subject)}</h2><p class="meta">To ${escapeHtml(r.to_address)} · ${escapeHtml(ts(r.created_at) ?? '')} · ${escapeHtml(r.kind)}</p>
<div class="body">${r.html_body}</div>${r.link ? `<p class="link"><code>${escapeHtml(r.link)}</code></p>` : ''}</article>`,
      )
      .join('\n');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Need40 dev mailbox</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}.meta{color:#6b7280;font-size:.875rem}
code{word-break:break-all;font-size:.8rem;color:#4b5563}a{color:#1d4ed8}</style></head><body><h1>Development mailbox</h1>
<p>Mail the backend would have sent (no SMTP_URL configured). Newest first.</p>${items || '<p>No mail yet. Sign up or ask for a password reset, then reload.</p>'}</body></html>`;
    // The page shows mail bodies the backend wrote itself (user data in them is escaped); the CSP is
    // the second line of defence: no script, no plugin, no framing, links only.
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      .header('X-Frame-Options', 'DENY')
      .header('Referrer-Policy', 'no-referrer')
      .send(page);
  });

  app.delete('/_dev/mailbox', async (_request, reply) => {
    await db.transaction((tx) => clearMailbox(tx));
    return reply.status(204).send();
  });
};
