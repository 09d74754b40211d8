import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MESSAGES, openAuthModal, sessionStore, uiStore } from '@need40/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../features/auth/api/signIn';
import { signUp } from '../features/auth/api/signUp';
import AuthModal from './AuthModal';
import { submitLogin } from '../test/loginForm';

vi.mock('../features/auth/api/signIn', () => ({ signIn: vi.fn() }));
vi.mock('../features/auth/api/signUp', () => ({ signUp: vi.fn() }));
const signInMock = vi.mocked(signIn);
const signUpMock = vi.mocked(signUp);

const dialog = () => screen.getByRole('dialog');
const inDialog = () => within(dialog());

/** The page around the modal: a button that opens it, as the navbar does. */
function Page() {
  return (
    <>
      <button type="button" onClick={() => openAuthModal('login')}>
        Open login
      </button>
      <button type="button" onClick={() => openAuthModal('signup')}>
        Open signup
      </button>
      <AuthModal />
    </>
  );
}

async function openWith(user: UserEvent, name: 'Open login' | 'Open signup') {
  render(<Page />);
  await user.click(screen.getByRole('button', { name }));
}

async function fillSignup(user: UserEvent, values: { fullName?: string; email?: string; password?: string; confirmPassword?: string }) {
  if (values.fullName) await user.type(inDialog().getByLabelText('Full Name'), values.fullName);
  if (values.email) await user.type(inDialog().getByLabelText('Email'), values.email);
  if (values.password) await user.type(inDialog().getByLabelText('Password'), values.password);
  if (values.confirmPassword) await user.type(inDialog().getByLabelText('Confirm Password'), values.confirmPassword);
}

beforeEach(() => {
  signInMock.mockReset();
  signUpMock.mockReset();
  uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 });
});

describe('the auth modal: frame', () => {
  it('renders nothing while closed', () => {
    const { container } = render(<AuthModal />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is a labelled modal dialog', async () => {
    await openWith(userEvent.setup(), 'Open login');
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toHaveAccessibleDescription('Log in to access your account');
  });

  it('closes with the Close button and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    await user.click(inDialog().getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uiStore.getState().authModal.open).toBe(false);
    expect(screen.getByRole('button', { name: 'Open login' })).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open signup' })).toHaveFocus();
  });

  it('starts on the first field and keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    const email = inDialog().getByLabelText('Email');
    expect(email).toHaveFocus();
    await user.tab({ shift: true });
    expect(inDialog().getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(inDialog().getByRole('button', { name: 'Sign Up' })).toHaveFocus();
    await user.tab();
    expect(inDialog().getByRole('button', { name: 'Close' })).toHaveFocus();
    for (let i = 0; i < 10; i += 1) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('the auth modal: login', () => {
  it('shows "Welcome Back", "Log in to access your account", email, password and "Log In"', async () => {
    await openWith(userEvent.setup(), 'Open login');
    expect(inDialog().getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(inDialog().getByText('Log in to access your account')).toBeInTheDocument();
    expect(inDialog().getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(inDialog().getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(inDialog().getByRole('button', { name: 'Log In' })).toHaveAttribute('type', 'submit');
    expect(inDialog().getByText("Don't have an account?")).toBeInTheDocument();
  });

  it('logs in with email and password and closes on success', async () => {
    signInMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    await submitLogin(user, inDialog());
    expect(signInMock).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret123' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when the sign-up is confirmed in another tab (the session signs in), not before', async () => {
    sessionStore.setState({ status: 'signed-out', session: null, user: null });
    signUpMock.mockResolvedValue({ signedIn: false });
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(await inDialog().findByRole('status')).toHaveTextContent('Check your email to confirm your account!');
    // The other tab's confirmation reaches this one as an auth event: the session is signed in.
    act(() => sessionStore.setState({ status: 'signed-in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uiStore.getState().authModal.open).toBe(false);
    act(() => sessionStore.setState({ status: 'signed-out', session: null, user: null }));
  });

  it('opened over a session the page still holds (an expired one), it stays open', async () => {
    sessionStore.setState({ status: 'signed-in' });
    await openWith(userEvent.setup(), 'Open login');
    expect(dialog()).toBeInTheDocument();
    act(() => sessionStore.setState({ status: 'signed-out', session: null, user: null }));
  });

  it('reads "Loading..." while busy', async () => {
    signInMock.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    await submitLogin(user, inDialog());
    expect(inDialog().getByRole('button', { name: MESSAGES.loading })).toHaveAttribute('aria-disabled', 'true');
    await user.click(inDialog().getByRole('button', { name: 'Loading...' }));
    expect(signInMock).toHaveBeenCalledTimes(1);
  });

  it("shows the backend's message in the error area and stays open", async () => {
    signInMock.mockRejectedValue(Object.assign(new Error('Invalid login credentials'), { name: 'AuthApiError' }));
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    await submitLogin(user, inDialog(), 'wrong-one');
    expect(await inDialog().findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(inDialog().getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(inDialog().getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('asks for the email and the password before calling the backend', async () => {
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    await user.click(inDialog().getByRole('button', { name: 'Log In' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent('Please enter your email');
    await user.type(inDialog().getByLabelText('Email'), 'ada@example.com');
    await user.click(inDialog().getByRole('button', { name: 'Log In' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent('Please enter your password');
    expect(signInMock).not.toHaveBeenCalled();
  });
});

describe('the auth modal: signup', () => {
  it('shows "Create Account", "Join Need40 to start posting and finding gigs", the four fields and "Create Account"', async () => {
    await openWith(userEvent.setup(), 'Open signup');
    expect(inDialog().getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(inDialog().getByText('Join Need40 to start posting and finding gigs')).toBeInTheDocument();
    expect(inDialog().getByLabelText('Full Name')).toBeRequired();
    expect(inDialog().getByLabelText('Email')).toBeRequired();
    expect(inDialog().getByLabelText('Password')).toBeRequired();
    expect(inDialog().getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters');
    expect(inDialog().getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    expect(inDialog().getByRole('button', { name: 'Create Account' })).toHaveAttribute('type', 'submit');
    expect(inDialog().getByText('Already have an account?')).toBeInTheDocument();
  });

  it('says "Passwords do not match" and does not call the backend', async () => {
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret124' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent(/^Passwords do not match$/);
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it('says "Password must be at least 6 characters" and does not call the backend', async () => {
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'abc12', confirmPassword: 'abc12' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent(/^Password must be at least 6 characters$/);
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it.each([
    [{ email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' }, 'Please enter your full name'],
    [{ fullName: 'Ada', password: 'secret123', confirmPassword: 'secret123' }, 'Please enter your email'],
    [{ fullName: 'Ada', email: 'ada@example.com' }, 'Please enter your password'],
  ])('requires full name, email and password (%o → %s)', async (values, message) => {
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, values);
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(inDialog().getByRole('alert')).toHaveTextContent(message);
    expect(signUpMock).not.toHaveBeenCalled();
  });

  it('signs up, then says "Check your email to confirm your account!" with the modal still open', async () => {
    signUpMock.mockResolvedValue({ signedIn: false });
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(signUpMock).toHaveBeenCalledWith({ fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' });
    expect(await inDialog().findByRole('status')).toHaveTextContent('Check your email to confirm your account!');
    expect(dialog()).toBeInTheDocument();
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
    expect(inDialog().getByLabelText('Password')).toHaveValue('');
  });

  it('closes when the sign-up is confirmed in another tab (the session signs in), not before', async () => {
    sessionStore.setState({ status: 'signed-out', session: null, user: null });
    signUpMock.mockResolvedValue({ signedIn: false });
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(await inDialog().findByRole('status')).toHaveTextContent('Check your email to confirm your account!');
    // The other tab's confirmation reaches this one as an auth event: the session is signed in.
    act(() => sessionStore.setState({ status: 'signed-in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uiStore.getState().authModal.open).toBe(false);
  });

  it('opened over a session the page still holds (an expired one), it stays open', async () => {
    sessionStore.setState({ status: 'signed-in' });
    await openWith(userEvent.setup(), 'Open login');
    expect(dialog()).toBeInTheDocument();
    act(() => sessionStore.setState({ status: 'signed-out', session: null, user: null }));
  });

  it('reads "Loading..." while busy', async () => {
    signUpMock.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(inDialog().getByRole('button', { name: 'Loading...' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows the backend's message in the error area", async () => {
    signUpMock.mockRejectedValue(Object.assign(new Error('User already registered'), { name: 'AuthApiError', code: 'email_exists' }));
    const user = userEvent.setup();
    await openWith(user, 'Open signup');
    await fillSignup(user, { fullName: 'Ada', email: 'ada@example.com', password: 'secret123', confirmPassword: 'secret123' });
    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(await inDialog().findByRole('alert')).toHaveTextContent('User already registered');
    expect(inDialog().getByLabelText('Full Name')).toHaveValue('Ada');
  });
});

describe('the auth modal: switching modes', () => {
  it('toggles between login and signup and clears the error', async () => {
    signInMock.mockRejectedValue(Object.assign(new Error('Invalid login credentials'), { name: 'AuthApiError' }));
    const user = userEvent.setup();
    await openWith(user, 'Open login');
    await submitLogin(user, inDialog(), 'nope-nope');
    await inDialog().findByRole('alert');

    await user.click(inDialog().getByRole('button', { name: 'Sign Up' }));
    expect(uiStore.getState().authModal.mode).toBe('signup');
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
    expect(inDialog().getByLabelText('Full Name')).toHaveFocus();

    await user.click(inDialog().getByRole('button', { name: 'Create Account' }));
    expect(inDialog().getByRole('alert')).toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens with a message from elsewhere (a used email link) in the error area; switching mode clears it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    act(() => openAuthModal('login', { error: 'Email link is invalid or has expired' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(inDialog().getByRole('alert')).toHaveTextContent(/^Email link is invalid or has expired$/);
    await user.click(inDialog().getByRole('button', { name: 'Sign Up' }));
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
    await user.click(inDialog().getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens with a notice from elsewhere in the status area, gone once the person logs in', async () => {
    signInMock.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    render(<Page />);
    act(() => openAuthModal('login', { notice: 'Your email address is confirmed. Log in to continue.' }));
    expect(inDialog().getByRole('status')).toHaveTextContent(/^Your email address is confirmed. Log in to continue.$/);
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
    await submitLogin(user, inDialog());
    expect(inDialog().getByRole('status')).toBeEmptyDOMElement();
  });

  it('follows the mode asked for by another remote while open', async () => {
    await openWith(userEvent.setup(), 'Open login');
    act(() => openAuthModal('signup'));
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
  });
});
