/**
 * Messages per application, live, on the composed page against the real backend: a
 * worker signed up through the mailbox applies and writes from the gig page; the poster's
 * dashboard (open in another browser) shows the new applicant and the unread message without a
 * reload; the poster opens the thread, sees "typing…" flow both ways, replies, and the reply
 * appears on the worker's page without a reload. A half-written message survives a reload (the
 * thread opens on it); a send whose answer does not come says it is slow and offers Retry and
 * Cancel, and its Retry is one message, not two. Axe finds no serious violation in the open thread
 * on a 375 px phone nor on a desktop.
 */
import { seriousViolations } from '../../helpers/axe';
import { signIn } from '../../helpers/users';
import { createMember, dashboard, expect, gigPage, postGig, test, uniqueTitle } from './support';

// Generous: realtime delivery on a loaded machine; no timing is asserted.
const LIVE = { timeout: 30_000 };

test('a message sent in one browser appears in the other without reload', async ({ app, page, backend, browser }) => {
  test.setTimeout(180_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const title = uniqueTitle('Chatty landing page');
  const gigId = await postGig(backend, poster, title);

  // The poster watches the dashboard (phone width) in a browser of their own.
  const posterContext = await browser.newContext({ baseURL: app.state.shellUrl, viewport: { width: 375, height: 812 } });
  const posterPage = await posterContext.newPage();
  await signIn(posterPage, backend, poster);
  await posterPage.goto('/#dashboard');
  const board = dashboard(posterPage);
  const myGigs = board.getByRole('region', { name: 'My gigs' });
  await expect(myGigs.getByText('0 applicants', { exact: false })).toBeVisible({ timeout: 30_000 });

  // The worker applies from the gig page and writes a first message.
  await signIn(page, backend, worker);
  await app.goto(`#gig/${gigId}`);
  const gig = gigPage(page);
  await gig.getByRole('button', { name: 'Apply Now' }).click({ timeout: 30_000 });
  await gig.getByLabel('Message to the poster').fill('I can build this next week.');
  await gig.getByRole('button', { name: 'Send application' }).click();
  await expect(gig.getByText('Application sent.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await gig.getByRole('button', { name: 'Messages with Paula Poster' }).click();
  await expect(gig.getByText('No messages yet. Write the first one to Paula Poster.')).toBeVisible();
  await gig.getByRole('textbox', { name: 'Your message' }).fill('Do you have a design already?');
  await gig.getByRole('textbox', { name: 'Your message' }).press('Enter');
  const workerThread = gig.getByRole('list', { name: 'Messages with Paula Poster' });
  await expect(workerThread.getByText('Do you have a design already?')).toBeVisible();

  // The poster's dashboard rises without a reload: the applicant, then the unread message.
  await expect(myGigs.getByText('1 applicant', { exact: false })).toBeVisible(LIVE);
  await expect(board.getByTestId('unread-total')).toHaveText('1 unread message', LIVE);

  // The poster opens the thread from the applicant's row and sees the message; it is read now.
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click();
  const applicant = myGigs.getByRole('listitem', { name: 'Application from Walter Worker' });
  await applicant.getByRole('button', { name: 'Messages (1 new) with Walter Worker' }).click();
  const posterThread = applicant.getByRole('list', { name: 'Messages with Walter Worker' });
  await expect(posterThread.getByText('Do you have a design already?')).toBeVisible();
  await expect(board.getByTestId('unread-total')).toHaveCount(0);

  // Both are online; the poster types and the worker sees it (and the other way round).
  await expect(gig.getByText('Paula Poster is online')).toBeVisible(LIVE);
  await expect(applicant.getByText('Walter Worker is online')).toBeVisible(LIVE);
  const reply = applicant.getByRole('textbox', { name: 'Your message' });
  await reply.pressSequentially('Yes, ');
  await expect(gig.getByText('Paula Poster is typing…')).toBeVisible(LIVE);
  await gig.getByRole('textbox', { name: 'Your message' }).pressSequentially('Great');
  await expect(applicant.getByText('Walter Worker is typing…')).toBeVisible(LIVE);

  // The reply appears on the worker's page without a reload.
  await reply.pressSequentially('I will share it today.');
  await reply.press('Enter');
  await expect(posterThread.getByText('Yes, I will share it today.')).toBeVisible();
  await expect(workerThread.getByText('Yes, I will share it today.')).toBeVisible(LIVE);

  // A half-written message survives a reload: the thread opens on it by itself.
  const box = gig.getByRole('textbox', { name: 'Your message' });
  await box.fill('Half of a second question');
  await page.reload();
  await expect(gig.getByRole('button', { name: 'Hide messages with Paula Poster' })).toHaveAttribute('aria-expanded', 'true', LIVE);
  await expect(box).toHaveValue('Half of a second question');

  // A slow send says so and offers Retry and Cancel. Its request reaches the backend; the answer is held back.
  let sends = 0;
  await page.route('**/rest/v1/rpc/send_message', async (route) => {
    sends += 1;
    if (sends > 1) return route.continue(); // the connection is back for the Retry
    await route.fetch(); // never fulfilled: the page waits, as on a connection that dropped the answer
  });
  await box.press('Enter');
  await expect(gig.getByRole('button', { name: 'Sending...' })).toBeVisible();
  const slow = gig.getByRole('status').filter({ hasText: 'This is taking longer than usual. Your connection may be slow.' });
  await expect(slow.getByRole('button', { name: 'Cancel' })).toBeVisible(LIVE);
  // Retry sends the same message again (the same id): it is one message on both pages.
  await slow.getByRole('button', { name: 'Retry' }).click();
  await expect(box).toHaveValue('', LIVE);
  await expect(posterThread.getByText('Half of a second question')).toBeVisible(LIVE);
  await expect(workerThread.getByText('Half of a second question')).toHaveCount(1);
  await expect(posterThread.getByText('Half of a second question')).toHaveCount(1);
  expect(sends).toBe(2);

  // Axe on the open thread: phone (the poster) and desktop (the worker).
  expect(await seriousViolations(posterPage, 'section#dashboard')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page, 'section#gig')).toEqual([]);
  await posterContext.close();
});
