/**
 * Automated accessibility scan (axe) of the home page (issue 5, journey 6): the whole page with the
 * banner, the campaign, a gig card, the filters and the form, and the open auth modal in login
 * (with its error) and signup mode, on a 375 px phone and on a desktop, where the keyboard stays
 * inside the modal and Escape closes it; then the Post Your Gig form with every field error shown.
 * No serious or critical violation.
 */
import { randomUUID } from 'node:crypto';
import { createConfirmedUser, signIn, type Backend, type TestUser } from '../../helpers/users';
import { expect, latestGigs, postGigForm, seedGigs, test } from './support';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';

/** One member per worker; each scan of the grid seeds its own gig just before, since the other
 * workers' tests post newer gigs meanwhile and an older one leaves the first page of twelve. */
let member: Promise<TestUser> | undefined;
async function seedGig(backend: Backend, user: TestUser): Promise<string> {
  const title = `Accessible gig ${randomUUID().slice(0, 8)}`;
  await seedGigs(backend, user, [{ title, payment_type: 'hourly', rate: 45, location: 'remote', skills: ['react', 'css'] }]);
  return title;
}

// In one worker, one after the other, so the three share the member.
test.describe.configure({ mode: 'default' });

for (const viewport of VIEWPORTS) {
  test(`the home page and the auth modal have no serious accessibility violation (${viewport.name})`, async ({ app, page, backend }) => {
    const title = await seedGig(backend, await (member ??= createConfirmedUser(backend)));
    await page.setViewportSize(viewport);
    await app.goto('#home');
    await app.waitForSlots();
    await expect(page.getByText('Connection successful! Database is ready.')).toBeVisible();
    await expect(latestGigs(page).region.getByRole('article', { name: title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await app.navbar.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await expect(login).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await login.getByRole('button', { name: 'Log In' }).click();
    await expect(login.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    await login.getByRole('button', { name: 'Sign Up' }).click();
    const signup = page.getByRole('dialog', { name: 'Create Account' });
    await expect(signup).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    // With the keyboard: Tab and Shift+Tab stay inside the modal, Escape closes it and focus goes back.
    await expect(signup.getByLabel('Full Name')).toBeFocused();
    for (const key of [...Array<string>(9).fill('Tab'), ...Array<string>(3).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      await expect(signup.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(signup).toHaveCount(0);
    await expect(app.navbar.getByRole('button', { name: 'Login' })).toBeFocused();
  });
}

test('the Post Your Gig form with every field error has no serious accessibility violation (phone)', async ({ app, page, backend }) => {
  const user = await (member ??= createConfirmedUser(backend));
  await signIn(page, backend, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await app.goto('#post-gig');
  const form = postGigForm(page);
  await form.getByRole('button', { name: 'Post Gig' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  expect(await seriousViolations(page, '#post-gig')).toEqual([]);
});
