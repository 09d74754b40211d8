/**
 * The page's addresses, one contract for the shell (which reads them), the remotes (which link to
 * them) and the notification emails (which link to them from outside). The page has no router: the
 * hash picks the view. `#home`, `#profile`, `#about`, `#contact`, `#dashboard`, `#money` (the
 * member's earnings and spending), `#workers` (the Find workers directory) and `#admin` (the
 * operators' console) are views; `#gig/<id>` is
 * one gig's page, `#profile/<id>` a member's public profile (`#profile` alone is the signed-in
 * person's own), `#receipt/<id>` the receipt of one money step, linked to from deals and emails,
 * and `#dashboard/application/<id>` the dashboard opened at one applicant of the member's gig, with
 * Accept and Decline (the "New application" email's link). `/messages` after a gig page's or an
 * applicant's address opens that application's thread there (threadHref: where a message leads).
 * Other anchors (`#gigs`, `#post-gig`, `#need40`) live inside Home. Pure strings: the emails' builder imports this file on its own.
 */

export const VIEWS = ['home', 'profile', 'about', 'contact', 'dashboard', 'money', 'workers', 'gig', 'member', 'receipt', 'admin'] as const;
export type View = (typeof VIEWS)[number];

/** The current view and, for `gig`, `member`, `receipt` and a `dashboard` opened at an application, the id in the address. */
export interface Route {
  view: View;
  id: string | null;
  /** The address ends in `/messages`: the thread of the application shown there opens (present only then). */
  thread?: true;
}

export const HREF = {
  home: '#home',
  dashboard: '#dashboard',
  money: '#money',
  workers: '#workers',
  admin: '#admin',
  gigs: '#gigs',
  postGig: '#post-gig',
  gig: (id: string) => `#gig/${encodeURIComponent(id)}`,
  profile: (id: string) => `#profile/${encodeURIComponent(id)}`,
  receipt: (id: string) => `#receipt/${encodeURIComponent(id)}`,
  /** The dashboard at one applicant of the member's gig, Accept and Decline at hand. */
  application: (id: string) => `#dashboard/application/${encodeURIComponent(id)}`,
  /** That applicant on the poster's dashboard with their thread open. */
  applicationThread: (id: string) => `#dashboard/application/${encodeURIComponent(id)}/messages`,
  /** A gig's page with the member's own application's thread open. */
  gigThread: (id: string) => `#gig/${encodeURIComponent(id)}/messages`,
} as const;

/**
 * Where a message about an application leads its reader — the thread, open: the poster reads it
 * under that applicant on the dashboard, the worker under their application on the gig page. The
 * one rule for the bell's list and the "New message" email.
 */
export function threadHref(at: { applicationId: string; gigId: string }, reader: 'poster' | 'worker'): string {
  return reader === 'poster' ? HREF.applicationThread(at.applicationId) : HREF.gigThread(at.gigId);
}

const PLAIN: readonly string[] = ['home', 'profile', 'about', 'contact', 'dashboard', 'money', 'workers', 'admin'];
/** Addresses with an id: the id is a uuid in practice; anything else is left to the page to refuse. */
const WITH_ID = /^(gig|profile|receipt|dashboard\/application)\/([A-Za-z0-9-]{1,64})(\/messages)?$/;
/** The views whose address may end in `/messages` (a thread shown there). */
const WITH_THREAD: readonly string[] = ['gig', 'dashboard/application'];
const VIEW_WITH_ID: Record<string, View> = { gig: 'gig', profile: 'member', receipt: 'receipt', 'dashboard/application': 'dashboard' };

/** The route a hash (`#gig/…`, `gig/…` or '') names; anything unknown is Home. */
export function routeOf(hash: string): Route {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a malformed hash is just not a view */
  }
  if (PLAIN.includes(id)) return { view: id as View, id: null };
  const match = WITH_ID.exec(id);
  if (match && !match[3]) return { view: VIEW_WITH_ID[match[1]!]!, id: match[2] ?? null };
  if (match && WITH_THREAD.includes(match[1]!)) return { view: VIEW_WITH_ID[match[1]!]!, id: match[2] ?? null, thread: true };
  return { view: 'home', id: null };
}

/**
 * The query a password-reset mail's link brings the browser back with (`?flow=recovery`, beside
 * the auth server's `code`): a page that cannot use the link — opened in another browser than the
 * one that asked, where the PKCE verifier is not — still knows what the link was for.
 */
export const RECOVERY_RETURN = { param: 'flow', value: 'recovery' } as const;

/** The address a password-reset mail sends the browser back to. */
export function recoveryReturnUrl(siteUrl: string): string {
  const url = new URL(siteUrl);
  url.searchParams.set(RECOVERY_RETURN.param, RECOVERY_RETURN.value);
  return url.href;
}

/** An in-page address made absolute for an email: `pageLink('https://need40.org/', HREF.gig(id))`. */
export function pageLink(siteUrl: string, href: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${href}`;
}
