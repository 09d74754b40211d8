/**
 * Accessibility scans (axe) of the marketplace views on a 375 px phone and a desktop: the gig page,
 * its application form with an error shown, and the dashboard with a gig's applicants open (that gig
 * is on My gigs' second page: the poster has 21, a page shows 20, so "Show more gigs" is scanned and
 * used too). No serious or critical violation.
 */
import { signIn, type Backend, type TestUser } from '../../helpers/users';
import { applyAs, createMember, dashboard, expect, gigPage, postGig, postGigs, test, uniqueTitle } from './support';
import { seriousViolations, VIEWPORTS } from '../../helpers/axe';

interface Cast {
  poster: TestUser;
  other: TestUser;
  title: string;
  gigId: string;
}

/** The members and gigs both viewports read (nothing here writes): made once per worker. */
async function makeCast(backend: Backend): Promise<Cast> {
  const [poster, worker, other] = await Promise.all([createMember(backend, 'Paula Poster'), createMember(backend, 'Walter Worker'), createMember(backend, 'Olga Other')]);
  const title = uniqueTitle('Accessible gig');
  const gigId = await postGig(backend, poster, title);
  await applyAs(backend, worker, gigId, 'I would like to help.');
  // Twenty newer gigs in one insert: the accessible gig is the 21st, on My gigs' second page.
  await postGigs(backend, poster, Array.from({ length: 20 }, () => uniqueTitle('Newer gig')));
  return { poster, other, title, gigId };
}
let cast: Promise<Cast> | undefined;

// Both viewports in one worker, one after the other, so they share the cast.
test.describe.configure({ mode: 'default' });

for (const viewport of VIEWPORTS) {
  test(`the gig page, the application form and the dashboard have no serious violation (${viewport.name})`, async ({ app, page, backend }) => {
    test.setTimeout(120_000);
    cast ??= makeCast(backend);
    const { poster, other, title, gigId } = await cast;
    await page.setViewportSize(viewport);
    await signIn(page, backend, other);

    await app.goto(`#gig/${gigId}`);
    const gig = gigPage(page);
    await expect(gig.getByRole('button', { name: 'Apply Now' })).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page, 'section#gig')).toEqual([]);

    await gig.getByRole('button', { name: 'Apply Now' }).click();
    await gig.getByRole('button', { name: 'Send application' }).click();
    await expect(gig.getByText('Write a message to the poster')).toBeVisible();
    expect(await seriousViolations(page, 'section#gig')).toEqual([]);

    await page.context().clearCookies();
    const posterPage = await page.context().browser()!.newContext({ baseURL: app.state.shellUrl, viewport });
    const p2 = await posterPage.newPage();
    await signIn(p2, backend, poster);
    await p2.goto('/#dashboard');
    const myGigs = dashboard(p2).getByRole('region', { name: 'My gigs' });
    await expect(myGigs.getByText('Showing 20 of 21 gigs')).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(p2, 'section#dashboard')).toEqual([]);
    await myGigs.getByRole('button', { name: 'Show more gigs' }).press('Enter');
    const first = myGigs.getByRole('listitem').filter({ has: p2.getByRole('link', { name: title }) });
    await expect(first).toBeFocused();
    await expect(myGigs.getByRole('button', { name: 'Show more gigs' })).toHaveCount(0);
    await myGigs.getByRole('button', { name: `View applicants for ${title}` }).click();
    await expect(myGigs.getByRole('listitem', { name: 'Application from Walter Worker' })).toBeVisible();
    await expect(dashboard(p2).getByRole('region', { name: 'Saved gigs' }).getByText(/No saved gigs yet/)).toBeVisible();
    expect(await seriousViolations(p2, 'section#dashboard')).toEqual([]);
    await posterPage.close();
  });
}
