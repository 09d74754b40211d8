/**
 * The page has no router (docs/product.md, the page): the hash picks the view, read with the
 * kernel's address contract (`routeOf`, shared/src/routes.ts), the one the remotes and the emails
 * link with.
 */
import { useSyncExternalStore } from 'react';
import { routeOf, type Route, type View } from '@need40/shared';

export type { Route, View };

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
