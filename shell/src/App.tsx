/**
 * The composed page: navbar, then one section per view (#home, #profile, #dashboard, #about,
 * #contact, a gig's page at #gig/<id>, a member's public profile at #profile/<id>; only the current
 * one is shown), each remote in its own slot. The auth modal's slot is always mounted. Home stays
 * mounted while hidden so the grid keeps its filters and cards; the pages with an id mount only
 * while shown.
 */
import { useSession } from '@need40/shared';
import { Navbar } from './components/Navbar';
import { RemoteSlot } from './federation/RemoteSlot';
import { About } from './sections/About';
import { ConnectionBanner } from './sections/ConnectionBanner';
import { Contact } from './sections/Contact';
import { SignInPrompt } from './sections/SignInPrompt';
import { useRoute } from './useView';
import { useScrollOnViewChange } from './useScrollOnViewChange';
import styles from './sections/Sections.module.css';

export function App() {
  const { view, id } = useRoute();
  const userId = useSession((s) => s.user?.id ?? null);
  useScrollOnViewChange(view, id);

  return (
    <>
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <Navbar view={view} />
      <main id="main">
        <section id="home" className={styles.section} hidden={view !== 'home'} aria-label="Home">
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
            <SignInPrompt text="Log in to see and edit your profile." />
          )}
        </section>
        {view === 'gig' && id && (
          <section id="gig" className={styles.section} aria-label="Gig">
            <RemoteSlot key={id} remote="gigs" expose="GigPage" label="This gig" props={{ gigId: id }} />
          </section>
        )}
        {view === 'member' && id && (
          <section id="member" className={styles.section} aria-label="Member profile">
            <RemoteSlot key={id} remote="profile" expose="PublicProfile" label="This member's profile" props={{ profileId: id }} />
          </section>
        )}
        {view === 'dashboard' && (
          <section id="dashboard" className={styles.section} aria-label="Dashboard">
            {userId ? (
              <RemoteSlot remote="gigs" expose="Dashboard" label="Your dashboard" />
            ) : (
              <SignInPrompt text="Log in to see your gigs, applications and saved gigs." />
            )}
          </section>
        )}
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
