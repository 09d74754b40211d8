import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getProfile } from '../features/profile/api/getProfile';
import { updateProfile } from '../features/profile/api/updateProfile';
import { aProfile } from '../test/profiles';
import { openEditor, retype } from '../test/editor';

vi.mock('../features/profile/api/getProfile', () => ({ getProfile: vi.fn(), LOAD_FAILED: 'Failed to load profile' }));
vi.mock('../features/profile/api/updateProfile', () => ({ updateProfile: vi.fn(), SAVE_FAILED: 'Failed to save profile' }));
vi.mock('../features/notifications/api/emailPreference', async (original) => ({ ...(await original<object>()), getEmailPreferences: () => new Promise(() => {}), saveEmailPreferences: () => new Promise(() => {}) }));
const get = vi.mocked(getProfile);
const update = vi.mocked(updateProfile);
const LINK = 'Enter a web address starting with https:// or http://';

describe('Profile: link, email and phone fields', () => {
  beforeEach(() => {
    get.mockReset();
    update.mockReset();
  });

  it('refuses a script link, a malformed email and phone with field messages, without saving', async () => {
    const user = await openEditor();
    await retype(user, 'LinkedIn', 'javascript:alert(1)');
    await retype(user, 'GitHub', 'ftp://github.com/ada');
    await retype(user, 'Email', 'ada@');
    await retype(user, 'Phone', 'call me');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(update).not.toHaveBeenCalled();
    expect(screen.getByLabelText('LinkedIn')).toHaveAccessibleDescription(LINK);
    expect(screen.getByLabelText('LinkedIn')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('GitHub')).toHaveAccessibleDescription(LINK);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter an email address like name@example.com');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Enter a phone number of 7 to 15 digits; spaces and + - ( ) . are fine');
  }, 30_000);

  it('saves web addresses (a bare host gets https://) and empty optional fields', async () => {
    const user = await openEditor();
    update.mockImplementation(async (_id, _before, p) => p);
    await retype(user, 'LinkedIn', 'linkedin.com/in/ada');
    await retype(user, 'GitHub', '');
    await retype(user, 'Phone', '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(update).toHaveBeenCalledWith('user-1', expect.anything(), expect.objectContaining({ contactInfo: { email: 'ada@example.com', phone: '', linkedin: 'https://linkedin.com/in/ada', github: '' } }));
  }, 30_000);

  it('adds a portfolio link only if it is a web address', async () => {
    const user = await openEditor(aProfile({ portfolio: [] }));
    const group = screen.getByRole('group', { name: 'Portfolio' });
    const box = within(group).getByLabelText('Add a portfolio link');
    await user.type(box, 'javascript:alert(1){Enter}');
    expect(box).toHaveAccessibleDescription(LINK);
    expect(within(group).queryByRole('listitem')).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'example.com/work{Enter}');
    expect(within(group).getByRole('listitem')).toHaveTextContent('https://example.com/work');
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('asks to remove a portfolio link saved before these rules, and saves once it is gone', async () => {
    const user = await openEditor(aProfile({ portfolio: ['javascript:alert(1)', 'https://example.com/notes'] }));
    update.mockImplementation(async (_id, _before, p) => p);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Remove what is not a web address: javascript:alert(1)')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove javascript:alert(1)' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(update).toHaveBeenCalledWith('user-1', expect.anything(), expect.objectContaining({ portfolio: ['https://example.com/notes'] }));
  }, 30_000);
});
