/**
 * The page's addresses, one contract for the shell (which reads them), the remotes (which link to
 * them) and the notification emails (which link to them from outside). The page has no router: the
 * hash picks the view. `#home`, `#profile`, `#about`, `#contact` and `#dashboard` are views;
 * `#gig/<id>` is one gig's page, `#profile/<id>` a member's public profile (`#profile` alone is the
 * signed-in person's own); `#receipt/<id>` (a payment's receipt) is linked to from deals and emails. Other anchors (`#gigs`, `#post-gig`,
 * `#need40`) live inside Home. Pure strings: the emails' builder imports this file on its own.
 */

export const VIEWS = ['home', 'profile', 'about', 'contact', 'dashboard', 'gig', 'member'] as const;
export type View = (typeof VIEWS)[number];

/** The current view and, for `gig` and `member`, the id in the address. */
export interface Route {
  view: View;
  id: string | null;
}

export const HREF = {
  home: '#home',
  dashboard: '#dashboard',
  gigs: '#gigs',
  postGig: '#post-gig',
  gig: (id: string) => `#gig/${encodeURIComponent(id)}`,
  profile: (id: string) => `#profile/${encodeURIComponent(id)}`,
  receipt: (id: string) => `#receipt/${encodeURIComponent(id)}`,
} as const;

const PLAIN: readonly string[] = ['home', 'profile', 'about', 'contact', 'dashboard'];
/** Addresses with an id: the id is a uuid in practice; anything else is left to the page to refuse. */
const WITH_ID = /^(gig|profile)\/([A-Za-z0-9-]{1,64})$/;

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
  if (match) return { view: match[1] === 'gig' ? 'gig' : 'member', id: match[2] ?? null };
  return { view: 'home', id: null };
}

/** An in-page address made absolute for an email: `pageLink('https://need40.org/', HREF.gig(id))`. */
export function pageLink(siteUrl: string, href: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${href}`;
}
