/**
 * The campaign's payment paths and the share button on the composed page against the real backend.
 * Issue 6: a visitor's Pay $600 and Give40 leave pending paypal payments in the database while a new
 * tab opens at the right amount; a signed-in user's $600 gig path creates a fixed $600 gig (570 / 30,
 * active) that appears in the grid, with its completed payment and audit rows; Share Movement opens
 * the tweet composer with the campaign text and the product's URL.
 */
import { randomUUID } from 'node:crypto';
import { test, expect } from '../../fixtures';
import { createConfirmedUser, serviceSelect, signIn, stubExternalSites } from './support';
import { seriousViolations } from '../../helpers/axe';

const SHARE_TEXT = 'I support #Need40: a $600 gig pays the worker $570 (95%) and the platform only $30 (5%). Fair pay for real work.';

for (const { button, amount, message } of [
  { button: 'Pay $600', amount: 600, message: 'Finish your $600 payment on PayPal in the new tab.' },
  { button: 'Give40 Support', amount: 40, message: 'Finish your $40 Give40 donation on PayPal in the new tab.' },
]) {
  test(`a visitor's ${button} records a pending $${amount} payment and opens PayPal for $${amount} in a new tab`, async ({ app, page, backend }) => {
    await stubExternalSites(page);
    await app.goto('#home');
    const campaign = app.slot('campaign');
    const recorded = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/record_payment') && r.request().method() === 'POST');
    const popup = page.waitForEvent('popup');
    await campaign.getByRole('button', { name: button, exact: true }).click();

    const tab = await popup;
    const response = await recorded;
    expect(response.status()).toBe(200);
    const row = (await response.json()) as { id: string };
    await tab.waitForURL(`https://paypal.me/need40/${amount}`);
    await expect(campaign.getByRole('status')).toContainText(message);

    const [payment] = await serviceSelect(backend, `payments?id=eq.${row.id}&select=*`);
    expect(payment).toMatchObject({ amount, status: 'pending', payment_method: 'paypal', user_id: null });
  });
}

test('a signed-in user posts a $600 gig: it appears in the grid, with its payment and audit rows', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  await app.goto('#home');
  const campaign = app.slot('campaign');
  const title = `Paint the fence ${randomUUID().slice(0, 8)}`;

  await campaign.getByLabel('Gig title').fill(title);
  await campaign.getByLabel('Gig description').fill('Two coats, all materials provided.');
  await campaign.getByRole('button', { name: 'Pay $600 and post gig' }).click();
  // Nothing is recorded until the person confirms the amount.
  const confirm = campaign.getByRole('alertdialog', { name: 'Record a $600 payment and post this gig?' });
  await expect(confirm).toContainText('A completed payment of $600 is recorded in your name now');
  await expect(confirm.getByRole('button', { name: 'Yes, record $600 and post' })).toBeFocused();
  expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, record $600 and post' }).click();
  await expect(campaign.getByRole('status')).toContainText(`Your $600 gig “${title}” is live: $570 goes to the worker.`);

  const card = app.slot('gigs').getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$600');
  await expect(card).not.toContainText('$600/hr');

  const [gig] = await serviceSelect<Record<string, unknown>>(backend, `gigs?title=eq.${encodeURIComponent(title)}&select=*`);
  expect(gig).toMatchObject({ user_id: user.id, payment_type: 'fixed', rate: 600, worker_rate: 570, platform_fee: 30, status: 'active' });
  const [payment] = await serviceSelect(backend, `payments?id=eq.${gig!.payment_id}&select=*`);
  expect(payment).toMatchObject({ amount: 600, status: 'completed', payment_method: 'paypal', user_id: user.id });
  const audit = await serviceSelect<{ table_name: string; operation: string }>(backend, `audit_logs?user_id=eq.${user.id}&select=table_name,operation`);
  expect(audit).toEqual(expect.arrayContaining([{ table_name: 'payments', operation: 'INSERT' }, { table_name: 'gigs', operation: 'INSERT' }]));
});

test('a status line belongs to its action: Share takes away the Pay $600 line', async ({ app, page }) => {
  await stubExternalSites(page);
  await app.goto('#home');
  const campaign = app.slot('campaign');
  const paypal = page.waitForEvent('popup');
  // The line shows once the pending payment is recorded: wait for that answer, however slow.
  const recorded = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/record_payment') && r.request().method() === 'POST');
  await campaign.getByRole('button', { name: 'Pay $600', exact: true }).click();
  expect((await recorded).status()).toBe(200);
  // The tab opens empty at the click and goes to PayPal once the payment is recorded; closed before
  // that, the page reports a blocked tab instead (the person closed it): close it only once there.
  const tab = await paypal;
  await tab.waitForURL('https://paypal.me/need40/600');
  await tab.close();
  const line = campaign.getByText('Finish your $600 payment on PayPal in the new tab.');
  await expect(line).toBeVisible();
  const composer = page.waitForEvent('popup');
  await campaign.getByRole('button', { name: 'Share Movement' }).click();
  await (await composer).close();
  await expect(line).toHaveCount(0);
});

// A visitor, one page load: the hero and its jumps, Share Movement's composer, and the $600 gig
// path asking to log in.
test('the hero shows the three figures and Post $600 Gig / Earn $570 Now reach the other remote’s sections; Share Movement opens the tweet composer with the campaign text and the product URL; signed out, the $600 gig path asks to log in and offers the login modal', async ({ app, page }) => {
  await stubExternalSites(page);
  await app.goto('#home');
  const campaign = app.slot('campaign');
  // The hero is the shell's own, above the campaign.
  const hero = page.locator('#home').getByRole('region', { name: 'Fair pay for every gig' });
  for (const text of ['$600', 'Average gig value', '$570', 'Worker earnings', '5%', 'Platform fee']) {
    await expect(hero.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(campaign.locator('section#need40')).toContainText('April 8, 2024');
  await app.waitForSlots();
  await campaign.getByRole('button', { name: 'Post $600 Gig' }).click();
  await expect(page.locator('#post-gig')).toBeFocused();
  await expect(page.locator('#post-gig')).toBeInViewport();
  await campaign.getByRole('button', { name: 'Earn $570 Now' }).click();
  await expect(page.locator('#gigs')).toBeFocused();
  await expect(page.locator('#gigs')).toBeInViewport();

  // Share Movement opens the tweet composer with the campaign text and the product URL.
  const popup = page.waitForEvent('popup');
  await campaign.getByRole('button', { name: 'Share Movement' }).click();
  const tab = await popup;
  await tab.waitForURL(/^https:\/\/twitter\.com\/intent\/tweet\?/);
  const url = new URL(tab.url());
  expect(url.searchParams.get('text')).toBe(SHARE_TEXT);
  expect(url.searchParams.get('url')).toBe('http://127.0.0.1');
  await tab.close();

  // Signed out, the $600 gig path asks to log in and offers the login modal.
  await campaign.getByLabel('Gig title').fill('Anything');
  await campaign.getByLabel('Gig description').fill('Anything at all');
  await campaign.getByRole('button', { name: 'Pay $600 and post gig' }).click();
  await expect(campaign.getByRole('alert')).toContainText('You must be logged in to create a gig');
  await campaign.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
