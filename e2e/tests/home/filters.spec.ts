/**
 * The grid's filters (issue 5, journey 5): title contains, payment type, location, min and max
 * rate and skills each narrow Latest Gigs, and they live in the page URL, so a reload keeps them; a
 * filtered list of more than a page comes a page at a time.
 * The gigs carry a tag of this test in their titles: the run's shared backend has other gigs too.
 */
import { randomUUID } from 'node:crypto';
import { createConfirmedUser } from '../../helpers/users';
import { expect, latestGigs, seedGigs, test } from './support';

test('each filter narrows Latest Gigs, and the filters survive a reload', async ({ app, page, backend }) => {
  const tag = `Zq${randomUUID().slice(0, 8)}`;
  const title = (name: string) => `${name} ${tag}`;
  const user = await createConfirmedUser(backend);
  // Oldest first: the grid shows them newest first.
  await seedGigs(backend, user, [
    { title: title('Logo design'), payment_type: 'fixed', rate: 300, location: 'remote', skills: ['figma', 'branding'] },
    { title: title('Shop fitting'), payment_type: 'hourly', rate: 30, location: 'onsite', skills: ['carpentry'] },
    { title: title('Support rota'), payment_type: 'hourly', rate: 20, location: 'remote', skills: ['react'] },
    { title: title('React dashboard'), payment_type: 'hourly', rate: 90, location: 'remote', skills: ['react', 'typescript'] },
    { title: title('API review'), payment_type: 'hourly', rate: 70, location: 'remote', skills: ['node'] },
    { title: title('Landing page'), payment_type: 'hourly', rate: 45, location: 'remote', skills: ['react', 'css'] },
  ]);

  await app.goto('#home');
  const grid = latestGigs(page);
  const filters = grid.filters;
  const expectTitles = (names: string[]) => expect(grid.titles).toHaveText(names.map(title));

  await filters.getByLabel('Search titles').fill(tag.toLowerCase());
  await expectTitles(['Landing page', 'API review', 'React dashboard', 'Support rota', 'Shop fitting', 'Logo design']);
  await filters.getByLabel('Payment type').selectOption({ label: 'Hourly' });
  await expectTitles(['Landing page', 'API review', 'React dashboard', 'Support rota', 'Shop fitting']);
  await filters.getByLabel('Location').selectOption({ label: 'Remote' });
  await expectTitles(['Landing page', 'API review', 'React dashboard', 'Support rota']);
  await filters.getByLabel('Min rate ($)').fill('40');
  await expectTitles(['Landing page', 'API review', 'React dashboard']);
  await filters.getByLabel('Max rate ($)').fill('80');
  await expectTitles(['Landing page', 'API review']);
  await filters.getByLabel('Skills').fill('react, css');
  await expectTitles(['Landing page']);
  await expect(grid.region.getByText('Showing 1 of 1 gig', { exact: true })).toBeVisible();

  await page.reload();
  await expect(app.navbar).toBeVisible();
  await expectTitles(['Landing page']);
  await expect(filters.getByLabel('Search titles')).toHaveValue(tag.toLowerCase());
  await expect(filters.getByLabel('Payment type')).toHaveValue('hourly');
  await expect(filters.getByLabel('Location')).toHaveValue('remote');
  await expect(filters.getByLabel('Min rate ($)')).toHaveValue('40');
  await expect(filters.getByLabel('Max rate ($)')).toHaveValue('80');
  await expect(filters.getByLabel('Skills')).toHaveValue('react, css');

  // A filter that matches nothing says so and offers the way back.
  await filters.getByLabel('Skills').fill('react, cobol');
  await expect(grid.region.getByText('No gigs match these filters.')).toBeVisible();
  await expect(grid.cards).toHaveCount(0);
  await filters.getByLabel('Skills').fill('');
  await expectTitles(['Landing page', 'API review']);
});

test('a filtered list comes a page at a time: 12 gigs, then Load more shows the rest', async ({ app, page, backend }) => {
  const tag = `Zq${randomUUID().slice(0, 8)}`;
  const names = Array.from({ length: 14 }, (_, i) => `Gig ${String(i + 1).padStart(2, '0')} ${tag}`);
  await seedGigs(
    backend,
    await createConfirmedUser(backend),
    names.map((title) => ({ title, payment_type: 'fixed', rate: 100, location: 'remote', skills: ['paging'] })),
  );
  await app.goto(`?q=${tag}#gigs`);
  const grid = latestGigs(page);
  const newestFirst = [...names].reverse();
  await expect(grid.titles).toHaveText(newestFirst.slice(0, 12));
  await expect(grid.region.getByText('Showing 12 of 14 gigs')).toBeVisible();
  await grid.region.getByRole('button', { name: 'Load more gigs' }).click();
  await expect(grid.titles).toHaveText(newestFirst);
  await expect(grid.region.getByText('Showing 14 of 14 gigs')).toBeVisible();
  await expect(grid.region.getByRole('button', { name: 'Load more gigs' })).toHaveCount(0);
});
