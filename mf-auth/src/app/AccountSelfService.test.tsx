/**
 * The login dialog's self-service: "Forgot password?" (one neutral answer), "Resend confirmation"
 * after an unconfirmed login, "Set a new password" on a page opened from a reset link (in this
 * browser or another), and the
 * authenticator-app step of two-step login. The auth calls are mocked; their wire is tested in the
 * backend's suite and the e2e journey.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { applyAuthEvent, openAuthModal, uiStore } from '@need40/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestPasswordReset, resendConfirmation, setNewPassword } from '../features/auth/api/account';
import { secondStepFactor, verifySecondStep } from '../features/auth/api/secondStep';
import { signIn } from '../features/auth/api/signIn';
import { ACCOUNT_TEXT } from '../features/auth/lib/accountText';
import { submitLogin } from '../test/loginForm';
import AuthModal from './AuthModal';

vi.mock('../features/auth/api/signIn', () => ({ signIn: vi.fn() }));
vi.mock('../features/auth/api/account', () => ({ requestPasswordReset: vi.fn(), resendConfirmation: vi.fn(), setNewPassword: vi.fn() }));
const authError = (message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { name: 'AuthApiError', ...extra });
const inDialog = () => within(screen.getByRole('dialog'));

beforeEach(() => {
  vi.mocked(signIn).mockReset().mockResolvedValue(undefined);
  for (const m of [requestPasswordReset, resendConfirmation, setNewPassword, verifySecondStep]) vi.mocked(m).mockReset().mockResolvedValue(undefined);
  vi.mocked(secondStepFactor).mockReset().mockResolvedValue(null);
  uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 });
  act(() => applyAuthEvent('SIGNED_OUT', null));
});

function openLogin() {
  render(<AuthModal />);
  act(() => openAuthModal('login'));
}

describe('Forgot password?', () => {
  it('asks for the email (keeping what was typed) and answers one neutral sentence', async () => {
    const user = userEvent.setup();
    openLogin();
    await user.type(inDialog().getByLabelText('Email'), 'ada@example.com');
    await user.click(inDialog().getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset your password' })).toBeInTheDocument();
    expect(inDialog().getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(inDialog().getByRole('button', { name: 'Send reset link' }));
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(inDialog().getByRole('status')).toHaveTextContent(ACCOUNT_TEXT.resetSent);
    await user.click(inDialog().getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('a reset link opened in another browser: "Set a new password" says why it cannot be used here and mails a new link from here', async () => {
    const user = userEvent.setup();
    render(<AuthModal />);
    act(() => openAuthModal('login', { step: 'recovery-elsewhere' }));
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeInTheDocument();
    expect(inDialog().getByRole('status')).toHaveTextContent(ACCOUNT_TEXT.recoveryElsewhere);
    await user.type(inDialog().getByLabelText('Email'), 'ada@example.com');
    await user.click(inDialog().getByRole('button', { name: 'Send reset link' }));
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(inDialog().getByRole('status')).toHaveTextContent(ACCOUNT_TEXT.resetSent);
    await user.click(inDialog().getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('needs an email, and answers the mail limit kindly', async () => {
    vi.mocked(requestPasswordReset).mockRejectedValue(authError('For security purposes, you can only request this after 60 seconds.', { status: 429, code: 'over_email_send_rate_limit' }));
    const user = userEvent.setup();
    openLogin();
    await user.click(inDialog().getByRole('button', { name: 'Forgot password?' }));
    await user.click(inDialog().getByRole('button', { name: 'Send reset link' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent('Please enter your email');
    await user.type(inDialog().getByLabelText('Email'), 'ada@example.com');
    await user.click(inDialog().getByRole('button', { name: 'Send reset link' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent(ACCOUNT_TEXT.tooManyMails);
    expect(inDialog().getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('Resend confirmation', () => {
  it('is offered only when the login says the email is not confirmed, and says where the link went', async () => {
    vi.mocked(signIn).mockRejectedValueOnce(authError('Invalid login credentials')).mockRejectedValue(authError('Email not confirmed', { code: 'email_not_confirmed' }));
    const user = userEvent.setup();
    openLogin();
    await submitLogin(user, inDialog());
    expect(inDialog().queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Log In' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent('Email not confirmed');
    await user.click(inDialog().getByRole('button', { name: 'Resend confirmation email' }));
    expect(resendConfirmation).toHaveBeenCalledWith('ada@example.com');
    expect(inDialog().getByRole('status')).toHaveTextContent(ACCOUNT_TEXT.resent('ada@example.com'));
    expect(inDialog().queryByRole('button', { name: 'Resend confirmation email' })).not.toBeInTheDocument();
  });

  it('answers the mail limit kindly and keeps the offer', async () => {
    vi.mocked(signIn).mockRejectedValue(authError('Email not confirmed', { code: 'email_not_confirmed' }));
    vi.mocked(resendConfirmation).mockRejectedValue(authError('Email rate limit exceeded', { status: 429, code: 'over_email_send_rate_limit' }));
    const user = userEvent.setup();
    openLogin();
    await submitLogin(user, inDialog());
    await user.click(inDialog().getByRole('button', { name: 'Resend confirmation email' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent(ACCOUNT_TEXT.tooManyMails);
    expect(inDialog().getByRole('button', { name: 'Resend confirmation email' })).toBeInTheDocument();
  });
});

describe('Set a new password (a page opened from the reset link)', () => {
  it('opens by itself on PASSWORD_RECOVERY, applies the password rules, saves, and Continue closes it', async () => {
    const user = userEvent.setup();
    render(<AuthModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => applyAuthEvent('PASSWORD_RECOVERY', { access_token: 'x.e30.y', user: { id: 'u1' } } as unknown as Session));
    expect(screen.getByRole('dialog', { name: 'Set a new password' })).toBeInTheDocument();
    await user.type(inDialog().getByLabelText('New password'), 'brand-new');
    await user.type(inDialog().getByLabelText('Confirm new password'), 'brand-old');
    await user.click(inDialog().getByRole('button', { name: 'Save new password' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(setNewPassword).not.toHaveBeenCalled();
    await user.clear(inDialog().getByLabelText('Confirm new password'));
    await user.type(inDialog().getByLabelText('Confirm new password'), 'brand-new');
    await user.click(inDialog().getByRole('button', { name: 'Save new password' }));
    expect(setNewPassword).toHaveBeenCalledWith('brand-new');
    expect(inDialog().getByRole('status')).toHaveTextContent(ACCOUNT_TEXT.recovery.done);
    await user.click(inDialog().getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('two-step login', () => {
  it('asks an account with an authenticator app for its code, then closes', async () => {
    vi.mocked(secondStepFactor).mockResolvedValue('factor-1');
    const user = userEvent.setup();
    openLogin();
    await submitLogin(user, inDialog());
    const code = inDialog().getByLabelText('Code from your authenticator app');
    await user.type(code, '12345');
    await user.click(inDialog().getByRole('button', { name: 'Verify' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent('Enter the 6 digits your app shows');
    await user.type(code, '6');
    await user.click(inDialog().getByRole('button', { name: 'Verify' }));
    expect(verifySecondStep).toHaveBeenCalledWith('factor-1', '123456');
    expect(uiStore.getState().authModal.open).toBe(false);
  });
});
