/** The words of the dialog's self-service steps (forgotten password, confirmation mail, new password). */
export const ACCOUNT_TEXT = {
  forgotLink: 'Forgot password?',
  forgot: {
    title: 'Reset your password',
    subtitle: 'We will email you a link to choose a new one',
    submit: 'Send reset link',
    back: 'Back to log in',
  },
  /** Always the same, whether the address has an account or not: the dialog must not tell. */
  resetSent: 'If an account exists for that email, we have sent it a link to reset the password. Check your inbox.',
  resend: 'Resend confirmation email',
  resent: (email: string) => `We sent a new confirmation link to ${email}. Check your inbox (and the spam folder).`,
  /** The backend's per-address or per-IP mail limit (429). */
  tooManyMails: 'We have sent several emails to this address in the last few minutes. Please wait a little, then try again.',
  /** A reset link opened in another browser than the one that asked: the PKCE verifier is not here. */
  recoveryElsewhere:
    'This reset link was opened in a different browser from the one that asked for it, so it cannot set a password here. Ask for a new link from this browser, or open the link in the browser where you asked for it.',
  recovery: {
    title: 'Set a new password',
    subtitle: 'Choose the password you will log in with from now on',
    submit: 'Save new password',
    done: 'Your new password is saved and you are logged in.',
    close: 'Continue',
  },
} as const;

/** The kind sentence when the auth server refused because too many mails were asked for (429), else null. */
export function mailLimitWords(error: unknown): string | null {
  const e = error as { status?: number; code?: string } | null;
  const limited = e?.code === 'over_email_send_rate_limit' || e?.code === 'over_request_rate_limit' || e?.status === 429;
  return limited ? ACCOUNT_TEXT.tooManyMails : null;
}
