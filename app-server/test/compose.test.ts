/**
 * The notification emails from the template files: every kind the outbox may hold has its words,
 * each links to the exact place (the kernel's address contract), money is written by the one rule,
 * and an operator's override folder replaces words or refuses the start with the reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createComposer } from '../src/notifications/compose';
import { loadTemplates } from '../src/notifications/templates';
import type { NotificationItem } from '../src/notifications/values';

const SITE = 'https://need40.example/';
const compose = createComposer(loadTemplates(), SITE);
const APP = '6f1c1c1e-4b7a-4f7e-9d55-2f0a1b2c3d4e';
const GIG = '11111111-2222-4333-8444-555555555555';
const item = (kind: NotificationItem['kind'], payload: NotificationItem['payload'] = {}): NotificationItem => ({ kind, payload: { gig_id: GIG, gig_title: 'Walk the dog', ...payload } });

/** The outbox's kinds as the newest migration that lists them says (a kind added without words fails here). */
function outboxKinds(): string[] {
  const dir = path.resolve(import.meta.dirname, '..', '..', 'supabase', 'migrations');
  let last = '';
  for (const file of fs.readdirSync(dir).sort()) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of sql.matchAll(/notification_outbox_kind_check\s+check\s*\(\s*kind\s+in\s*\(([^)]*)\)/gi)) last = m[1]!;
  }
  return [...last.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
}

describe('notification emails', () => {
  it('every kind the outbox may hold has a subject, a text and an HTML part', () => {
    const kinds = outboxKinds();
    expect(kinds).toContain('gig_closed');
    for (const kind of kinds) {
      const mail = compose.single(item(kind as NotificationItem['kind'], { application_id: APP, transaction_id: 7, reviewee_id: APP, step: 'funded' }), 'a@example.com');
      expect(mail.subject, kind).toMatch(/\S/);
      expect(mail.text, kind).toContain(mail.link!);
      expect(mail.html, kind).toContain(`href="${mail.link}"`);
    }
  });

  it('links each email to the exact place: the applicant with Accept and Decline, the receipt, the reviews', () => {
    expect(compose.single(item('new_application', { application_id: APP, worker_name: 'Wendy' }), 'p@x.example').link).toBe(`https://need40.example/#dashboard/application/${APP}`);
    expect(compose.single(item('gig_closed'), 'w@x.example').link).toBe(`https://need40.example/#gig/${GIG}`);
    expect(compose.single(item('payment_receipt', { transaction_id: 42, step: 'released', amount_cents: 57000 }), 'w@x.example').link).toBe('https://need40.example/#receipt/42');
    expect(compose.single(item('review_posted', { reviewee_id: APP, reviewer_name: 'Pat', rating: 4 }), 'w@x.example').link).toBe(`https://need40.example/#profile/${APP}`);
  });

  it("a message's email leads to the thread, open, by the bell's rule: the poster's under the applicant, the worker's on the gig page", () => {
    const message = (reader: 'poster' | 'worker' | null) => compose.single(item('new_message', { application_id: APP, sender_name: 'Pat', reader }), 'x@x.example').link;
    expect(message('poster')).toBe(`https://need40.example/#dashboard/application/${APP}/messages`);
    expect(message('worker')).toBe(`https://need40.example/#gig/${GIG}/messages`);
    expect(message(null)).toBe(`https://need40.example/#gig/${GIG}/messages`);
  });

  it('writes the words of each new kind, and money by the one rule', () => {
    const closed = compose.single(item('gig_closed', { notice: 'Thank you for applying. The poster has closed this gig without choosing an applicant.' }), 'w@x.example');
    expect(closed.subject).toBe('The gig "Walk the dog" is closed');
    expect(closed.text.split('\n')[0]).toBe('Thank you for applying. The poster has closed this gig without choosing an applicant.');
    const review = compose.single(item('review_posted', { reviewee_id: APP, reviewer_name: 'Pat Poster', rating: 4 }), 'w@x.example');
    expect(review.subject).toBe('Pat Poster reviewed you');
    expect(review.text).toContain('★★★★☆ (4 of 5)');
    const funded = compose.single(item('deal_update', { step: 'funded', other_name: 'Pat', amount_cents: 60000, worker_cents: 57000 }), 'w@x.example');
    expect(funded.text).toContain('Pat paid $600 for "Walk the dog". Need40 holds it until the work is approved; you will receive $570.');
    const receipt = compose.single(item('payment_receipt', { transaction_id: 9, step: 'split', amount_cents: 42750, parts: { payable: -21375, fee_revenue: -1125 } }), 'w@x.example');
    expect(receipt.subject).toBe('Receipt: $427.50 split for "Walk the dog"');
    expect(receipt.text).toContain('To the worker: $213.75\nNeed40 fee (5%): $11.25\n');
  });

  it('an invitation and a saved search\'s alert name who and what, each gig with its own link', () => {
    const invited = compose.single(item('gig_invitation', { poster_name: 'Pat Poster' }), 'w@x.example');
    expect([invited.subject, invited.link]).toEqual(['Pat Poster invited you to apply to "Walk the dog"', `https://need40.example/#gig/${GIG}`]);
    const gigs = Array.from({ length: 5 }, (_, i) => ({ id: `${GIG.slice(0, -1)}${i}`, title: `Gig ${i} at https://evil.example` }));
    const alert = compose.single(item('saved_search', { search_name: 'Dogs', count: 7, gigs, gig_id: gigs[0]!.id }), 'w@x.example');
    expect(alert.subject).toBe('New gigs for your saved search "Dogs"');
    expect(alert.text).toContain(`7 new gigs match your saved search "Dogs":\n\n- Gig 0 at https[:]//evil[.]example\n  https://need40.example/#gig/${gigs[0]!.id}\n`);
    expect(alert.text).toContain('…and 2 more on Need40.');
    expect(alert.html.match(/<li>/g)).toHaveLength(5);
    const digest = compose.digest([item('saved_search', { search_name: 'Dogs', count: 1 }), item('gig_invitation', { poster_name: 'Pat' })], 'w@x.example');
    expect(digest.text).toContain('- A new gig matches your saved search "Dogs".\n');
    expect(digest.text).toContain('- Pat invited you to apply to "Walk the dog".\n');
  });

  it('a digest lists each summary with its link, then counts the rest', () => {
    const items = Array.from({ length: 22 }, (_, i) => item('new_application', { application_id: APP, worker_name: `Worker ${i}` }));
    const mail = compose.digest(items, 'p@x.example');
    expect(mail.subject).toBe('22 updates on Need40');
    expect(mail.text).toContain(`- New application for your gig "Walk the dog" from Worker 0.\n  https://need40.example/#dashboard/application/${APP}\n`);
    expect(mail.text).toContain('…and 2 more.');
    expect(mail.html.match(/<li>/g)).toHaveLength(20);
    expect(mail.html).toContain('See the application</a></li>');
  });
});

describe('an override folder (NOTIFICATION_TEMPLATES_DIR)', () => {
  const dirs: string[] = [];
  const folder = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'need40-templates-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('replaces the words of the kinds it names; the others keep the defaults', () => {
    const own = createComposer(loadTemplates(folder({ 'gig_closed.txt': 'Subject: Closed: {{title}}\n\nSorry! {{link}}\n' })), SITE);
    const mail = own.single(item('gig_closed'), 'w@x.example');
    expect(mail.subject).toBe('Closed: Walk the dog');
    expect(mail.text).toBe(`Sorry! https://need40.example/#gig/${GIG}`);
    expect(mail.html).toContain('Other gigs are waiting on Need40.'); // the default HTML part
    expect(own.single(item('application_accepted'), 'w@x.example').subject).toBe('Your application for "Walk the dog" was accepted');
  });

  it('escapes member text in the HTML part of an override too', () => {
    const own = createComposer(loadTemplates(folder({ 'gig_closed.html': '<p>{{title}}</p>' })), SITE);
    expect(own.single(item('gig_closed', { gig_title: '<b>x</b>' }), 'w@x.example').html).toBe('<p>&#60;b&#62;x&#60;/b&#62;</p>');
  });

  it('refuses an unknown file, a template Mustache cannot read, and a text part without its subject', () => {
    expect(() => loadTemplates(folder({ 'gig_closd.txt': 'Subject: x\n\ny' }))).toThrow(/gig_closd\.txt: not a template name/);
    expect(() => loadTemplates(folder({ 'gig_closed.html': '<p>{{#note}}</p>' }))).toThrow(/gig_closed\.html: Unclosed section "note"/);
    expect(() => loadTemplates(folder({ 'gig_closed.txt': 'Hello {{title}}' }))).toThrow(/gig_closed\.txt: the header lines/);
    expect(() => loadTemplates(path.join(os.tmpdir(), 'no-such-need40-dir'))).toThrow(/cannot read .*no-such-need40-dir: ENOENT/);
  });
});
