/**
 * The page has no router (docs/product.md, the page): the hash picks the view. #home, #profile, #about and #contact
 * are views; any other anchor (#gigs, #post-gig, #need40) lives inside Home.
 */
import { useSyncExternalStore } from 'react';

export const VIEWS = ['home', 'profile', 'about', 'contact'] as const;
export type View = (typeof VIEWS)[number];

export function viewOf(hash: string): View {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a malformed hash is just not a view */
  }
  return (VIEWS as readonly string[]).includes(id) ? (id as View) : 'home';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * The member id of a public-profile address (`#profile/<id>`), else null. A minimal route so the
 * public profile can be opened and reloaded; the full in-page routing lands with the marketplace UI.
 */
export function profileIdOf(hash: string): string | null {
  const match = /^#profile\/([^/?#]+)$/.exec(hash);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export function useProfileId(): string | null {
  return useSyncExternalStore(subscribe, () => profileIdOf(window.location.hash), () => null);
}

export function useView(): View {
  return useSyncExternalStore(subscribe, () => viewOf(window.location.hash), () => 'home');
}
