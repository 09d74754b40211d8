/**
 * The marketplace journey a drill drives in Chromium, on the site's real https origin: two people
 * sign up through the mailed confirmation link, the poster posts a gig from the form, the worker
 * finds it and applies, a message goes live over wss:// from one browser to the other, and the
 * payment step (payment.ts). Each part is timed by the drill. The mail comes from the drill's SMTP
 * server, as a member would read it.
 */
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Drill } from './drill';
import { paymentStep } from './payment';
import type { MailSink } from './services';

export interface Site {
  /** https://need40.test:4443 */
  origin: string;
  host: string;
  smtp: MailSink;
}

export interface Member {
  name: string;
  email: string;
  password: string;
  page: Page;
}

const LIVE = { timeout: 30_000 };

/** Chromium that resolves the site's name to this machine and accepts its self-signed certificate. */
export async function launchBrowser(host: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  });
}

export async function newMemberContext(browser: Browser, site: Site): Promise<BrowserContext> {
  return browser.newContext({ baseURL: site.origin, ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
}

/** Sign up in the modal, then follow the link of the confirmation mail: signed in. */
export async function signUp(context: BrowserContext, site: Site, name: string, tag: string): Promise<Member> {
  const page = await context.newPage();
  const email = `${tag}-${Date.now()}@example.com`;
  const password = `drill-${tag}-password-1`;
  await page.goto('/#home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Check your email to confirm your account!', LIVE);
  const mail = await site.smtp.waitFor(email, 'Confirm your Need40 account');
  const link = /https:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link?.startsWith(site.origin)) throw new Error(`the confirmation mail has no link to ${site.origin}: ${mail.text.slice(0, 300)}`);
  await page.goto(link);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' })).toBeVisible(LIVE);
  return { name, email, password, page };
}

/** Post an hourly remote gig ($45/hr, 10 hours) from the home page's form. */
export async function postGig(poster: Member, title: string): Promise<void> {
  const { page } = poster;
  await page.goto('/#home');
  const form = page.getByRole('region', { name: 'Post Your Gig' });
  await form.getByLabel('Title').fill(title, LIVE);
  await form.getByLabel('Description').fill('A landing page with a contact form, posted by the deployment drill.');
  await form.getByLabel('Rate ($ per hour)').fill('45');
  await form.getByLabel('Estimated hours').fill('10');
  await form.getByLabel('Location').selectOption({ label: 'Remote' });
  await form.getByLabel('Skills').fill('React, CSS');
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByRole('status')).toContainText('Your gig is posted', LIVE);
}

/** The worker finds the gig in Latest Gigs, opens it and applies. */
export async function apply(worker: Member, title: string): Promise<void> {
  const { page } = worker;
  await page.goto('/#gigs');
  const grid = page.getByRole('region', { name: 'Latest Gigs' });
  await grid.getByLabel('Search titles').fill(title, LIVE);
  await grid.getByRole('article', { name: title }).getByRole('link', { name: title }).click(LIVE);
  const gig = page.locator('section#gig');
  await gig.getByRole('button', { name: 'Apply Now' }).click(LIVE);
  const form = gig.getByRole('form', { name: 'Apply for this gig' });
  await form.getByLabel('Message to the poster').fill('I can build it next week.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(gig.getByText('Application sent.', { exact: false })).toBeVisible(LIVE);
}

/**
 * A message over wss://: the poster watches the dashboard, the worker writes from the gig page, and
 * the poster's unread count rises without a reload; the poster's reply reaches the worker's open
 * thread the same way. Returns the two delivery times (ms from send to seen).
 */
export async function liveMessage(poster: Member, worker: Member, title: string): Promise<{ toPosterMs: number; toWorkerMs: number }> {
  await poster.page.goto('/#dashboard');
  const board = poster.page.locator('section#dashboard');
  const myGigs = board.getByRole('region', { name: 'My gigs' });
  await expect(myGigs.getByRole('link', { name: title })).toBeVisible(LIVE);
  await expect(myGigs.getByText('1 applicant', { exact: false })).toBeVisible(LIVE);

  const gig = worker.page.locator('section#gig');
  await gig.getByRole('button', { name: `Messages with ${poster.name}` }).click(LIVE);
  const box = gig.getByRole('textbox', { name: 'Your message' });
  await box.fill('Do you have a design already?');
  let sent = performance.now();
  await box.press('Enter');
  await expect(board.getByTestId('unread-total')).toHaveText('1 unread message', LIVE);
  const toPosterMs = Math.round(performance.now() - sent);

  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click();
  const applicant = myGigs.getByRole('listitem', { name: `Application from ${worker.name}` });
  await applicant.getByRole('button', { name: `Messages (1 new) with ${worker.name}` }).click(LIVE);
  const reply = applicant.getByRole('textbox', { name: 'Your message' });
  await reply.fill('Yes, I will share it today.');
  sent = performance.now();
  await reply.press('Enter');
  await expect(gig.getByRole('list', { name: `Messages with ${poster.name}` }).getByText('Yes, I will share it today.')).toBeVisible(LIVE);
  return { toPosterMs, toWorkerMs: Math.round(performance.now() - sent) };
}

/** The whole journey as drill steps; returns the gig's title. */
export async function runJourney(drill: Drill, browser: Browser, site: Site, tag: string): Promise<string> {
  const posterContext = await newMemberContext(browser, site);
  const workerContext = await newMemberContext(browser, site);
  drill.cleanup('close the browser contexts', async () => {
    await posterContext.close();
    await workerContext.close();
  });
  const poster = await drill.step(`${tag}: the poster signs up through the mailed link`, () => signUp(posterContext, site, 'Paula Poster', `${tag}-poster`));
  const worker = await drill.step(`${tag}: the worker signs up through the mailed link`, () => signUp(workerContext, site, 'Walter Worker', `${tag}-worker`));
  const title = `Drill landing page ${tag} ${Date.now().toString(36)}`;
  await drill.step(`${tag}: the poster posts a gig`, () => postGig(poster, title));
  await drill.step(`${tag}: the worker finds it and applies`, () => apply(worker, title));
  await drill.step(`${tag}: the poster gets the "New application" mail`, () => site.smtp.waitFor(poster.email, `New application for "${title}"`), (m) => ({ listUnsubscribe: m.headers.list ?? null })); // mailparser gathers List-* headers under `list`
  await drill.step(`${tag}: a message goes live over wss:// both ways`, () => liveMessage(poster, worker, title), (t) => t);
  await drill.step(`${tag}: payment`, () => paymentStep({ posterPage: poster.page, workerPage: worker.page, title, workerName: worker.name, posterName: poster.name }), (p) => p);
  return title;
}
