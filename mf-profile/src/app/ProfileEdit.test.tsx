import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfile } from '../features/profile/api/getProfile';
import { updateProfile } from '../features/profile/api/updateProfile';
import { anEmptyProfile } from '../test/profiles';
import { openEditor, retype } from '../test/editor';

vi.mock('../features/profile/api/getProfile', () => ({ getProfile: vi.fn(), LOAD_FAILED: 'Failed to load profile' }));
vi.mock('../features/profile/api/updateProfile', () => ({ updateProfile: vi.fn(), SAVE_FAILED: 'Failed to save profile' }));
// The email setting under My Profile has its own tests (ProfileSettings.test.tsx): here it only waits.
vi.mock('../features/notifications/api/emailPreference', async (original) => ({ ...(await original<object>()), getEmailPreferences: () => new Promise(() => {}), saveEmailPreferences: () => new Promise(() => {}) }));
const get = vi.mocked(getProfile);
const update = vi.mocked(updateProfile);

describe('Profile: edit mode', () => {
  beforeEach(() => {
    get.mockReset();
    update.mockReset();
  });

  it('Edit Profile switches to edit mode with every field filled in', async () => {
    await openEditor();
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Title')).toHaveValue('Analyst');
    expect(screen.getByLabelText('Hourly rate')).toHaveValue(45);
    expect(screen.getByLabelText('Hours per week')).toHaveValue(20);
    expect(screen.getByLabelText('About Me')).toHaveValue('I write programs for engines.');
    expect(screen.getByLabelText('Timezone')).toHaveValue('Europe/London');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 0000');
    expect(screen.getByLabelText('LinkedIn')).toHaveValue('https://linkedin.com/in/ada');
    expect(screen.getByLabelText('GitHub')).toHaveValue('https://github.com/ada');
    expect(screen.getByRole('button', { name: 'Remove Mathematics' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Weekday mornings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove https://example.com/notes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Translator at Babbage & Co' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('adds a skill only if it is non-empty after trimming, and removes skills', async () => {
    const user = await openEditor();
    const skills = screen.getByRole('group', { name: 'Skills' });
    const box = within(skills).getByLabelText('Add a skill');

    await user.type(box, '   ');
    await user.click(within(skills).getByRole('button', { name: 'Add Skill' }));
    expect(within(skills).getAllByRole('listitem')).toHaveLength(2);

    await user.type(box, '  Chess  ');
    await user.click(within(skills).getByRole('button', { name: 'Add Skill' }));
    expect(within(skills).getByText('Chess')).toBeInTheDocument();
    expect(box).toHaveValue('');

    await user.type(box, 'Weaving{Enter}');
    expect(within(skills).getByText('Weaving')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();

    await user.click(within(skills).getByRole('button', { name: 'Remove Poetry' }));
    expect(within(skills).queryByText('Poetry')).not.toBeInTheDocument();
    expect(within(skills).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Mathematics', 'Chess', 'Weaving']);
  });

  it('adds an experience entry only if both title and company are filled', async () => {
    const user = await openEditor(anEmptyProfile());
    const group = screen.getByRole('group', { name: 'Experience' });
    const add = within(group).getByRole('button', { name: 'Add Experience' });

    await user.type(within(group).getByLabelText('Job title'), 'Engineer');
    await user.click(add);
    expect(within(group).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(group).getByText('Enter a job title and a company to add an experience entry.')).toBeInTheDocument();

    await user.clear(within(group).getByLabelText('Job title'));
    await user.type(within(group).getByLabelText('Company'), 'Acme');
    await user.click(add);
    expect(within(group).queryByRole('listitem')).not.toBeInTheDocument();

    await user.type(within(group).getByLabelText('Job title'), 'Engineer');
    await user.type(within(group).getByLabelText('Start date'), 'Jan 2020');
    await user.type(within(group).getByLabelText('End date'), 'Present');
    await user.type(within(group).getByLabelText('Description'), 'Built engines');
    await user.click(add);
    const item = within(group).getByRole('listitem');
    expect(item).toHaveTextContent('Engineer at Acme');
    expect(item).toHaveTextContent('Jan 2020 – Present');
    expect(item).toHaveTextContent('Built engines');
    expect(within(group).getByLabelText('Job title')).toHaveValue('');
    expect(within(group).queryByText('Enter a job title and a company to add an experience entry.')).not.toBeInTheDocument();
  });

  it('Save Changes hands over the profile as loaded and as edited, and returns to view mode showing it', async () => {
    const user = await openEditor(anEmptyProfile());
    update.mockImplementation(async (_id, _before, p) => p);

    await retype(user, 'Full name', 'Grace Hopper');
    await retype(user, 'Title', 'Rear admiral');
    await retype(user, 'Hourly rate', '120');
    await retype(user, 'Hours per week', '30');
    await retype(user, 'About Me', 'Compilers.');
    await retype(user, 'Timezone', 'America/New_York');
    await user.type(screen.getByLabelText('Add preferred hours'), 'Evenings{Enter}');
    await user.type(screen.getByLabelText('Add a skill'), 'COBOL{Enter}');
    await user.type(screen.getByLabelText('Add a portfolio link'), 'https://grace.example{Enter}');
    await user.type(screen.getByLabelText('Job title'), 'Programmer');
    await user.type(screen.getByLabelText('Company'), 'Harvard');
    await user.click(screen.getByRole('button', { name: 'Add Experience' }));
    await retype(user, 'Email', 'grace@example.com');
    await retype(user, 'Phone', '555-0100');
    await retype(user, 'LinkedIn', 'https://linkedin.com/in/grace');
    await retype(user, 'GitHub', 'https://github.com/grace');
    await user.click(screen.getByRole('checkbox', { name: 'Available for work' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(update).toHaveBeenCalledWith('user-1', anEmptyProfile(), {
      ...anEmptyProfile(),
      fullName: 'Grace Hopper',
      title: 'Rear admiral',
      bio: 'Compilers.',
      skills: ['COBOL'],
      hourlyRate: 120,
      availability: { hoursPerWeek: 30, preferredHours: ['Evenings'], timezone: 'America/New_York' },
      availableForWork: true,
      experience: [{ title: 'Programmer', company: 'Harvard', startDate: '', endDate: '', description: '' }],
      portfolio: ['https://grace.example'],
      contactInfo: { email: 'grace@example.com', phone: '555-0100', linkedin: 'https://linkedin.com/in/grace', github: 'https://github.com/grace' },
    });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByText('$120/hr')).toBeInTheDocument();
    expect(screen.getByText('COBOL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    // Typing into every field takes several seconds on a busy machine: a generous limit, not a timing claim.
  }, 30_000);

  it('shows "Saving..." while saving', async () => {
    const user = await openEditor();
    update.mockReturnValue(new Promise(() => {}));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true');
  });

  it.each([
    ['its fallback, never a raw server text', 'new row violates row-level security policy', 'Failed to save profile'],
    ['"Failed to save profile" without a message', '', 'Failed to save profile'],
  ])('on a save failure it stays in edit mode with %s and keeps what was typed', async (_what, message, shown) => {
    const user = await openEditor();
    update.mockImplementation(async () => {
      throw new Error(message);
    });
    await retype(user, 'Full name', 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ada King');
    expect(screen.getByRole('button', { name: 'Save Changes' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('refuses a negative hourly rate or impossible hours with a message, without saving', async () => {
    const user = await openEditor();
    await retype(user, 'Hourly rate', '-5');
    await retype(user, 'Hours per week', '200');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Hourly rate must be a number from 0 to 1,000,000')).toBeInTheDocument();
    expect(screen.getByText('Hours per week must be a whole number from 0 to 168')).toBeInTheDocument();
    expect(screen.getByLabelText('Hourly rate')).toHaveAttribute('aria-invalid', 'true');
    expect(update).not.toHaveBeenCalled();
  });

  it('Cancel returns to view mode and drops the changes', async () => {
    const user = await openEditor();
    await retype(user, 'Full name', 'Somebody Else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });
});
