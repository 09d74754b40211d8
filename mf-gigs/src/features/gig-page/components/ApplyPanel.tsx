import { useEffect, useRef, useState } from 'react';
import { openAuthModal, useSession } from '@need40/shared';
import { draftKey, hasDraft, ui } from '@need40/ui';
import { APPLY_LOGIN_NOTICE, takeApplyIntent, wantToApply, wantsToApply } from '../../../lib/applyIntent';
import { type ApplicationRef } from '../../../lib/applications';
import { ThreadSlot } from '../../../lib/messagesSlot';
import { DASHBOARD_HREF } from '../../../lib/navigation';
import { useInvitation } from '../hooks/useInvitation';
import { useMyApplication } from '../hooks/useMyApplication';
import type { GigDetail } from '../types';
import { ApplyForm } from './ApplyForm';
import { MyApplication } from './MyApplication';
import { PosterDeals } from './PosterDeals';
import styles from './GigPage.module.css';

export const INVITED_NOTE = 'You were invited to apply';

export const APPLIED_NOTE = 'Application sent. The poster has been told, and you can follow it in your Dashboard.';

/**
 * Apply Now and what replaces it: "This is your gig" for the poster (with the payment panel of each
 * of its deals), the person's application
 * (with Withdraw while pending), the form, or a note that the gig is no longer open. A member the
 * poster invited reads "You were invited to apply" beside Apply Now. Signed out,
 * Apply Now opens the login modal with a word why and the form opens after login.
 */
export function ApplyPanel({ gig, onChanged, openThread = false }: { gig: GigDetail; onChanged: () => void; openThread?: boolean }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const status = useSession((s) => s.status);
  const own = userId !== null && userId === gig.userId;
  const mine = useMyApplication(gig.id, userId, own);
  const invited = useInvitation(gig.id, userId, own);
  const [formOpen, setFormOpen] = useState(false);
  const [justApplied, setJustApplied] = useState(false);
  const askedLogin = useRef(false);

  useEffect(() => {
    // The intent lives outside React (module scope) and is taken once, when the session allows it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (userId && !own && takeApplyIntent(gig.id)) setFormOpen(true);
    // A half-written application of this member (the page was reloaded): open the form on it.
    if (userId && !own && hasDraft(draftKey('apply', userId, gig.id))) setFormOpen(true);
    // Arrived from a card's Apply Now while signed out: log in first.
    if (status === 'signed-out' && wantsToApply(gig.id) && !askedLogin.current) {
      askedLogin.current = true;
      openAuthModal('login', { notice: APPLY_LOGIN_NOTICE });
    }
  }, [userId, status, own, gig.id]);

  const apply = () => {
    if (userId) return setFormOpen(true);
    wantToApply(gig.id);
    openAuthModal('login', { notice: APPLY_LOGIN_NOTICE });
  };
  const applied = (application: ApplicationRef) => {
    mine.set(application);
    setFormOpen(false);
    setJustApplied(true);
    onChanged();
  };

  if (own) {
    return (
      <div className={styles.applyPanel}>
        <button type="button" className={ui.primary} disabled>
          This is your gig
        </button>
        <a className={ui.link} href={DASHBOARD_HREF}>
          See its applicants in your Dashboard
        </a>
        <PosterDeals gigId={gig.id} />
      </div>
    );
  }
  const application = mine.state.status === 'ready' ? mine.state.application : null;
  const live = application && application.status !== 'withdrawn';
  return (
    <div className={styles.applyPanel}>
      <div role="status">{justApplied && live && <p className={ui.status}>{APPLIED_NOTE}</p>}</div>
      {mine.state.status === 'loading' && <p className={ui.busy}>Checking your application...</p>}
      {mine.state.status === 'error' && (
        <p role="alert" className={ui.alert}>
          Could not check whether you applied.{' '}
          <button type="button" className={ui.linkButton} onClick={mine.reload}>
            Try again
          </button>
        </p>
      )}
      {live && <MyApplication application={application} onChanged={(a) => (mine.set(a), onChanged())} />}
      {live && <ThreadSlot applicationId={application.id} otherName={gig.poster.displayName} otherAvatarUrl={gig.poster.avatarUrl} about={`with ${gig.poster.displayName}`} status={application.status} watch open={openThread} />}
      {!live && mine.state.status !== 'loading' && gig.status !== 'active' && <p>This gig is no longer open for applications.</p>}
      {!live && mine.state.status !== 'loading' && gig.status === 'active' && invited && (
        <p className={styles.invited}>
          {INVITED_NOTE} by {gig.poster.displayName}
        </p>
      )}
      {!live && mine.state.status !== 'loading' && gig.status === 'active' &&
        (formOpen ? (
          <ApplyForm gigId={gig.id} hourly={gig.paymentType === 'hourly'} onApplied={applied} onAlreadyApplied={() => (setFormOpen(false), mine.reload())} onCancel={() => setFormOpen(false)} />
        ) : (
          <button type="button" className={ui.primary} onClick={apply} disabled={status === 'loading'}>
            {application?.status === 'withdrawn' ? 'Apply again' : 'Apply Now'}
          </button>
        ))}
    </div>
  );
}
