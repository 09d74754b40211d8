/**
 * Cross-remote UI state: things one remote asks and another does. The gigs form asks for the
 * login modal (mf-auth shows it); the campaign's $600 path tells the grid to refresh (mf-gigs).
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { SectionId } from './constants';
import { invalidateGigLists } from './queries';

export type AuthMode = 'login' | 'signup';

/** What the modal shows as it opens, before the person does anything. */
export interface AuthModalMessages {
  /** For the form's error area (an auth error the server sent back in the URL). */
  error?: string;
  /** A note for the form's status area (e.g. "your email is confirmed, log in"). */
  notice?: string;
  /**
   * A step other than the mode's form: `recovery-elsewhere`, a password-reset link that reached a
   * browser which cannot use it ("Set a new password", with a new link asked for from here).
   */
  step?: 'recovery-elsewhere';
}

export interface AuthModalState extends AuthModalMessages {
  open: boolean;
  mode: AuthMode;
}

export interface UiState {
  authModal: AuthModalState;
  /** Bumped whenever a gig is created anywhere (kernel 1.3 and earlier: the grid re-read on it; now the query cache's gig lists are invalidated). */
  gigsVersion: number;
}

export const uiStore = createStore<UiState>()(() => ({
  authModal: { open: false, mode: 'login' },
  gigsVersion: 0,
}));

/**
 * Open the auth modal in `mode`, optionally with a message already shown.
 * @example openAuthModal('login', { error: 'Email link is invalid or has expired' })
 */
export function openAuthModal(mode: AuthMode = 'login', messages: AuthModalMessages = {}): void {
  const authModal: AuthModalState = { open: true, mode };
  if (messages.error) authModal.error = messages.error;
  if (messages.notice) authModal.notice = messages.notice;
  if (messages.step) authModal.step = messages.step;
  uiStore.setState({ authModal });
}

/** Switch the modal's mode; switching clears the error and the notice (docs/product.md, states). */
export function setAuthMode(mode: AuthMode): void {
  uiStore.setState((s) => ({ authModal: { open: s.authModal.open, mode } }));
}

export function closeAuthModal(): void {
  uiStore.setState((s) => ({ authModal: { open: false, mode: s.authModal.mode } }));
}

/**
 * What the gig cards show changed (a gig created or changed state, a poster's photo or name): every
 * list of open gigs (the query cache's) reads again. Home stays mounted behind the other views, so
 * without it a card would keep what it read before.
 */
export function notifyGigsChanged(): void {
  uiStore.setState((s) => ({ gigsVersion: s.gigsVersion + 1 }));
  invalidateGigLists();
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
