import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { worded } from '@need40/ui';
import { getEmailEnabled, setEmailEnabled } from '../features/notifications/api/emailPreference';
import { getProfile } from '../features/profile/api/getProfile';
import { aProfile } from '../test/profiles';
import Profile from './Profile';

vi.mock('../features/profile/api/getProfile', () => ({ getProfile: vi.fn(), LOAD_FAILED: 'Failed to load profile' }));
vi.mock('../features/notifications/api/emailPreference', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/notifications/api/emailPreference')>()),
  getEmailEnabled: vi.fn(),
  setEmailEnabled: vi.fn(),
}));
const get = vi.mocked(getProfile);
const getPref = vi.mocked(getEmailEnabled);
const setPref = vi.mocked(setEmailEnabled);
const NETWORK = "Can't reach Need40 right now — check your connection and try again.";

async function renderOwn() {
  render(<Profile userId="user-1" editable />);
  await screen.findByRole('heading', { name: 'Ada Lovelace' });
  return screen.getByRole('region', { name: 'Email notifications' });
}

describe('My Profile: link to the public profile', () => {
  beforeEach(() => {
    get.mockReset().mockResolvedValue(aProfile());
    getPref.mockReset().mockResolvedValue(true);
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
    let resolve: (v: boolean) => void = () => {};
    getPref.mockReturnValue(new Promise((r) => (resolve = r)));
    const region = await renderOwn();
    expect(within(region).getByRole('status')).toHaveTextContent('Loading your email settings...');
    resolve(false);
    const box = await within(region).findByRole('checkbox', { name: 'Email me about applications' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription("A new application to one of your gigs, and the poster's decision on yours.");
    expect(getPref).toHaveBeenCalledWith('user-1');
  });

  it('saves on change and confirms; turning it back on saves again', async () => {
    getPref.mockResolvedValue(true);
    setPref.mockImplementation(async (_id, enabled) => enabled);
    const user = userEvent.setup();
    const region = await renderOwn();
    const box = await within(region).findByRole('checkbox', { name: 'Email me about applications' });
    await user.click(box);
    expect(setPref).toHaveBeenLastCalledWith('user-1', false);
    expect(await within(region).findByText('Saved: you will not get these emails.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(setPref).toHaveBeenLastCalledWith('user-1', true);
    expect(await within(region).findByText('Saved: you will get these emails.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('shows "Saving..." while the change is being saved', async () => {
    getPref.mockResolvedValue(true);
    setPref.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    const region = await renderOwn();
    await user.click(await within(region).findByRole('checkbox'));
    expect(within(region).getByRole('status')).toHaveTextContent('Saving...');
  });

  it('on a failed save puts the stored value back and says why', async () => {
    getPref.mockResolvedValue(true);
    setPref.mockRejectedValue(worded(NETWORK));
    const user = userEvent.setup();
    const region = await renderOwn();
    const box = await within(region).findByRole('checkbox');
    await user.click(box);
    expect(await within(region).findByRole('alert')).toHaveTextContent(`${NETWORK} Your setting was not changed; try again.`);
    expect(box).toBeChecked();
    // The profile itself stays on screen: only the setting failed.
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('on a failed load offers Retry', async () => {
    getPref.mockRejectedValueOnce(new Error('Your email settings could not be loaded.')).mockResolvedValueOnce(true);
    const user = userEvent.setup();
    const region = await renderOwn();
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Your email settings could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByRole('checkbox')).toBeChecked();
  });
});
