/**
 * The composed page: navbar, then one section per view (#home, #profile, #dashboard, #money, #about,
 * #contact, the Find workers directory at #workers, a gig's page at #gig/<id>, a member's public profile at #profile/<id>, a receipt at
 * #receipt/<id>, the operators' console at #admin; only the current one is shown), each remote in
 * its own slot. Home stays
 * mounted while hidden so the grid keeps its filters and cards; the pages with an id mount only
 * while shown.
 * The auth modal's slot mounts on intent (layout/AuthSlot.tsx); switching view moves focus to the
 * view's heading (layout/useViewFocus.ts).
 */
import { useSession } from '@need40/shared';
import { isOperatorSession } from './operator';
import { Navbar } from './components/Navbar';
import { RemoteSlot } from './federation/RemoteSlot';
import { About } from './sections/About';
import { Contact } from './sections/Contact';
import { SignInPrompt } from './sections/SignInPrompt';
import { useRoute } from './useView';
import { useScrollOnViewChange } from './useScrollOnViewChange';
import { AuthSlot } from './layout/AuthSlot';
import { HomeView } from './layout/HomeView';
import { SkipLink } from './layout/SkipLink';
import { useViewFocus } from './layout/useViewFocus';
import { QaBanner } from './release/QaBanner';
import styles from './sections/Sections.module.css';

export function App() {
  const { view, id, thread = false } = useRoute();
  const userId = useSession((s) => s.user?.id ?? null);
  const isOperator = useSession(isOperatorSession);
  useScrollOnViewChange(view, id);
  useViewFocus(view);

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
            <SignInPrompt text="Log in to see and edit your profile." />
          )}
        </section>
        {view === 'gig' && id && (
          <section id="gig" className={styles.section} aria-label="Gig">
            <RemoteSlot key={id} remote="gigs" expose="GigPage" label="This gig" props={{ gigId: id, openThread: thread }} />
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
              <RemoteSlot remote="gigs" expose="Dashboard" label="Your dashboard" props={{ applicationId: id, openThread: thread }} />
            ) : (
              <SignInPrompt text="Log in to see your gigs, applications and saved gigs." />
            )}
          </section>
        )}
        {view === 'money' && (
          <section id="money" className={styles.section} aria-label="Earnings and spending">
            {userId ? (
              <RemoteSlot remote="profile" expose="Money" label="Your earnings and spending" />
            ) : (
              <SignInPrompt text="Log in to see your earnings and spending." />
            )}
          </section>
        )}
        {view === 'receipt' && id && (
          <section id="receipt" className={styles.section} aria-label="Receipt">
            {userId ? (
              <RemoteSlot key={id} remote="profile" expose="Receipt" label="This receipt" props={{ transactionId: id }} />
            ) : (
              <SignInPrompt text="Log in to see this receipt." />
            )}
          </section>
        )}
        {view === 'workers' && (
          <section id="workers" className={styles.section} aria-label="Find workers">
            <RemoteSlot remote="profile" expose="Workers" label="Find workers" />
          </section>
        )}
        {view === 'admin' && (
          <section id="admin" className={styles.section} aria-label="Console">
            {isOperator ? (
              <RemoteSlot remote="admin" expose="Console" label="The console" />
            ) : (
              <SignInPrompt text="The console is for Need40's operators. Log in with an operator's account." />
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
      <AuthSlot />
      <QaBanner />
    </>
  );
}
