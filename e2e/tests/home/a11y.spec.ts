/**
 * Automated accessibility scan (axe) of the home page (issue 5, journey 6): the whole page with the
 * banner, the campaign, the grid and the form, and the open auth modal in login and signup mode,
 * on a 375 px phone and on a desktop. No serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, latestGigs, test } from './support';

async function seriousViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the home page and the auth modal have no serious accessibility violation (${viewport.name})`, async ({ app, page }) => {
    await page.setViewportSize(viewport);
    await app.goto('#home');
    await app.waitForSlots();
    await expect(page.getByText('Connection successful! Database is ready.')).toBeVisible();
    await expect(latestGigs(page).region.getByText('Loading gigs...')).toHaveCount(0);
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
  });
}
