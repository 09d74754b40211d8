/**
 * Automated accessibility scan (axe) of what mf-campaign and mf-profile render: the hero and the
 * Need40 section, and My Profile in view and edit mode. No serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { createConfirmedUser, signIn } from './support';

async function seriousViolations(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the campaign has no serious accessibility violation, on a phone too', async ({ app, page }) => {
  for (const viewport of [{ width: 375, height: 812 }, { width: 1280, height: 900 }]) {
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
