/**
 * Automated accessibility scan (axe) of what mf-campaign and mf-profile render: the hero and the
 * Need40 section, and My Profile in view and edit mode, and its sign-in and security settings while
 * a member ends their other sessions and changes the password. No serious or critical violation.
 */
import { test, expect } from '../../fixtures';
import { passwordSession } from '../../helpers/users';
import { createConfirmedUser, signIn } from './support';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';

test('the campaign has no serious accessibility violation, on a phone too', async ({ app, page }) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await app.goto('#home');
    await expect(app.slot('campaign').locator('section#need40')).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="campaign"]')).toEqual([]);
  }
});

test('My Profile has no serious accessibility violation in view and edit mode', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await app.goto('#profile');
  const profile = app.slot('profile');
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(profile.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  expect(await seriousViolations(page, '[data-remote="profile"]')).toEqual([]);
});

test('the security settings: end the other sessions and change the password, at 375 px and on a desktop, axe clean', async ({ app, page, backend }) => {
  test.slow(); // two members, two page loads, four axe scans
  for (const viewport of VIEWPORTS) {
    // createConfirmedUser signs in once (another device, as far as this page knows); signIn once more.
    const user = await createConfirmedUser(backend);
    await signIn(page, backend, user);
    await page.setViewportSize(viewport);
    await app.goto('#profile');
    const profile = app.slot('profile');
    await profile.getByRole('button', { name: 'Manage password, email, two-step login and sessions' }).click();
    const sessions = profile.getByRole('region', { name: 'Where you are logged in', exact: true });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'Log out everywhere else' })).toBeVisible();
    expect(await seriousViolations(page, '[data-remote="profile"]'), viewport.name).toEqual([]);

    await sessions.getByRole('button', { name: 'Log out everywhere else' }).click();
    await expect(sessions.getByRole('status')).toHaveText('You are now logged out everywhere except on this device.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    const password = profile.getByRole('region', { name: 'Password', exact: true });
    await password.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await password.getByLabel('Confirm new password').fill('a-brand-new-password');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText('Your password is changed. Every other session was logged out.');
    expect(await seriousViolations(page, '[data-remote="profile"]'), viewport.name).toEqual([]);
    expect((await passwordSession(backend, user.email, 'a-brand-new-password')).user.id).toBe(user.id);
  }
});
