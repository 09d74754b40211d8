import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAuthModal, uiStore } from '@need40/shared';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../features/auth/api/signIn';
import { signUp } from '../features/auth/api/signUp';
import AuthModal from './AuthModal';
import { submitLogin } from '../test/loginForm';

vi.mock('../features/auth/api/signIn', () => ({ signIn: vi.fn() }));
vi.mock('../features/auth/api/signUp', () => ({ signUp: vi.fn() }));
const signInMock = vi.mocked(signIn);
const signUpMock = vi.mocked(signUp);
const NETWORK = "Can't reach Need40 right now — check your connection and try again.";

/** What supabase-js's auth client returns when fetch itself fails (it is then thrown by signIn). */
const unreachable = () => Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 });

beforeEach(() => {
  signInMock.mockReset();
  signUpMock.mockReset();
  uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 });
});

/** The modal opened in `mode` by the store, as the shell opens it; the user and the dialog. */
function openIn(mode: 'login' | 'signup') {
  const user = userEvent.setup();
  render(<AuthModal />);
  act(() => openAuthModal(mode));
  return { user, dialog: within(screen.getByRole('dialog', { name: mode === 'login' ? 'Welcome Back' : 'Create Account' })) };
}

describe('the auth modal when Need40 cannot be reached', () => {
  it.each([
    ['the auth client', unreachable],
    ['a bare fetch', () => new TypeError('Failed to fetch')],
  ])('login: %s failure shows the plain network sentence, not "Failed to fetch"', async (_what, failure) => {
    signInMock.mockRejectedValue(failure());
    const { user, dialog } = openIn('login');
    await submitLogin(user, dialog);
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(NETWORK);
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it('sign-up: the same sentence', async () => {
    signUpMock.mockRejectedValue(unreachable());
    const { user, dialog } = openIn('signup');
    await user.type(dialog.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(dialog.getByLabelText('Email'), 'ada@example.com');
    await user.type(dialog.getByLabelText('Password'), 'secret123');
    await user.type(dialog.getByLabelText('Confirm Password'), 'secret123');
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(NETWORK);
  }, 30_000);
});
