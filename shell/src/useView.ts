/**
 * The page has no router (docs/product.md, the page): the hash picks the view. #home, #profile,
 * #about, #contact, #dashboard, #money (the member's earnings and spending) and #admin (the
 * operators' console) are views; `#gig/<id>` is one gig's page, `#profile/<id>` another member's
 * public profile (`#profile` alone stays the signed-in person's own profile) and `#receipt/<id>`
 * the receipt of one money step.
 * Any other anchor (#gigs, #post-gig, #need40) lives inside Home.
 */
import { useSyncExternalStore } from 'react';

export const VIEWS = ['home', 'profile', 'about', 'contact', 'dashboard', 'money', 'gig', 'member', 'receipt', 'admin'] as const;
export type View = (typeof VIEWS)[number];

/** The current view and, for `gig`, `member` and `receipt`, the id in the address. */
export interface Route {
  view: View;
  id: string | null;
}

const PLAIN: readonly string[] = ['home', 'profile', 'about', 'contact', 'dashboard', 'money', 'admin'];
/** Addresses with an id: the id is a uuid in practice; anything else is left to the page to refuse. */
const WITH_ID = /^(gig|profile|receipt)\/([A-Za-z0-9-]{1,64})$/;
const VIEW_WITH_ID: Record<string, View> = { gig: 'gig', profile: 'member', receipt: 'receipt' };

export function routeOf(hash: string): Route {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a malformed hash is just not a view */
  }
  if (PLAIN.includes(id)) return { view: id as View, id: null };
  const match = WITH_ID.exec(id);
  if (match) return { view: VIEW_WITH_ID[match[1]!]!, id: match[2] ?? null };
  return { view: 'home', id: null };
}

export function viewOf(hash: string): View {
  return routeOf(hash).view;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The hash as the snapshot (a string, so React sees no change until it really changes). */
function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash, () => '');
}

export function useRoute(): Route {
  return routeOf(useHash());
}

export function useView(): View {
  return useRoute().view;
}
