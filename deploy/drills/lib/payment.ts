/**
 * The payment step of the drills' journey, kept in one place so that when the payment path changes
 * this function is the one to update.
 *
 * Today's path (the manual provider, Need40 holding the money): the poster accepts the worker on
 * the dashboard (and confirms; Undo stays possible for a few seconds before anyone is told), then
 * pays Need40 through PayPal.me (a new tab at the agreed amount; PayPal itself is answered by a
 * stub — no real money, no network): the payment is recorded and both parties read that Need40 has
 * not received it yet. An operator's confirmation, the delivery and the release are the console's
 * and the e2e suite's (e2e/tests/marketplace/money-steps.spec.ts), not the site's. Returns what the
 * drill prints.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface PaymentParties {
  posterPage: Page;
  workerPage: Page;
  title: string;
  workerName: string;
  posterName: string;
}

export async function paymentStep({ posterPage, workerPage, title, workerName, posterName }: PaymentParties): Promise<{ agreed: string }> {
  await posterPage.context().route('https://paypal.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PayPal stub</title>' }));
  // A fresh read of the dashboard (going to the same hash again would not reload it).
  if (posterPage.url().endsWith('#dashboard')) await posterPage.reload();
  else await posterPage.goto('/#dashboard');
  const myGigs = posterPage.locator('section#dashboard').getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 30_000 });
  const applicant = myGigs.getByRole('listitem', { name: `Application from ${workerName}` });
  await applicant.getByRole('button', { name: `Accept ${workerName}` }).click();
  await applicant.getByRole('button', { name: `Yes, accept ${workerName}` }).click();
  const deal = applicant.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Pay $450 to Need40: it holds the money until you approve the work', { timeout: 60_000 });

  const popup = posterPage.waitForEvent('popup');
  await deal.getByRole('button', { name: 'Pay $450 with PayPal' }).click();
  const tab = await popup;
  await tab.waitForURL(/^https:\/\/paypal\.me\//, { timeout: 30_000 });
  await tab.close();
  await expect(deal).toContainText('Waiting for Need40 to confirm your payment of $450', { timeout: 30_000 });

  await workerPage.goto('/#dashboard');
  const mine = workerPage.locator('section#dashboard').getByRole('region', { name: 'My applications' }).getByRole('listitem', { name: `Application for ${title}` });
  await expect(mine.getByRole('group', { name: `Payment for ${title}` })).toContainText(`${posterName} has started paying $450; Need40 has not received it yet.`, { timeout: 30_000 });
  return { agreed: '$450 recorded as paid to Need40, awaiting its confirmation' };
}
