/**
 * The composed page: navbar, then one section per view (#home, #profile, #about, #contact; only the
 * current one is shown), each remote in its own slot. The auth modal's slot is always mounted.
 */
import { useEffect } from 'react';
import { openAuthModal, useSession } from '@need40/shared';
import { Navbar } from './components/Navbar';
import { RemoteSlot } from './federation/RemoteSlot';
import { About } from './sections/About';
import { ConnectionBanner } from './sections/ConnectionBanner';
import { Contact } from './sections/Contact';
import { useProfileId, useView } from './useView';
import styles from './sections/Sections.module.css';

export function App() {
  const profileId = useProfileId();
  const view = useView();
  const userId = useSession((s) => s.user?.id ?? null);
  const status = useSession((s) => s.status);

  // Anchors inside Home (#gigs, #post-gig, …) only scroll once Home is visible again.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [view]);

  return (
    <>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <Navbar view={view} />
      <main id="main">
        {profileId && (
          <section className={styles.section} aria-label="Member profile">
            <RemoteSlot remote="profile" expose="PublicProfile" label="This profile" props={{ profileId }} />
          </section>
        )}
        <section id="home" className={styles.section} hidden={view !== 'home' || profileId !== null} aria-label="Home">
          <div data-slot="connection-banner">
            <ConnectionBanner />
          </div>
          <RemoteSlot remote="campaign" expose="Campaign" label="The Need40 campaign" />
          <RemoteSlot remote="gigs" expose="Gigs" label="Latest gigs" />
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
      <RemoteSlot remote="auth" expose="AuthModal" label="Login and sign-up" loading={null} className={styles.authSlot} />
    </>
  );
}
