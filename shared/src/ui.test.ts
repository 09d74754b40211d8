import { afterEach, describe, expect, it } from 'vitest';
import { closeAuthModal, notifyGigsChanged, openAuthModal, scrollToSection, setAuthMode, uiStore } from './ui';

afterEach(() => uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 }));

describe('ui store', () => {
  it('opens the auth modal in a mode, switches mode and closes', () => {
    openAuthModal('signup');
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'signup' });
    setAuthMode('login');
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login' });
    closeAuthModal();
    expect(uiStore.getState().authModal.open).toBe(false);
  });

  it('opens the modal with messages for its error and status areas; switching mode or closing drops them', () => {
    openAuthModal('login', { error: 'Email link is invalid or has expired' });
    expect(uiStore.getState().authModal).toStrictEqual({ open: true, mode: 'login', error: 'Email link is invalid or has expired' });
    setAuthMode('signup');
    expect(uiStore.getState().authModal).toStrictEqual({ open: true, mode: 'signup' });
    openAuthModal('login', { notice: 'Your email address is confirmed.' });
    expect(uiStore.getState().authModal).toStrictEqual({ open: true, mode: 'login', notice: 'Your email address is confirmed.' });
    closeAuthModal();
    expect(uiStore.getState().authModal).toStrictEqual({ open: false, mode: 'login' });
  });

  it('counts gig changes so the grid can refresh', () => {
    notifyGigsChanged();
    notifyGigsChanged();
    expect(uiStore.getState().gigsVersion).toBe(2);
  });

  it('scrolls to and focuses a section, or reports that it is missing', () => {
    document.body.innerHTML = '<section id="gigs">Gigs</section>';
    expect(scrollToSection('gigs')).toBe(true);
    expect(document.activeElement?.id).toBe('gigs');
    expect(scrollToSection('nowhere')).toBe(false);
  });
});
