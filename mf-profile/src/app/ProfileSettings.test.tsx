import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { worded } from '@need40/ui';
import { getEmailPreferences, saveEmailPreferences, type EmailPreferences } from '../features/notifications/api/emailPreference';
import { getProfile } from '../features/profile/api/getProfile';
import { aProfile } from '../test/profiles';
import Profile from './Profile';

vi.mock('../features/profile/api/getProfile', () => ({ getProfile: vi.fn(), LOAD_FAILED: 'Failed to load profile' }));
vi.mock('../features/notifications/api/emailPreference', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/notifications/api/emailPreference')>()),
  getEmailPreferences: vi.fn(),
  saveEmailPreferences: vi.fn(),
}));
const get = vi.mocked(getProfile);
const getPref = vi.mocked(getEmailPreferences);
const setPref = vi.mocked(saveEmailPreferences);
const ALL = 'Email me about my gigs and applications';
const prefs = (enabled: boolean, off: string[] = []): EmailPreferences => ({ enabled, off });
const NETWORK = "Can't reach Need40 right now — check your connection and try again.";

async function renderOwn() {
  render(<Profile userId="user-1" editable />);
  await screen.findByRole('heading', { name: 'Ada Lovelace' });
  return screen.getByRole('region', { name: 'Email notifications' });
}

describe('My Profile: link to the public profile', () => {
  beforeEach(() => {
    get.mockReset().mockResolvedValue(aProfile());
    getPref.mockReset().mockResolvedValue(prefs(true));
  });

  it('links "View public profile" to #profile/<own id>', async () => {
    await renderOwn();
    expect(screen.getByRole('link', { name: 'View public profile' })).toHaveAttribute('href', '#profile/user-1');
  });

  it('has neither the link nor the email setting when not editable', async () => {
    render(<Profile userId="user-1" editable={false} />);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('link', { name: 'View public profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Email notifications' })).not.toBeInTheDocument();
    expect(getPref).not.toHaveBeenCalled();
  });
});

describe('My Profile: email notifications', () => {
  beforeEach(() => {
    get.mockReset().mockResolvedValue(aProfile());
    getPref.mockReset();
    setPref.mockReset();
  });

  it('shows a loading line, then the stored choice as a labelled checkbox', async () => {
    let resolve: (v: EmailPreferences) => void = () => {};
    getPref.mockReturnValue(new Promise((r) => (resolve = r)));
    const region = await renderOwn();
    expect(within(region).getByRole('status')).toHaveTextContent('Loading your email settings...');
    resolve(prefs(false));
    const box = await within(region).findByRole('checkbox', { name: ALL });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Turn any kind off below. Notices about your account always arrive.');
    // With all emails off, the kinds cannot be changed one by one.
    expect(within(region).getByRole('group', { name: 'Which emails' })).toBeDisabled();
    expect(getPref).toHaveBeenCalledWith('user-1');
  });

  it('saves on change and confirms; turning it back on saves again', async () => {
    getPref.mockResolvedValue(prefs(true));
    setPref.mockImplementation(async (_id, next) => next);
    const user = userEvent.setup();
    const region = await renderOwn();
    const box = await within(region).findByRole('checkbox', { name: ALL });
    await user.click(box);
    expect(setPref).toHaveBeenLastCalledWith('user-1', prefs(false));
    expect(await within(region).findByText('Saved: you will not get these emails.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(setPref).toHaveBeenLastCalledWith('user-1', prefs(true));
    expect(await within(region).findByText('Saved: you will get these emails.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('turns one kind of email off and on again on its own', async () => {
    getPref.mockResolvedValue(prefs(true, ['payment_receipt']));
    setPref.mockImplementation(async (_id, next) => next);
    const user = userEvent.setup();
    const region = await renderOwn();
    const kinds = within(await within(region).findByRole('group', { name: 'Which emails' }));
    expect(kinds.getByRole('checkbox', { name: 'Receipts for money I paid or received' })).not.toBeChecked();
    const reviews = kinds.getByRole('checkbox', { name: 'Someone reviewed me' });
    expect(reviews).toBeChecked();
    await user.click(reviews);
    expect(setPref).toHaveBeenLastCalledWith('user-1', prefs(true, ['payment_receipt', 'review_posted']));
    expect(await within(region).findByText('Saved.')).toBeInTheDocument();
    expect(reviews).not.toBeChecked();
    await user.click(kinds.getByRole('checkbox', { name: 'Receipts for money I paid or received' }));
    expect(setPref).toHaveBeenLastCalledWith('user-1', prefs(true, ['review_posted']));
  });

  it('shows "Saving..." while the change is being saved', async () => {
    getPref.mockResolvedValue(prefs(true));
    setPref.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    const region = await renderOwn();
    await user.click(await within(region).findByRole('checkbox', { name: ALL }));
    expect(within(region).getByRole('status')).toHaveTextContent('Saving...');
  });

  it('on a failed save puts the stored value back and says why', async () => {
    getPref.mockResolvedValue(prefs(true));
    setPref.mockRejectedValue(worded(NETWORK));
    const user = userEvent.setup();
    const region = await renderOwn();
    const box = await within(region).findByRole('checkbox', { name: ALL });
    await user.click(box);
    expect(await within(region).findByRole('alert')).toHaveTextContent(`${NETWORK} Your setting was not changed; try again.`);
    expect(box).toBeChecked();
    // The profile itself stays on screen: only the setting failed.
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('on a failed load offers Retry', async () => {
    getPref.mockRejectedValueOnce(new Error('Your email settings could not be loaded.')).mockResolvedValueOnce(prefs(true));
    const user = userEvent.setup();
    const region = await renderOwn();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Your email settings could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByRole('checkbox', { name: ALL })).toBeChecked();
  });
});
