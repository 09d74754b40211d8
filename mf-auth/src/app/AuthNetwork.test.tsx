import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAuthModal, uiStore } from '@need40/shared';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../features/auth/api/signIn';
import { signUp } from '../features/auth/api/signUp';
import AuthModal from './AuthModal';

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

describe('the auth modal when Need40 cannot be reached', () => {
  it.each([
    ['the auth client', unreachable],
    ['a bare fetch', () => new TypeError('Failed to fetch')],
  ])('login: %s failure shows the plain network sentence, not "Failed to fetch"', async (_what, failure) => {
    signInMock.mockRejectedValue(failure());
    const user = userEvent.setup();
    render(<AuthModal />);
    act(() => openAuthModal('login'));
    const dialog = within(screen.getByRole('dialog', { name: 'Welcome Back' }));
    await user.type(dialog.getByLabelText('Email'), 'ada@example.com');
    await user.type(dialog.getByLabelText('Password'), 'secret123');
    await user.click(dialog.getByRole('button', { name: 'Log In' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(NETWORK);
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it('sign-up: the same sentence', async () => {
    signUpMock.mockRejectedValue(unreachable());
    const user = userEvent.setup();
    render(<AuthModal />);
    act(() => openAuthModal('signup'));
    const dialog = within(screen.getByRole('dialog', { name: 'Create Account' }));
    await user.type(dialog.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(dialog.getByLabelText('Email'), 'ada@example.com');
    await user.type(dialog.getByLabelText('Password'), 'secret123');
    await user.type(dialog.getByLabelText('Confirm Password'), 'secret123');
    await user.click(dialog.getByRole('button', { name: 'Create Account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(NETWORK);
  }, 30_000);
});
