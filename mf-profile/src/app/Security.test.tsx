/**
 * My Profile → Sign-in and security: opened on demand (a lazy chunk), then password (with the mailed
 * code an older session needs), email, authenticator app, passkeys and sessions. The auth calls are
 * mocked here; the backend suite and the e2e journey run them for real.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { applyAuthEvent } from '@need40/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeEmail, changePassword, sendReauthCode } from '../features/security/api/credentials';
import { confirmAuthenticator, listAuthenticators, removeAuthenticator, startAuthenticator } from '../features/security/api/factors';
import { listPasskeys } from '../features/security/api/passkeys';
import { endOtherSessions, listSessions } from '../features/security/api/sessions';
import { SecuritySettings } from '../features/security/components/SecuritySettings';

vi.mock('../features/security/api/credentials', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/security/api/credentials')>()),
  changePassword: vi.fn(), sendReauthCode: vi.fn(), changeEmail: vi.fn(),
}));
vi.mock('../features/security/api/factors', () => ({ listAuthenticators: vi.fn(), startAuthenticator: vi.fn(), confirmAuthenticator: vi.fn(), removeAuthenticator: vi.fn() }));
vi.mock('../features/security/api/passkeys', () => ({ listPasskeys: vi.fn(), addPasskey: vi.fn(), removePasskey: vi.fn() }));
vi.mock('../features/security/api/sessions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/security/api/sessions')>()),
  listSessions: vi.fn(), endOtherSessions: vi.fn(),
}));

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const session = (id: string, current: boolean) => ({ id, createdAt: '2026-11-20T10:00:00Z', lastActiveAt: '2026-11-26T10:00:00Z', userAgent: CHROME, ip: '203.0.113.7', current });
const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  for (const m of [changePassword, sendReauthCode, changeEmail, confirmAuthenticator, removeAuthenticator, endOtherSessions]) vi.mocked(m).mockReset().mockResolvedValue(undefined);
  vi.mocked(listAuthenticators).mockReset().mockResolvedValue([]);
  vi.mocked(startAuthenticator).mockReset().mockResolvedValue({ id: 'f1', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'JBSWY3DPEHPK3PXP' });
  vi.mocked(listPasskeys).mockReset().mockResolvedValue(null);
  vi.mocked(listSessions).mockReset().mockResolvedValue([session('s1', true), session('s2', false)]);
  act(() => applyAuthEvent('SIGNED_IN', { access_token: 'x.e30.y', user: { id: 'u1', email: 'ada@example.com' } } as unknown as Session));
});

async function open() {
  const user = userEvent.setup();
  render(<SecuritySettings />);
  const toggle = screen.getByRole('button', { name: 'Manage password, email, two-step login and sessions' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(listSessions).not.toHaveBeenCalled(); // nothing loads before it is opened
  await user.click(toggle);
  // The first open imports the lazy chunk: slow on a loaded machine.
  await screen.findByRole('heading', { name: 'Password', level: 4 }, { timeout: 15_000 });
  return user;
}

describe('the security settings', () => {
  it('change the password, asking for the mailed code only when the server needs it', async () => {
    vi.mocked(changePassword).mockRejectedValueOnce(Object.assign(new Error('Password update requires reauthentication'), { name: 'AuthApiError', code: 'reauthentication_needed' }));
    const user = await open();
    const part = within(region('Password'));
    await user.type(part.getByLabelText('New password'), 'brand-new');
    await user.click(part.getByRole('button', { name: 'Change password' }));
    expect(part.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.type(part.getByLabelText('Confirm new password'), 'brand-new');
    await user.click(part.getByRole('button', { name: 'Change password' }));
    expect(sendReauthCode).toHaveBeenCalledTimes(1);
    expect(part.getByRole('status')).toHaveTextContent('we emailed you a 6-digit code');
    await user.type(part.getByLabelText('Code from the email'), '123456');
    await user.click(part.getByRole('button', { name: 'Change password' }));
    expect(changePassword).toHaveBeenLastCalledWith('brand-new', '123456');
    expect(part.getByRole('status')).toHaveTextContent('Your password is changed. Every other session was logged out.');
    expect(part.getByLabelText('New password')).toHaveValue('');
  });

  it('change the email: the link goes to the new address', async () => {
    const user = await open();
    const part = within(region('Email address'));
    expect(part.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(part.getByLabelText('New email'), 'ada@new.example');
    await user.click(part.getByRole('button', { name: 'Change email' }));
    expect(changeEmail).toHaveBeenCalledWith('ada@new.example');
    expect(part.getByRole('status')).toHaveTextContent('We sent a confirmation link to ada@new.example.');
  });

  it('set up an authenticator app: QR code and key, then a verified code', async () => {
    const user = await open();
    const part = within(region('Authenticator app'));
    await user.click(await part.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(part.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(part.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    vi.mocked(listAuthenticators).mockResolvedValue([{ id: 'f1', name: 'Authenticator app', verified: true, createdAt: '2026-11-26T10:00:00Z' }]);
    await user.type(part.getByLabelText('Code from the app'), '654321');
    await user.click(part.getByRole('button', { name: 'Verify code' }));
    expect(confirmAuthenticator).toHaveBeenCalledWith('f1', '654321');
    expect(part.getByRole('status')).toHaveTextContent('Your authenticator app is set up.');
    await user.click(await part.findByRole('button', { name: 'Remove Authenticator app' }));
    expect(removeAuthenticator).toHaveBeenCalledWith('f1');
  });

  it('passkeys say so when the site does not offer them', async () => {
    await open();
    expect(await within(region('Passkeys')).findByText('This site does not offer passkeys yet.')).toBeInTheDocument();
  });

  it('list the sessions, mark this device, and log out everywhere else', async () => {
    const user = await open();
    const part = within(region('Where you are logged in'));
    expect(await part.findAllByText('Chrome on Linux')).toHaveLength(2);
    expect(part.getByText('This device')).toBeInTheDocument();
    vi.mocked(listSessions).mockResolvedValue([session('s1', true)]);
    await user.click(part.getByRole('button', { name: 'Log out everywhere else' }));
    expect(endOtherSessions).toHaveBeenCalledTimes(1);
    expect(await part.findByText('You are now logged out everywhere except on this device.')).toBeInTheDocument();
    expect(part.getAllByText('Chrome on Linux')).toHaveLength(1);
    expect(part.queryByRole('button', { name: 'Log out everywhere else' })).not.toBeInTheDocument();
  });

  it('a list that fails to load says so with Try again', async () => {
    vi.mocked(listSessions).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = await open();
    const part = within(region('Where you are logged in'));
    expect(await part.findByRole('alert')).toHaveTextContent('Could not load your sessions.');
    await user.click(part.getByRole('button', { name: 'Try again' }));
    expect(await part.findByText('This device')).toBeInTheDocument();
  });
});
