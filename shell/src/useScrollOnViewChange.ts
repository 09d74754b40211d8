/**
 * Scrolling when the view changes. Anchors inside Home (#gigs, #post-gig, …) only scroll once Home
 * is visible again. Coming back to Home from a page of its own (a gig, a member's profile) returns
 * to where the person was in the grid: Home stays mounted while hidden (so the filters and loaded
 * cards survive), and its last scroll position is kept here.
 */
import { useEffect, useRef } from 'react';
import type { View } from './useView';

const PAGES_OFF_THE_GRID: readonly View[] = ['gig', 'member', 'receipt', 'money'];

export function useScrollOnViewChange(view: View, id: string | null): void {
  const homeScroll = useRef<number | null>(null);
  const previous = useRef<View>(view);

  useEffect(() => {
    if (view !== 'home') return undefined;
    // Only while Home is shown: hiding it clamps the scroll, and that event must not count.
    const remember = () => {
      if (document.getElementById('home')?.hidden === false) homeScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [view]);

  useEffect(() => {
    const from = previous.current;
    previous.current = view;
    if (view === 'home' && PAGES_OFF_THE_GRID.includes(from) && homeScroll.current !== null) {
      window.scrollTo({ top: homeScroll.current });
      return;
    }
    const id = window.location.hash.slice(1);
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [view, id]);
}
