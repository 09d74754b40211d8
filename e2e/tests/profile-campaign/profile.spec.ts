/**
 * My Profile on the composed page against the real backend (issue 6): a signed-in user opens
 * My Profile, edits every field, adds and removes skills, adds an experience entry, saves, reloads
 * and sees it all persisted — in the page and in the database row.
 */
import { test, expect } from '../../fixtures';
import { createConfirmedUser, serviceSelect, signIn } from './support';

test('a signed-in user edits every field of My Profile, saves, reloads and sees it persisted', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  await app.goto('#home');
  await app.navbar.getByRole('link', { name: 'My Profile', exact: true }).click();
  const profile = app.slot('profile');
  await profile.getByRole('button', { name: 'Edit Profile' }).click();

  const fields: [string, string][] = [
    ['Full name', 'Ada Lovelace'],
    ['Title', 'Analyst'],
    ['Hourly rate', '45'],
    ['Hours per week', '20'],
    ['About Me', 'I write programs for engines.'],
    ['Timezone', 'Europe/London'],
    ['Email', 'ada@example.com'],
    ['Phone', '+44 20 0000'],
    ['LinkedIn', 'https://linkedin.com/in/ada'],
    ['GitHub', 'https://github.com/ada'],
  ];
  for (const [label, value] of fields) await profile.getByLabel(label, { exact: true }).fill(value);

  const skills = profile.getByRole('group', { name: 'Skills' });
  for (const skill of ['Mathematics', '   ', 'Temporary', 'Poetry']) {
    await skills.getByLabel('Add a skill').fill(skill);
    await skills.getByRole('button', { name: 'Add Skill' }).click();
  }
  await skills.getByRole('button', { name: 'Remove Temporary' }).click();
  await expect(skills.getByRole('listitem')).toHaveText(['Mathematics×', 'Poetry×']);

  await profile.getByLabel('Add preferred hours').fill('Weekday mornings');
  await profile.getByRole('button', { name: 'Add Hours' }).click();
  await profile.getByLabel('Add a portfolio link').fill('https://example.com/notes');
  await profile.getByRole('button', { name: 'Add Link' }).click();

  const experience = profile.getByRole('group', { name: 'Experience' });
  await experience.getByLabel('Job title').fill('Translator');
  await experience.getByRole('button', { name: 'Add Experience' }).click();
  await expect(experience.getByRole('listitem')).toHaveCount(0);
  await experience.getByLabel('Company').fill('Babbage & Co');
  await experience.getByLabel('Start date').fill('1842');
  await experience.getByLabel('End date').fill('1843');
  await experience.getByLabel('Description').fill('Notes on the engine');
  await experience.getByRole('button', { name: 'Add Experience' }).click();
  await expect(experience.getByRole('listitem')).toHaveCount(1);

  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  const expectPersisted = async () => {
    await expect(profile.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(profile.getByText('Analyst', { exact: true })).toBeVisible();
    await expect(profile.getByText('$45/hr')).toBeVisible();
    await expect(profile.getByText('I write programs for engines.')).toBeVisible();
    await expect(profile.getByText('Mathematics', { exact: true })).toBeVisible();
    await expect(profile.getByText('Poetry', { exact: true })).toBeVisible();
    await expect(profile.getByText('Temporary')).toHaveCount(0);
    await expect(profile.getByText('Translator at Babbage & Co')).toBeVisible();
    await expect(profile.getByText('1842 – 1843')).toBeVisible();
    await expect(profile.getByText('Weekday mornings')).toBeVisible();
    await expect(profile.getByText('Europe/London')).toBeVisible();
    await expect(profile.getByRole('link', { name: 'https://example.com/notes' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(profile.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    await expect(profile.getByText('+44 20 0000')).toBeVisible();
    await expect(profile.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', 'https://linkedin.com/in/ada');
    await expect(profile.getByRole('link', { name: 'GitHub profile' })).toHaveAttribute('href', 'https://github.com/ada');
  };
  await expectPersisted();

  await page.reload();
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible({ timeout: 20_000 });
  await expectPersisted();

  const [row] = await serviceSelect(backend, `profiles?id=eq.${user.id}&select=*`);
  expect(row).toMatchObject({
    full_name: 'Ada Lovelace',
    title: 'Analyst',
    bio: 'I write programs for engines.',
    skills: ['Mathematics', 'Poetry'],
    hourly_rate: 45,
    hours_per_week: 20,
    preferred_hours: ['Weekday mornings'],
    timezone: 'Europe/London',
    experience: [{ title: 'Translator', company: 'Babbage & Co', startDate: '1842', endDate: '1843', description: 'Notes on the engine' }],
    portfolio: ['https://example.com/notes'],
    contact_email: 'ada@example.com',
    contact_phone: '+44 20 0000',
    linkedin_url: 'https://linkedin.com/in/ada',
    github_url: 'https://github.com/ada',
  });
});

test('a load failure replaces the profile with the message, and Retry recovers', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  let fail = true;
  await page.route('**/rest/v1/profiles?**', (route) =>
    fail && route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'database is on fire', details: null, hint: null }) })
      : route.fallback(),
  );
  await app.goto('#profile');
  const profile = app.slot('profile');
  // The member reads the profile's own words, never the server's raw text.
  await expect(profile.getByRole('alert')).toContainText('Failed to load profile');
  await expect(profile.getByRole('alert')).not.toContainText('database is on fire');
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  fail = false;
  await profile.getByRole('button', { name: 'Retry' }).click();
  await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
});

test('a save failure keeps edit mode with the message and everything typed', async ({ app, page, backend }) => {
  const user = await createConfirmedUser(backend);
  await signIn(page, backend, user);
  await page.route('**/rest/v1/profiles?**', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'disk full', details: null, hint: null }) })
      : route.fallback(),
  );
  await app.goto('#profile');
  const profile = app.slot('profile');
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  await profile.getByLabel('Full name', { exact: true }).fill('Grace Hopper');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByRole('alert')).toContainText('Failed to save profile');
  await expect(profile.getByRole('alert')).not.toContainText('disk full');
  await expect(profile.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  await expect(profile.getByLabel('Full name', { exact: true })).toHaveValue('Grace Hopper');
});
