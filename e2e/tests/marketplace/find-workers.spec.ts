/**
 * Finding workers, in two browsers at once: a worker marked available for work; the poster opens
 * Find workers from the navbar, searches by the worker's skill and rate, opens their profile and
 * invites them to apply to an open gig; the worker's gig page (a phone, 375 px) says "You were
 * invited to apply" beside Apply Now, and the bell says who invited them. axe finds nothing serious
 * in the directory, the invitation form and the gig page, at 375 px and on a desktop.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signIn } from '../../helpers/users';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';
import { createMember, expect, gigPage, postGig, test, uniqueTitle, updateOwnProfile } from './support';

const SLOW = { timeout: 30_000 };

async function axeAtBothWidths(page: Page, selector: string, what: string) {
  for (const { name, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    expect(await seriousViolations(page, selector), `axe: ${what} at ${name}`).toEqual([]);
  }
}

test('a poster finds an available worker in the directory and invites them; the worker sees the invitation on the gig page', async ({ app, page, backend, browser }) => {
  test.setTimeout(180_000);
  const workerName = `Wanda ${randomUUID().slice(0, 6)}`;
  const skill = `Zig${randomUUID().slice(0, 6)}`;
  const worker = await createMember(backend, workerName);
  await updateOwnProfile(backend, worker, { available_for_work: true, skills: [skill, 'Testing'], hourly_rate: 55, title: 'Systems programmer' });
  const poster = await createMember(backend, 'Paula Poster');
  const title = uniqueTitle('Port the parser to Zig');
  const gigId = await postGig(backend, poster, title);

  // The poster: Find workers from the navbar, search by skill (any case) and rate.
  await signIn(page, backend, poster);
  await app.goto('#home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find workers' }).click();
  const directory = page.locator('section#workers');
  await expect(directory.getByRole('heading', { level: 1, name: 'Find workers' })).toBeVisible(SLOW);
  const search = directory.getByRole('form', { name: 'Search workers' });
  await search.getByLabel('Skills').fill(skill.toLowerCase());
  await search.getByLabel('Max rate ($/hr)').fill('40');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(directory.getByText('No available workers match these filters.')).toBeVisible(SLOW);
  await search.getByLabel('Max rate ($/hr)').fill('60');
  await search.getByRole('button', { name: 'Search' }).click();
  const card = directory.getByRole('list', { name: 'Available workers' }).getByRole('listitem').filter({ hasText: workerName });
  await expect(card).toHaveCount(1, SLOW);
  await expect(card).toContainText('$55/hr');
  await expect(card).toContainText('No gigs completed yet');
  await axeAtBothWidths(page, 'section#workers', 'the directory');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Her profile: Invite to apply, to the poster's open gig.
  await card.getByRole('link', { name: workerName }).click();
  const profile = page.locator('section#member');
  await expect(profile.getByRole('heading', { level: 1, name: workerName })).toBeVisible(SLOW);
  await expect(profile.getByText('Available for work')).toBeVisible();
  await profile.getByRole('button', { name: 'Invite to apply' }).click();
  const form = profile.getByRole('form', { name: `Invite ${workerName} to apply` });
  await expect(form.getByLabel('Your open gig')).toHaveValue(gigId, SLOW);
  await axeAtBothWidths(page, 'section#member', 'the invitation form');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(profile.getByRole('status').filter({ hasText: 'Invitation sent' })).toContainText(`${workerName} will see it on the page of "${title}"`, SLOW);

  // The worker, on a phone in another browser: the gig page says so beside Apply Now.
  const workerContext = await browser.newContext({ baseURL: app.state.shellUrl, viewport: { width: 375, height: 812 } });
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, backend, worker);
  await workerPage.goto(`/#gig/${gigId}`);
  await expect(gigPage(workerPage).getByText('You were invited to apply by Paula Poster')).toBeVisible(SLOW);
  await expect(gigPage(workerPage).getByRole('button', { name: 'Apply Now' })).toBeVisible();
  await axeAtBothWidths(workerPage, 'section#gig', 'the invited gig page');
  await workerPage.getByRole('button', { name: /^Notifications/ }).click();
  await expect(workerPage.getByRole('region', { name: 'Notifications' }).getByRole('link').first()).toContainText(`Paula Poster invited you to apply to "${title}"`, SLOW);
  await workerContext.close();
});
