/** Logo, Home, Find workers, My Profile and Dashboard (signed in only), Console (operators only), About, Contact, and Login + Sign Up or the bell + Logout. */
import { lazy, Suspense } from 'react';
import { openAuthModal, signOut, useSession } from '@need40/shared';
import type { View } from '../useView';
import { isOperatorSession } from '../operator';
import styles from './Navbar.module.css';

// The notification centre is a chunk of its own, fetched once a member is signed in: a visitor's
// first screen never loads it.
const Bell = lazy(() => import(/* webpackChunkName: "bell" */ '../bell/Bell'));

export function Navbar({ view }: { view: View }) {
  const status = useSession((s) => s.status);
  const signedIn = status === 'signed-in';
  const userId = useSession((s) => s.user?.id ?? null);
  const operator = useSession(isOperatorSession);
  const link = (id: View, label: string) => (
    <li>
      <a href={`#${id}`} className={styles.link} aria-current={view === id ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );

  return (
    <header className={styles.bar}>
      <nav className={styles.inner} aria-label="Main">
        <a href="#home" className={styles.logo} aria-label="Need40 home">
          Need<span className={styles.logoNumber}>40</span>
        </a>
        <ul className={styles.links}>
          {link('home', 'Home')}
          {link('workers', 'Find workers')}
          {signedIn && link('profile', 'My Profile')}
          {signedIn && link('dashboard', 'Dashboard')}
          {operator && link('admin', 'Console')}
          {link('about', 'About')}
          {link('contact', 'Contact')}
        </ul>
        <div className={styles.actions}>
          {signedIn ? (
            <>
              {userId && (
                <Suspense fallback={null}>
                  <Bell key={userId} userId={userId} />
                </Suspense>
              )}
              <button type="button" className={styles.secondary} onClick={() => void signOut()}>
                Logout
              </button>
            </>
          ) : (
            <>
              <button type="button" className={styles.secondary} onClick={() => openAuthModal('login')} disabled={status === 'loading'}>
                Login
              </button>
              <button type="button" className={styles.primary} onClick={() => openAuthModal('signup')} disabled={status === 'loading'}>
                Sign Up
              </button>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
