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

export function useView(): View {
  return useSyncExternalStore(subscribe, () => viewOf(window.location.hash), () => 'home');
}
