/**
 * The business constants and the user-facing strings of docs/product.md, defined once.
 * Every remote reads them from here so a figure on the page can never disagree with another.
 */

/** The Need40 gig: price, what the worker keeps, what the platform keeps (dollars). */
export const GIG_PRICE = 600;
export const WORKER_EARNINGS = 570;
export const PLATFORM_FEE = 30;
export const WORKER_SHARE_PERCENT = 95;
export const PLATFORM_FEE_PERCENT = 5;

/** Give40: the default donation (dollars). */
export const DONATION_DEFAULT = 40;

/** Campaign goal and launch. */
export const GOAL_GIGS_PER_WEEK = 10;
export const GOAL_JOBS_PER_YEAR = 520;
/** ISO date of the launch badge ("April 8, 2024"). */
export const LAUNCH_DATE = '2024-04-08';

export const MIN_PASSWORD_LENGTH = 6;

export const PAYMENT_METHOD = 'paypal';
export const PAYMENT_STATUSES = ['pending', 'completed'] as const;
export const PAYMENT_TYPES = ['hourly', 'fixed'] as const;
export const LOCATIONS = ['remote', 'onsite', 'hybrid'] as const;

/** The values the database's check constraints allow (its columns are text: database.types.ts says string). */
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type GigLocation = (typeof LOCATIONS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const isPaymentType = (value: unknown): value is PaymentType => (PAYMENT_TYPES as readonly unknown[]).includes(value);
export const isGigLocation = (value: unknown): value is GigLocation => (LOCATIONS as readonly unknown[]).includes(value);

/** In-page anchors: the page has no router. */
export const SECTIONS = {
  home: 'home',
  profile: 'profile',
  about: 'about',
  contact: 'contact',
  need40: 'need40',
  gigs: 'gigs',
  postGig: 'post-gig',
} as const;
export type SectionId = (typeof SECTIONS)[keyof typeof SECTIONS];

/** Every message the spec names, word for word. Do not reword: tests and users rely on them. */
export const MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  signupSuccess: 'Check your email to confirm your account!',
  connectionOk: 'Connection successful! Database is ready.',
  connectionFailed: 'Connection failed. Check console for details.',
  somethingWentWrong: 'Something went wrong.',
  loadingProfile: 'Loading profile...',
  noGigs: 'No gigs available yet',
  loginToPostGig: 'Login to Post Gig',
  loading: 'Loading...',
  mustBeLoggedInToCreateGig: 'You must be logged in to create a gig',
  invalidPaymentData: 'Invalid payment data: amount, paymentMethod, and status are required',
  userIdRequired: 'User ID is required',
  gigTitleDescriptionRequired: 'Gig title and description are required',
  paymentFailed: 'Payment processing failed',
  gigPaymentFailed: 'Gig payment processing failed',
  donationFailed: 'Donation processing failed',
  recordPaymentFailed: 'Failed to record payment',
} as const;
