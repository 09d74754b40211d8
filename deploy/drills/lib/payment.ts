/**
 * The payment step of the drills' journey, kept in one place because the payment path is being
 * replaced: when it changes, this function is the one to update.
 *
 * Today's path: the poster accepts the worker on the dashboard (the database computes the agreed
 * amount and the 5% split), pays through PayPal.me (a new tab at the agreed amount; PayPal itself
 * is answered by a stub — no real money, no network), and the worker confirms receiving it: the
 * application is paid. Returns what the drill prints.
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

export async function paymentStep({ posterPage, workerPage, title, workerName }: PaymentParties): Promise<{ agreed: string }> {
  await posterPage.context().route('https://paypal.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>PayPal stub</title>' }));
  // A fresh read of the dashboard (going to the same hash again would not reload it).
  if (posterPage.url().endsWith('#dashboard')) await posterPage.reload();
  else await posterPage.goto('/#dashboard');
  const myGigs = posterPage.locator('section#dashboard').getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 30_000 });
  const applicant = myGigs.getByRole('listitem', { name: `Application from ${workerName}` });
  await applicant.getByRole('button', { name: `Accept ${workerName}` }).click();
  const deal = applicant.getByRole('group', { name: `Payment for ${title}` });
  await expect(deal).toContainText('Agreed amount $450 (10 hours at $45/hr)', { timeout: 30_000 });
  await expect(deal).toContainText('Worker keeps $427.50 · Need40 fee $22.50');

  const popup = posterPage.waitForEvent('popup');
  await deal.getByRole('button', { name: 'Pay with PayPal' }).click();
  const tab = await popup;
  await tab.waitForURL('https://paypal.me/need40/450', { timeout: 30_000 });
  await tab.close();
  await expect(deal).toContainText(`Waiting for ${workerName} to confirm the payment of $450.`, { timeout: 30_000 });

  await workerPage.goto('/#dashboard');
  const mine = workerPage.locator('section#dashboard').getByRole('region', { name: 'My applications' }).getByRole('listitem', { name: `Application for ${title}` });
  const workerDeal = mine.getByRole('group', { name: `Payment for ${title}` });
  await workerDeal.getByRole('button', { name: 'I received $427.50' }).click({ timeout: 30_000 });
  await expect(mine.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
  return { agreed: '$450 (worker $427.50, fee $22.50)' };
}
