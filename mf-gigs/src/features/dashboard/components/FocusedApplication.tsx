import { useEffect, useState } from 'react';
import { HREF } from '@need40/shared';
import { LoadFailed, Loading, ui } from '@need40/ui';
import { fetchGigOfApplication, type MyGigRow } from '../api/dashboard';
import { GigApplicants } from './GigApplicants';
import styles from './Dashboard.module.css';

type Read = { status: 'loading' } | { status: 'error' } | { status: 'missing' } | { status: 'ready'; gig: MyGigRow };

export const NOT_YOURS = 'This application is not one of your gigs\u2019 applications, or it no longer exists.';

/**
 * The dashboard opened at one application (`#dashboard/application/<id>`, the "New application"
 * email's link): that applicant first, with Accept and Decline, Accept focused — or, with
 * `openThread` (a message's link), their thread open. My gigs still follows below with every
 * other applicant.
 */
export function FocusedApplication({ applicationId, userId, onChanged, openThread = false }: { applicationId: string; userId: string; onChanged: () => void; openThread?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the read it answers: another application (or a retry) shows loading until its own arrives.
  const key = `${applicationId}:${userId}:${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; read: Read } | null>(null);
  useEffect(() => {
    let live = true;
    fetchGigOfApplication(applicationId, userId).then(
      (gig) => live && setAnswer({ key, read: gig ? { status: 'ready', gig } : { status: 'missing' } }),
      () => live && setAnswer({ key, read: { status: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [applicationId, userId, key]);
  const read: Read = answer?.key === key ? answer.read : { status: 'loading' };

  return (
    <section aria-labelledby="focused-application-title" className={styles.part}>
      <h2 id="focused-application-title">{read.status === 'ready' ? `An application for ${read.gig.title}` : 'An application'}</h2>
      {read.status === 'loading' && <Loading what="the application" />}
      {read.status === 'error' && <LoadFailed what="the application" retry={() => setAttempt((n) => n + 1)} />}
      {read.status === 'missing' && (
        <p>
          {NOT_YOURS}{' '}
          <a className={ui.link} href={HREF.dashboard}>
            See your whole dashboard
          </a>
        </p>
      )}
      {read.status === 'ready' && <GigApplicants id={`application-${applicationId}`} gig={read.gig} only={applicationId} openThread={openThread} onChanged={onChanged} />}
    </section>
  );
}
