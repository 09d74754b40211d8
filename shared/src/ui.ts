/**
 * Cross-remote UI state: things one remote asks and another does. The gigs form asks for the
 * login modal (mf-auth shows it); the campaign's $600 path tells the grid to refresh (mf-gigs).
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { SectionId } from './constants';

export type AuthMode = 'login' | 'signup';

export interface AuthModalState {
  open: boolean;
  mode: AuthMode;
  /** A message for the form's error area as the modal opens (an auth error the server sent back in the URL). */
  error?: string;
}

export interface UiState {
  authModal: AuthModalState;
  /** Bumped whenever a gig is created anywhere; the grid re-reads when it changes. */
  gigsVersion: number;
}

export const uiStore = createStore<UiState>()(() => ({
  authModal: { open: false, mode: 'login' },
  gigsVersion: 0,
}));

/** Open the auth modal in `mode`, optionally with `error` already in its error area. */
export function openAuthModal(mode: AuthMode = 'login', error?: string): void {
  uiStore.setState({ authModal: error ? { open: true, mode, error } : { open: true, mode } });
}

/** Switch the modal's mode; switching clears the error (SPEC §4). */
export function setAuthMode(mode: AuthMode): void {
  uiStore.setState((s) => ({ authModal: { open: s.authModal.open, mode } }));
}

export function closeAuthModal(): void {
  uiStore.setState((s) => ({ authModal: { open: false, mode: s.authModal.mode } }));
}

export function notifyGigsChanged(): void {
  uiStore.setState((s) => ({ gigsVersion: s.gigsVersion + 1 }));
}

/**
 * Scroll to an in-page section by id (the page has no router) and move focus there for keyboard
 * and screen-reader users. Returns false when the section is not on the page.
 */
export function scrollToSection(id: SectionId | string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return true;
}

export function useUi<T>(selector: (state: UiState) => T): T {
  return useStore(uiStore, selector);
}
