import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyAuthEvent, sessionStore, uiStore } from '@need40/shared';
import { fakeSupabase } from '@need40/shared/testing';
import type { Session } from '@supabase/supabase-js';
import { Navbar } from './Navbar';

const supabase = fakeSupabase();

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const signedIn = () => act(() => applyAuthEvent('SIGNED_IN', { access_token: 'x.e30.y', user: { id: 'u1', email: 'ada@example.com' } } as unknown as Session));

beforeEach(() => {
  supabase.reset();
  sessionStore.setState({ status: 'loading', session: null, user: null, aal: null, lastEvent: null });
  uiStore.setState({ authModal: { open: false, mode: 'login' }, gigsVersion: 0 });
});

describe('Navbar', () => {
  it('signed out: logo, Home, Find workers, About, Contact, Login and Sign Up; no My Profile, no Logout', () => {
    act(() => applyAuthEvent('INITIAL_SESSION', null));
    render(<Navbar view="home" />);
    expect(nav().getByRole('link', { name: 'Need40 home' })).toHaveAttribute('href', '#home');
    expect(nav().getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Find workers', 'About', 'Contact']);
    expect(nav().getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(nav().getByRole('link', { name: 'Find workers' })).toHaveAttribute('href', '#workers');
    expect(nav().getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(nav().getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect(nav().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('Login opens the modal in login mode, Sign Up in signup mode', async () => {
    act(() => applyAuthEvent('INITIAL_SESSION', null));
    const user = userEvent.setup();
    render(<Navbar view="home" />);
    await user.click(nav().getByRole('button', { name: 'Sign Up' }));
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'signup' });
    await user.click(nav().getByRole('button', { name: 'Login' }));
    expect(uiStore.getState().authModal).toEqual({ open: true, mode: 'login' });
  });

  it('while the session is being read, Login and Sign Up wait', () => {
    render(<Navbar view="home" />);
    expect(nav().getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(nav().getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('signed in: My Profile and Dashboard appear between Home and About, and Logout replaces Login and Sign Up', async () => {
    signedIn();
    const user = userEvent.setup();
    render(<Navbar view="profile" />);
    expect(nav().getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Find workers', 'My Profile', 'Dashboard', 'About', 'Contact']);
    expect(nav().getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '#profile');
    expect(nav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '#dashboard');
    expect(nav().getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(nav().getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    expect(nav().queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(nav().queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    await user.click(nav().getByRole('button', { name: 'Logout' }));
    expect(supabase.calls).toEqual([['auth.signOut']]);
  });
});
