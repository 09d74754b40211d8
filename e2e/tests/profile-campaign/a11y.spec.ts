/**
 * Automated accessibility scan (axe) of what mf-campaign and mf-profile render: the hero and the
 * Need40 section, and My Profile in view and edit mode. No serious or critical violation.
 */
import { test, expect } from '../../fixtures';
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
