/**
 * The composed page: navbar, then one section per view (#home, #profile, #about, #contact; only the
 * current one is shown), each remote in its own slot. The auth modal's slot mounts on intent
 * (layout/AuthSlot.tsx); switching view moves focus to the view's heading (layout/useViewFocus.ts).
 */
import { useEffect } from 'react';
import { openAuthModal, useSession } from '@need40/shared';
import { Navbar } from './components/Navbar';
import { RemoteSlot } from './federation/RemoteSlot';
import { About } from './sections/About';
import { Contact } from './sections/Contact';
import { AuthSlot } from './layout/AuthSlot';
import { HomeView } from './layout/HomeView';
import { SkipLink } from './layout/SkipLink';
import { useViewFocus } from './layout/useViewFocus';
import { useView } from './useView';
import styles from './sections/Sections.module.css';

export function App() {
  const view = useView();
  const userId = useSession((s) => s.user?.id ?? null);
  const status = useSession((s) => s.status);
  useViewFocus(view);

  // Anchors inside Home (#gigs, #post-gig, …) only scroll once Home is visible again.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [view]);

  return (
    <>
      <SkipLink />
      <Navbar view={view} />
      <main id="main" tabIndex={-1}>
        <section id="home" className={styles.section} hidden={view !== 'home'} aria-label="Home">
          <HomeView />
        </section>
        <section id="profile" className={styles.section} hidden={view !== 'profile'} aria-label="My Profile">
          {userId ? (
            <RemoteSlot remote="profile" expose="Profile" label="Your profile" props={{ userId, editable: true }} />
          ) : (
            <div className={styles.signInPrompt}>
              <p>{status === 'loading' ? 'Checking your session…' : 'Log in to see and edit your profile.'}</p>
              {status !== 'loading' && (
                <button type="button" onClick={() => openAuthModal('login')}>
                  Login
                </button>
              )}
            </div>
          )}
        </section>
        <section id="about" className={styles.section} hidden={view !== 'about'} aria-label="About">
          <About />
        </section>
        <section id="contact" className={styles.section} hidden={view !== 'contact'} aria-label="Contact">
          <Contact />
        </section>
      </main>
      <AuthSlot />
    </>
  );
}
