/**
 * Signing up on the home page (issue 5, journey 2): the navbar's Sign Up opens the modal, the
 * account is created, the confirmation link from the development mailbox brings the person back
 * to the page signed in (supabase-js exchanges the PKCE code), and after Logout the login modal
 * signs them in again. A link followed a second time brings them to the login modal with the
 * backend's message; a link opened in another browser (no PKCE verifier there) confirms the address
 * and offers the login. Self-service: a login refused for an unconfirmed address offers to resend
 * the confirmation mail, and "Forgot password?" mails a link that lands on "Set a new password" and
 * leaves the person signed in with it; opened in another browser, the reset link still says "Set a
 * new password" (and why a new link is needed there), never the sign-up confirmation's sentence.
 */
import { confirmationLink, newCredentials, requestSignup } from '../../helpers/users';
import type { Page } from '@playwright/test';
import { expect, test } from './support';

async function signUpInModal(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Account' });
  await expect(signup.getByText('Join Need40 to start posting and finding gigs')).toBeVisible();
  await signup.getByLabel('Full Name').fill('Grace Hopper');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(password);
  await signup.getByLabel('Confirm Password').fill(password);
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(signup.getByRole('status')).toHaveText('Check your email to confirm your account!');
  await expect(signup.getByRole('alert')).toHaveCount(0);
}

async function logInWithModal(page: Page, email: string, password: string): Promise<void> {
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login).toHaveCount(0);
}

test('sign up in the modal, confirm through the mailed link, log out and log in through the modal', async ({ app, page, backend, consoleMessages }) => {
  const { email, password } = newCredentials();
  await app.goto('#home');
  const nav = app.navbar;
  await signUpInModal(page, email, password);
  await expect(nav.getByRole('link', { name: 'My Profile' })).toHaveCount(0);

  // The mail's link, followed in this browser: the backend confirms the address and redirects to the shell.
  await page.goto((await confirmationLink(backend, email)).href);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 20_000 });
  await expect(nav.getByRole('link', { name: 'My Profile', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]code=/);

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'My Profile', exact: true })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Login' }).click();
  await logInWithModal(page, email, password);
  await expect(nav.getByRole('link', { name: 'My Profile', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);

  // Signed in, My Profile's remote loads too: on its first attempt (the shell logs every failed one).
  await nav.getByRole('link', { name: 'My Profile', exact: true }).click();
  await expect(app.slot('profile').getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  expect(consoleMessages.filter((m) => m.includes('[need40] loading'))).toEqual([]);
});

test("a confirmation link used twice opens the login modal with the backend's message, and logging in works", async ({ app, page, backend }) => {
  const credentials = newCredentials();
  await requestSignup(backend, credentials);
  const link = await confirmationLink(backend, credentials.email);
  expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);

  await page.goto(link.href);
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(login.getByRole('alert')).toHaveText('Email link is invalid or has expired');
  await expect(page).not.toHaveURL(/error/);

  await logInWithModal(page, credentials.email, credentials.password);
  await expect(app.navbar.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a confirmation link opened in another browser confirms the address and offers the login there', async ({ app, page, backend, browser }) => {
  const { email, password } = newCredentials();
  await app.goto('#home');
  await signUpInModal(page, email, password);
  const link = await confirmationLink(backend, email);

  const otherBrowser = await browser.newContext();
  try {
    const phone = await otherBrowser.newPage();
    await phone.goto(link.href);
    const login = phone.getByRole('dialog', { name: 'Welcome Back' });
    await expect(login.getByRole('status')).toHaveText('Your email address is confirmed. Log in to continue.');
    await expect(login.getByRole('alert')).toHaveCount(0);
    await expect(phone).not.toHaveURL(/[?&]code=/);
    await logInWithModal(phone, email, password);
    await expect(phone.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' })).toBeVisible();
  } finally {
    await otherBrowser.close();
  }
});

test('resend the confirmation from a refused login, then forgot password → mailed link (first opened in another browser) → new password → signed in', async ({ app, page, backend, browser }) => {
  test.slow(); // three mailed links and four page loads: more than one test's usual budget on a loaded machine
  const { email, password } = newCredentials();
  await requestSignup(backend, { email, password });
  const first = await confirmationLink(backend, email);
  await app.goto('#home');
  const nav = app.navbar;

  await nav.getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login.getByRole('alert')).toHaveText('Email not confirmed');
  await login.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(login.getByRole('status')).toContainText(`We sent a new confirmation link to ${email}.`);
  const resent = await confirmationLink(backend, email);
  expect(resent.href).not.toBe(first.href);
  await page.goto(resent.href);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 20_000 });
  await nav.getByRole('button', { name: 'Logout' }).click();

  await nav.getByRole('button', { name: 'Login' }).click();
  await login.getByLabel('Email').fill(email);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(forgot.getByLabel('Email')).toHaveValue(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toHaveText('If an account exists for that email, we have sent it a link to reset the password. Check your inbox.');
  const elsewhere = await confirmationLink(backend, email);
  expect(elsewhere.searchParams.get('type')).toBe('recovery');

  // Opened in another browser (no PKCE verifier there): still the reset's words, never the sign-up sentence.
  const otherBrowser = await browser.newContext();
  try {
    const phone = await otherBrowser.newPage();
    await phone.goto(elsewhere.href);
    const cannot = phone.getByRole('dialog', { name: 'Set a new password' });
    await expect(cannot.getByRole('status')).toContainText('This reset link was opened in a different browser', { timeout: 20_000 });
    await expect(phone.getByText('Your email address is confirmed')).toHaveCount(0);
    await expect(phone).not.toHaveURL(/[?&](code|flow)=/);
  } finally {
    await otherBrowser.close();
  }

  // A new link, asked for again, works in the browser that asked for it.
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect.poll(async () => (await confirmationLink(backend, email)).href, { timeout: 20_000 }).not.toBe(elsewhere.href);
  const reset = await confirmationLink(backend, email);
  await page.goto(reset.href);
  const choose = page.getByRole('dialog', { name: 'Set a new password' });
  const newPassword = `${password}-new`;
  await choose.getByLabel('New password', { exact: true }).fill(newPassword);
  await choose.getByLabel('Confirm new password').fill(newPassword);
  await choose.getByRole('button', { name: 'Save new password' }).click();
  await expect(choose.getByRole('status')).toHaveText('Your new password is saved and you are logged in.');
  await choose.getByRole('button', { name: 'Continue' }).click();
  await expect(choose).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

  await nav.getByRole('button', { name: 'Logout' }).click();
  await nav.getByRole('button', { name: 'Login' }).click();
  await logInWithModal(page, email, newPassword);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
});
