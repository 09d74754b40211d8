/**
 * The notification emails, written from the templates (templates.ts; the words are in
 * app-server/templates/) with each kind's values and link (values.ts): one email for one outbox
 * row, or a digest of several rows for one recipient (a recipient gets at most one email per
 * digest window, see private.claim_notifications), listing each row's summary line and link.
 */
import type { Mail, MailKind } from 'backend/platform';
import { HREF, pageLink } from '@need40/shared/routes';
import { render, type Templates } from './templates';
import { templateName, viewOf, type NotificationItem } from './values';

export type { NotificationItem } from './values';

/** Items a digest lists; the rest are counted. */
export const DIGEST_MAX_ITEMS = 20;

// The dev mailbox files these under "notification".
const KIND: MailKind = 'notification';

export interface Composer {
  /** The email for one outbox row, addressed to `to`. */
  single(item: NotificationItem, to: string): Mail;
  /** Several outbox rows for one recipient as one email (at most DIGEST_MAX_ITEMS listed). */
  digest(items: NotificationItem[], to: string): Mail;
}

export function createComposer(templates: Templates, siteUrl: string): Composer {
  const { byName } = templates;
  const fill = (item: NotificationItem) => {
    const view = viewOf(item, siteUrl);
    const template = byName.get(templateName(item, (name) => byName.has(name)));
    if (!template) throw new Error(`no template for notification kind ${item.kind}`);
    return { view, ...render(templates, template, view) };
  };
  return {
    single(item, to) {
      const { view, subject, text, html } = fill(item);
      return { to, kind: KIND, subject, link: view.link, text, html };
    },
    digest(items, to) {
      const shown = items.slice(0, DIGEST_MAX_ITEMS).map((item) => {
        const { view, summary, action } = fill(item);
        return { summary, action, link: view.link };
      });
      const dashboard = pageLink(siteUrl, HREF.dashboard);
      const more = items.length - shown.length;
      const done = render(templates, byName.get('digest')!, { count: items.length, items: shown, more: more > 0 ? more : null, dashboard, link: dashboard });
      return { to, kind: KIND, subject: done.subject, link: dashboard, text: done.text, html: done.html };
    },
  };
}
