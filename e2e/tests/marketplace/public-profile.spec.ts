/**
 * Public profiles (issue 13, point 6) on the composed page against the real backend: a member's
 * profile opened by its address (a fresh load of #profile/<id>) signed out and signed in as someone
 * else shows the public fields and open gigs and never the contact details; an unknown id says so;
 * My Profile refuses script links and links to the public profile; the email setting is saved; a
 * photo added in My Profile shows on the member's gig card in the grid that stayed open behind it,
 * and on the public profile; no serious accessibility violation at 375 px and on a desktop.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { test, expect } from '../../fixtures';
import { createConfirmedUser, json, passwordSession, signIn, type Backend } from '../../helpers/users';
import { serviceSelect } from '../profile-campaign/support';
import { postGig, updateOwnProfile } from './support';

const SLOW = { timeout: 30_000 };

/** A member with a filled-in profile, contact details and one open gig. */
async function aPublishedMember(backend: Backend) {
  const member = await createConfirmedUser(backend);
  const name = `Grace ${randomUUID().slice(0, 6)}`;
  await updateOwnProfile(backend, member, {
    full_name: name,
    title: 'Compiler engineer',
    bio: 'I find bugs, sometimes literal ones.',
    skills: ['COBOL', 'Teaching'],
    hourly_rate: 25.5,
    linkedin_url: 'https://linkedin.com/in/grace',
    contact_email: 'grace-private@example.com',
    contact_phone: '+1 555 0100',
  });
  const gigTitle = `Teach a COBOL workshop ${randomUUID().slice(0, 6)}`;
  const { access_token } = await passwordSession(backend, member.email, member.password);
  const [gig] = await json<{ id: string }[]>(
    await fetch(`${backend.url}/rest/v1/gigs`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ title: gigTitle, description: 'A day of COBOL.', payment_type: 'fixed', rate: 600, hours: 8, location: 'remote', skills: ['COBOL'], user_id: member.id }),
    }),
    'insert gig',
  );
  return { member, name, gigTitle, gigId: gig!.id };
}

const memberProfile = (page: Page): Locator => page.getByRole('region', { name: 'Member profile' });

/** A 200 × 150 PNG drawn by the page itself (the photo a member picks). */
async function aPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 150;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#2a7';
    g.fillRect(0, 0, 200, 150);
    g.fillStyle = '#fc3';
    g.fillRect(60, 30, 80, 90);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The image was fetched and decoded (the browser shows it: not blocked, not broken). */
async function expectShown(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), SLOW).toBeGreaterThan(0);
}

async function expectPublicFields(page: Page, m: Awaited<ReturnType<typeof aPublishedMember>>) {
  const profile = memberProfile(page);
  await expect(profile.getByRole('heading', { level: 1, name: m.name })).toBeVisible(SLOW);
  await expect(profile.getByText('Compiler engineer')).toBeVisible();
  await expect(profile.getByText('I find bugs, sometimes literal ones.')).toBeVisible();
  await expect(profile.getByText('COBOL', { exact: true })).toBeVisible();
  await expect(profile.getByText('$25.50/hr')).toBeVisible();
  await expect(profile.getByText(/^Member since /)).toBeVisible();
  await expect(profile.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', 'https://linkedin.com/in/grace');
  await expect(profile.getByRole('region', { name: 'Open gigs' }).getByRole('link', { name: m.gigTitle })).toHaveAttribute('href', `#gig/${m.gigId}`);
  await expect(profile.getByText('No reviews yet.')).toBeVisible();
  // Contact details: not shown, not hinted at.
  await expect(profile.getByText('grace-private@example.com')).toHaveCount(0);
  await expect(profile.getByText('+1 555 0100')).toHaveCount(0);
  await expect(profile.getByText(/contact/i)).toHaveCount(0);
}

test('a member\'s public profile opened by its address shows the public fields and no contact details, signed out and signed in', async ({ app, page, backend }) => {
  const m = await aPublishedMember(backend);
  await app.goto(`#profile/${m.member.id}`);
  await expectPublicFields(page, m);
  await expect(page.getByRole('region', { name: 'Home', includeHidden: true })).toBeHidden();

  const viewer = await createConfirmedUser(backend);
  await signIn(page, backend, viewer);
  await page.reload();
  await expect(app.navbar.getByRole('link', { name: 'My Profile', exact: true })).toBeVisible(SLOW);
  await expectPublicFields(page, m);
});

test('an unknown member id says so, with a way home', async ({ app, page }) => {
  await app.goto(`#profile/${randomUUID()}`);
  await expect(memberProfile(page).getByRole('heading', { name: 'This member could not be found.' })).toBeVisible(SLOW);
  await memberProfile(page).getByRole('link', { name: 'Back to Need40 home' }).click();
  await expect(page.getByRole('region', { name: 'Latest Gigs' })).toBeVisible(SLOW);
});

test('My Profile refuses a script link, links to the public profile, saves the email setting and a photo the member\'s gig card shows', async ({ app, page, backend }) => {
  test.setTimeout(180_000);
  const user = await createConfirmedUser(backend);
  const gigTitle = `Photo gig ${randomUUID().slice(0, 6)}`;
  await postGig(backend, user, gigTitle);
  await signIn(page, backend, user);
  // Home's grid is read first and stays mounted behind My Profile: the card shows the initial.
  await app.goto('#home');
  const card = app.slot('gigs').getByRole('article', { name: gigTitle });
  await expect(card).toBeVisible(SLOW);
  await expect(card.locator('img')).toHaveCount(0);
  await app.navbar.getByRole('link', { name: 'My Profile', exact: true }).click();
  const own = page.getByRole('region', { name: 'My Profile' });

  await own.getByRole('button', { name: 'Add a photo' }).click(SLOW);
  await own.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await aPhoto(page) });
  await expect(own.getByRole('img', { name: 'Preview of your photo, cropped to a square' })).toBeVisible(SLOW);
  await own.getByRole('button', { name: 'Save photo' }).click();
  await expectShown(own.getByRole('img', { name: 'Photo of E2E Worker' }));
  const [withPhoto] = await serviceSelect<{ avatar_url: string | null }>(backend, `profiles?id=eq.${user.id}&select=avatar_url`);
  expect(withPhoto?.avatar_url).toMatch(new RegExp(`^${user.id}/photo-.+\\.jpg$`));

  await own.getByRole('button', { name: 'Edit Profile' }).click(SLOW);
  await own.getByLabel('LinkedIn', { exact: true }).fill('javascript:alert(1)');
  await own.getByLabel('Email', { exact: true }).fill('not-an-email');
  await own.getByRole('button', { name: 'Save Changes' }).click();
  await expect(own.getByLabel('LinkedIn', { exact: true })).toHaveAccessibleDescription('Enter a web address starting with https:// or http://');
  await expect(own.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Enter an email address like name@example.com');
  const [row] = await serviceSelect<{ linkedin_url: string | null }>(backend, `profiles?id=eq.${user.id}&select=linkedin_url`);
  expect(row?.linkedin_url).toBeNull();

  await own.getByLabel('LinkedIn', { exact: true }).fill('linkedin.com/in/e2e');
  await own.getByLabel('Email', { exact: true }).fill('');
  await own.getByRole('button', { name: 'Save Changes' }).click();
  await expect(own.getByRole('button', { name: 'Edit Profile' })).toBeVisible(SLOW);
  await expect(own.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', 'https://linkedin.com/in/e2e');

  const emails = own.getByRole('checkbox', { name: 'Email me about my gigs and applications' });
  await expect(emails).toBeChecked(SLOW);
  await emails.uncheck();
  await expect(own.getByText('Saved: you will not get these emails.')).toBeVisible(SLOW);
  const [prefs] = await serviceSelect<{ email_enabled: boolean }>(backend, `notification_preferences?user_id=eq.${user.id}&select=email_enabled`);
  expect(prefs?.email_enabled).toBe(false);

  await own.getByRole('link', { name: 'View public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`#profile/${user.id}$`));
  await expect(memberProfile(page).getByRole('heading', { level: 1, name: 'E2E Worker' })).toBeVisible(SLOW);
  await expectShown(memberProfile(page).getByRole('img', { name: 'Photo of E2E Worker' }));

  // Back on Home, never reloaded: the member's card shows the photo.
  await app.navbar.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(card).toBeVisible(SLOW);
  await expectShown(card.locator('img'));
});

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the public profile has no serious accessibility violation (${viewport.name})`, async ({ app, page, backend }) => {
    const m = await aPublishedMember(backend);
    await page.setViewportSize(viewport);
    await app.goto(`#profile/${m.member.id}`);
    await expectPublicFields(page, m);
    const result = await new AxeBuilder({ page }).include('main').analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
