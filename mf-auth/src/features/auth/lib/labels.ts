/**
 * The modal's words. docs/product.md (the page) fixes the titles, subtitles and button labels (the signup subtitle
 * names the product: Need40). Do not reword: tests and the e2e journeys look for them.
 */
export const AUTH_TEXT = {
  login: {
    title: 'Welcome Back',
    subtitle: 'Log in to access your account',
    submit: 'Log In',
    switchPrompt: "Don't have an account?",
    switchAction: 'Sign Up',
  },
  signup: {
    title: 'Create Account',
    subtitle: 'Join Need40 to start posting and finding gigs',
    submit: 'Create Account',
    switchPrompt: 'Already have an account?',
    switchAction: 'Log In',
  },
} as const;

/** Missing required fields, checked before the spec's password rules. */
export const REQUIRED_TEXT = {
  fullName: 'Please enter your full name',
  email: 'Please enter your email',
  password: 'Please enter your password',
} as const;
