/**
 * The operators' console on the composed page, three members in three browser contexts: a member
 * reports a gig from its page (a second report of it is refused in the database's words); the
 * operator opens the report in the console and hides the gig with a reason, by keyboard; the
 * reporter's open grid drops the card without a reload; the poster reads why on their dashboard.
 * Then the operator bans the poster from Members: the poster's open tab can no longer write, and
 * the application they had made to the reporter's gig shows to the reporter as withdrawn, with
 * Need40's notice. axe scans the console's list, report and dialog.
 */
import type { Browser, Page } from '@playwright/test';
import { signIn } from '../../helpers/users';
import { seriousViolations } from '../../helpers/axe';
import { applyAs, createMember, dashboard, expect, makeOperator, postGig, test, uniqueTitle } from '../marketplace/support';
import type { Backend, TestUser } from '../../helpers/users';

async function openAs(browser: Browser, shellUrl: string, backend: Backend, user: TestUser, hash: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: shellUrl });
  const page = await context.newPage();
  await signIn(page, backend, user);
  await page.goto(`/${hash}`);
  return page;
}

/** Post a gig with the token the tab holds (what the Post Gig form sends); the answer's status. */
function writeWithTabToken(page: Page, backendUrl: string, anonKey: string, userId: string): Promise<number> {
  return page.evaluate(
    async ([url, key, uid]) => {
      const stored = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
      const token = (JSON.parse(localStorage.getItem(stored!)!) as { access_token: string }).access_token;
      const gig = { user_id: uid, title: 'Another gig', description: 'Posted from the open tab with the token it holds.', payment_type: 'hourly', rate: 40, hours: 5, location: 'remote', skills: ['css'] };
      const res = await fetch(`${url}/rest/v1/gigs`, { method: 'POST', headers: { apikey: key, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(gig) });
      return res.status;
    },
    [backendUrl, anonKey, userId] as const,
  );
}

test('report → hide by keyboard → gone from an open grid → the poster reads why; ban → the tab cannot write and its applications show as withdrawn', async ({ app, page, backend, browser }) => {
  test.setTimeout(240_000);
  const [poster, reporter, operator] = await Promise.all([createMember(backend, 'Pablo Poster'), createMember(backend, 'Rita Reporter'), createMember(backend, 'Olga Operator')]);
  await makeOperator(backend, operator);
  const title = uniqueTitle('Too good to be true');
  const gigId = await postGig(backend, poster, title);
  const reason = 'Asks for payment outside Need40.';
  // The poster has applied to a gig of the reporter's: the ban withdraws that application.
  const fence = uniqueTitle('Paint a fence');
  await applyAs(backend, poster, await postGig(backend, reporter, fence), 'I can paint it on Saturday.');

  // The reporter's grid is open (Home stays mounted behind the gig page).
  await signIn(page, backend, reporter);
  await app.goto('#home');
  const card = app.slot('gigs').getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as Record<string, unknown>).__noReload = true));
  await page.evaluate((id) => (location.hash = `#gig/${id}`), gigId);
  const gig = page.locator('section#gig');
  await gig.getByRole('button', { name: 'Report this gig' }).click();
  await gig.getByLabel('Reason').selectOption('scam');
  await gig.getByLabel('Note (optional)').fill('They want a deposit by wire.');
  await gig.getByRole('button', { name: 'Send report' }).click();
  await expect(gig.getByText(/The Need40 team will look at it/)).toBeVisible();
  await page.evaluate(() => (location.hash = '#home'));
  await page.evaluate((id) => (location.hash = `#gig/${id}`), gigId);
  await gig.getByRole('button', { name: 'Report this gig' }).click();
  await gig.getByLabel('Reason').selectOption('spam');
  await gig.getByRole('button', { name: 'Send report' }).click();
  await expect(gig.getByRole('alert')).toContainText('You have already reported this gig');
  await page.evaluate(() => (location.hash = '#home'));
  await expect(card).toBeVisible();

  // The operator, by keyboard: Reports → Open → Hide gig → reason → submit.
  const op = await openAs(browser, app.state.shellUrl, backend, operator, '#admin');
  const consoleSlot = op.locator('section#admin');
  await expect(op.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' })).toBeVisible({ timeout: 30_000 });
  const row = consoleSlot.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(op, 'section#admin')).toEqual([]);
  await row.getByRole('link', { name: 'Open' }).focus();
  await op.keyboard.press('Enter');
  const hide = consoleSlot.getByRole('button', { name: 'Hide gig' });
  await expect(hide).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(op, 'section#admin')).toEqual([]);
  await hide.focus();
  await op.keyboard.press('Enter');
  const dialog = op.getByRole('dialog', { name: 'Hide gig' });
  await expect(dialog.getByLabel(/Reason/)).toBeFocused();
  expect(await seriousViolations(op, '[role="dialog"]')).toEqual([]);
  await op.keyboard.type(reason);
  await op.keyboard.press('Tab');
  await op.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Hide gig' })).toBeFocused();
  await op.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // Gone from the reporter's open grid, no reload.
  await expect(card).toHaveCount(0, { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__noReload)).toBe(true);

  // The poster reads why, and their open tab can write — until the ban.
  const posterTab = await openAs(browser, app.state.shellUrl, backend, poster, '#dashboard');
  await expect(posterTab.getByTestId('hidden-notice')).toContainText(reason, { timeout: 30_000 });
  await expect(posterTab.getByTestId('hidden-notice')).toContainText('The Need40 team hid this gig');
  expect(await writeWithTabToken(posterTab, backend.url, backend.anonKey, poster.id)).toBe(201);

  await op.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Members' }).click();
  await consoleSlot.getByPlaceholder('Name, email or id').fill(poster.email);
  const member = consoleSlot.getByRole('row').filter({ hasText: poster.email });
  // The search applies after react-admin's debounce, and the unfiltered list already shows the
  // poster's row: wait for the filtered list (a header and one row), or the filter landing later
  // takes the page back to the list from the member it opened.
  await expect(consoleSlot.getByRole('row')).toHaveCount(2, { timeout: 20_000 });
  await expect(member).toHaveCount(1);
  await member.getByRole('link', { name: 'Open' }).click();
  await consoleSlot.getByRole('button', { name: 'Ban' }).click();
  const ban = op.getByRole('dialog', { name: 'Ban' });
  await expect(ban).toBeVisible({ timeout: 20_000 });
  await ban.getByLabel(/Reason/).fill('Scam gigs.');
  await ban.getByRole('button', { name: 'Ban' }).click();
  await expect(ban).toBeHidden({ timeout: 20_000 });
  await expect(consoleSlot.getByRole('button', { name: 'Unban' })).toBeVisible({ timeout: 20_000 });
  expect([401, 403]).toContain(await writeWithTabToken(posterTab, backend.url, backend.anonKey, poster.id));

  // The reporter, as the poster of the fence gig, reads the application as withdrawn and why.
  await page.evaluate(() => (location.hash = '#dashboard'));
  const myGigs = dashboard(page).getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${fence}` }).click({ timeout: 30_000 });
  const withdrawn = myGigs.getByRole('listitem', { name: 'Application from Pablo Poster' });
  await expect(withdrawn).toContainText('Withdrawn', { timeout: 20_000 });
  await expect(withdrawn).toContainText("This applicant's account has been suspended by the Need40 team, so their application was withdrawn.");
  await op.context().close();
  await posterTab.context().close();
});
