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

/**
 * What each kind of ledger transaction is called on the page (the deal panel's history, receipts,
 * statements), so a step has one name wherever a member reads it. A hold not yet confirmed has its
 * own name whatever its kind.
 */
export const MONEY_STEP_NAMES: Readonly<Record<string, string>> = {
  funding: 'Paid in, held by Need40',
  funding_from_credit: 'Paid with Need40 credit, held by Need40',
  funding_from_gig_prepaid: 'Paid with the gig, held by Need40',
  release: 'Released',
  split: 'Split by a Need40 operator',
  netting: 'Repaid a debt to Need40',
  payout: 'Paid out to the worker',
  refund: 'Refund due to the poster',
  refund_after_release: 'Refunded after release',
  refund_sent: 'Refund sent to the poster',
  payment_in: 'Paid to Need40 (Pay $600), kept as Need40 credit',
  donation: 'Give40 donation',
  gig_prepayment: 'Paid for a $600 gig',
  prepaid_return: "A gig's prepayment due back",
};
export const MONEY_STEP_ANNOUNCED = 'Payment announced, not yet confirmed';

/** The name of a money step: `moneyStepName('release', false)` → "Released". */
export function moneyStepName(kind: string, pending: boolean): string {
  return pending ? MONEY_STEP_ANNOUNCED : (MONEY_STEP_NAMES[kind] ?? kind);
}
