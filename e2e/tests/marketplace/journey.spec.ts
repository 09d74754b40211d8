/**
 * The marketplace loop on the composed page against the real backend (issue 13): a poster posts;
 * a worker who signed up through the mailbox finds the gig in the grid, opens its page, applies;
 * the poster gets the email and sees the applicant on the dashboard, accepts; the worker sees
 * "Accepted" and gets the email; a third applicant is declined automatically. Back from the gig
 * page returns to the grid as it was. The poster's first accept is undone (nobody hears of it); a
 * decline carries a note the worker reads on the gig page.
 */
import { signIn } from '../../helpers/users';
import { applicationsOf, applyAs, createMember, dashboard, expect, gigPage, postGig, test, uniqueTitle, waitForMail } from './support';

test('apply, get chosen, and everyone hears about it', async ({ app, page, backend, browser }) => {
  test.setTimeout(180_000);
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const third = await createMember(backend, 'Theo Third');
  const title = uniqueTitle('Journey landing page');
  const gigId = await postGig(backend, poster, title);

  // The worker finds the gig in the grid and opens its page from the card's title.
  await signIn(page, backend, worker);
  await app.goto('#gigs');
  const grid = page.getByRole('region', { name: 'Latest Gigs' });
  await grid.getByLabel('Search titles').fill(title);
  const card = grid.getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Posted by Paula Poster');
  await expect(card.getByRole('link', { name: 'Paula Poster' })).toHaveAttribute('href', `#profile/${poster.id}`);
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`#gig/${gigId}$`));
  const gig = gigPage(page);
  await expect(gig.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  await expect(gig).toContainText('The worker keeps (95%)$42.75/hr');
  await expect(gig).toContainText('Need40 fee (5%)$2.25/hr');

  // Back returns to the grid as it was: the search is still there, and so is the card.
  await page.goBack();
  await expect(grid.getByLabel('Search titles')).toHaveValue(title);
  await expect(card).toBeInViewport();
  await card.getByRole('link', { name: title }).click();

  // Apply.
  await gig.getByRole('button', { name: 'Apply Now' }).click();
  const form = gig.getByRole('form', { name: 'Apply for this gig' });
  await form.getByLabel('Message to the poster').fill('I have built many landing pages and can start next week.');
  await form.getByLabel('Proposed rate ($ per hour)').fill('50');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(gig.getByText('Application sent.', { exact: false })).toBeVisible({ timeout: 20_000 });
  await expect(gig.getByText('Applied', { exact: true })).toBeVisible();
  await expect(gig.getByTestId('applicant-count')).toHaveText('1');

  // The poster gets the email. (Read before the third applies: two applications that reach the
  // outbox in one delivery tick go out as one digest, "2 updates on Need40", by design.)
  const newApplication = await waitForMail(backend, poster.email, `New application for "${title}"`);

  // A third person applies too (through the same function the form calls).
  await applyAs(backend, third, gigId, 'I could do this as well.');

  // The poster sees the applicants on the dashboard, and accepts the worker.
  const posterContext = await browser.newContext({ baseURL: app.state.shellUrl });
  const posterPage = await posterContext.newPage();
  await signIn(posterPage, backend, poster);
  // The email's link opens that applicant on the dashboard: Accept and Decline at hand, Accept focused.
  const emailed = new URL(newApplication.link).hash;
  expect(emailed).toMatch(/^#dashboard\/application\/[0-9a-f-]{36}$/);
  await posterPage.goto(`/${emailed}`);
  const fromEmail = dashboard(posterPage).getByRole('region', { name: `An application for ${title}` }).getByRole('listitem', { name: 'Application from Walter Worker' });
  await expect(fromEmail.getByRole('button', { name: 'Accept Walter Worker' })).toBeFocused({ timeout: 20_000 });
  await expect(fromEmail.getByRole('button', { name: 'Decline Walter Worker' })).toBeVisible();
  await posterPage.goto('/#home');
  await posterPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const myGigs = dashboard(posterPage).getByRole('region', { name: 'My gigs' });
  await expect(myGigs.getByRole('link', { name: title })).toBeVisible({ timeout: 20_000 });
  await expect(myGigs).toContainText('2 applicants');
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click();
  const walter = myGigs.getByRole('listitem', { name: 'Application from Walter Worker' });
  await expect(walter).toContainText('I have built many landing pages');
  await expect(walter).toContainText('proposes $50/hr');
  await expect(walter.getByRole('link', { name: 'Walter Worker' })).toHaveAttribute('href', `#profile/${worker.id}`);
  await walter.getByRole('button', { name: 'Accept Walter Worker' }).click();
  await expect(walter.getByRole('group', { name: 'Accept Walter Worker' })).toContainText('Every other pending applicant will be declined, and the gig will be filled.');
  await walter.getByRole('button', { name: 'Yes, accept Walter Worker' }).click();
  // A second look: Undo takes the accept back before anyone is told (Theo comes back too).
  const undo = myGigs.getByRole('status').filter({ hasText: 'You accepted Walter Worker. They will be told in a few seconds.' });
  await undo.getByRole('button', { name: 'Undo' }).click({ timeout: 20_000 });
  await expect(walter.getByRole('button', { name: 'Accept Walter Worker' })).toBeVisible({ timeout: 20_000 });
  await expect(myGigs.getByRole('listitem', { name: 'Application from Theo Third' })).toContainText('Applied');
  await walter.getByRole('button', { name: 'Accept Walter Worker' }).click();
  await walter.getByRole('button', { name: 'Yes, accept Walter Worker' }).click();
  await expect(walter).toContainText('Accepted', { timeout: 20_000 });
  await expect(myGigs.getByRole('listitem', { name: 'Application from Theo Third' })).toContainText('Declined');
  await expect(myGigs).toContainText('Filled');
  await posterContext.close();

  // The worker sees "Accepted" on the dashboard and gets the email; the third was declined with a notice.
  await app.goto('#dashboard');
  const mine = dashboard(page).getByRole('region', { name: 'My applications' });
  await expect(mine.getByRole('listitem', { name: `Application for ${title}` })).toContainText('Accepted', { timeout: 20_000 });
  await waitForMail(backend, worker.email, `Your application for "${title}" was accepted`);
  expect(await applicationsOf(backend, third)).toEqual([
    { status: 'declined', decline_notice: 'Thank you for applying. The poster has chosen another applicant, so this gig is now filled.' },
  ]);
  await waitForMail(backend, third.email, `Update on your application for "${title}"`);
});

test('a signed-out visitor: a fresh load of the gig page, Apply goes through login and back to the form; the half-written application survives a reload and a sign-out in another tab', async ({ app, page, backend }) => {
  const poster = await createMember(backend, 'Paula Poster');
  const visitor = await createMember(backend, 'Vera Visitor');
  const title = uniqueTitle('Visitor gig');
  const gigId = await postGig(backend, poster, title);

  await app.goto(`#gig/${gigId}`);
  const gig = gigPage(page);
  await expect(gig.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(gig.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  await expect(gig.getByRole('link', { name: 'Paula Poster' })).toHaveAttribute('href', `#profile/${poster.id}`);

  await gig.getByRole('button', { name: 'Apply Now' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(login.getByText('Log in to apply for this gig.')).toBeVisible();
  await login.getByLabel('Email').fill(visitor.email);
  await login.getByLabel('Password').fill(visitor.password);
  await login.getByRole('button', { name: 'Log In' }).click();
  const form = gig.getByRole('form', { name: 'Apply for this gig' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`#gig/${gigId}$`));

  // Half written, then the page is reloaded: the form comes back with the text.
  const message = form.getByLabel('Message to the poster');
  await message.fill('Half of what I wanted to say');
  await page.reload();
  await expect(message).toHaveValue('Half of what I wanted to say', { timeout: 20_000 });

  // Signed out in another tab: the text stays, and "Log in" is offered right there.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(form.getByRole('alert')).toContainText('You were signed out. Your application is kept here', { timeout: 20_000 });
  await expect(message).toHaveValue('Half of what I wanted to say');
  await other.close();
  await form.getByRole('button', { name: 'Log in' }).click();
  await login.getByLabel('Email').fill(visitor.email);
  await login.getByLabel('Password').fill(visitor.password);
  await login.getByRole('button', { name: 'Log In' }).click();
  await message.fill('Half of what I wanted to say, and the rest.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(gig.getByText('Application sent.', { exact: false })).toBeVisible({ timeout: 20_000 });
});

test('the poster gets no Apply on their own gig and declines with a note the worker reads; an unknown gig says so with a way back', async ({ app, page, backend, browser }) => {
  const poster = await createMember(backend, 'Paula Poster');
  const worker = await createMember(backend, 'Walter Worker');
  const title = uniqueTitle('Own gig');
  const gigId = await postGig(backend, poster, title);
  await applyAs(backend, worker, gigId, 'Pick me, please.');
  await signIn(page, backend, poster);
  await app.goto(`#gig/${gigId}`);
  const gig = gigPage(page);
  await expect(gig.getByRole('button', { name: 'This is your gig' })).toBeDisabled({ timeout: 20_000 });
  await expect(gig.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);

  // Decline with a note, from the dashboard.
  await app.goto('#dashboard');
  const myGigs = dashboard(page).getByRole('region', { name: 'My gigs' });
  await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click({ timeout: 20_000 });
  const walter = myGigs.getByRole('listitem', { name: 'Application from Walter Worker' });
  await walter.getByRole('button', { name: 'Decline Walter Worker' }).click();
  const declining = walter.getByRole('form', { name: 'Decline Walter Worker' });
  await declining.getByLabel('A note to Walter Worker (optional)').fill('Thank you, Walter: we went with someone local.');
  await declining.getByRole('button', { name: 'Decline Walter Worker' }).click();
  await expect(walter).toContainText('Your note: Thank you, Walter: we went with someone local.', { timeout: 20_000 });
  // The worker reads it on the gig's page.
  const workerContext = await browser.newContext({ baseURL: app.state.shellUrl });
  const workerPage = await workerContext.newPage();
  await signIn(workerPage, backend, worker);
  await workerPage.goto(`/#gig/${gigId}`);
  await expect(gigPage(workerPage).getByText('A note from the poster: Thank you, Walter: we went with someone local.')).toBeVisible({ timeout: 20_000 });
  await workerContext.close();

  await app.goto('#gig/00000000-0000-4000-8000-000000000000');
  await expect(gig.getByRole('alert')).toHaveText('This gig does not exist or was removed.', { timeout: 20_000 });
  await gig.getByRole('link', { name: '← Back to gigs' }).click();
  await expect(page.getByRole('region', { name: 'Latest Gigs' })).toBeVisible();
});
