/**
 * After the person switches view (Home, My Profile, About, Contact), focus moves to the new view's
 * first heading — or the view itself when its heading is not there yet — so keyboard users land on
 * the content and screen readers announce where they are. The first render leaves focus alone.
 */
import { useEffect, useRef } from 'react';
import type { View } from '../useView';

export function focusView(view: View): void {
  const section = document.getElementById(view);
  if (!section) return;
  const target = section.querySelector<HTMLElement>('h1, h2') ?? section;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function useViewFocus(view: View): void {
  const previous = useRef<View | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== view) focusView(view);
    previous.current = view;
  }, [view]);
}
