import { useCallback, useEffect, useState } from 'react';
import { LoadFailed, Loading, ui } from '@need40/ui';
import view from '../../../components/ProfileView.module.css';
import { ViewSection } from '../../../components/ViewSection';
import { formatCompleted, formatRating } from '../../../lib/format';
import { fetchMemberRecord, type MemberRecord as Record } from '../api/memberRecord';
import { Reviews } from './Reviews';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; record: Record };

/**
 * My Profile's track record: how many gigs the member completed, their rating, and the reviews
 * others left them, each naming its gig (the same list as on their public profile).
 */
export function MemberRecord({ profileId }: { profileId: string }) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<{ attempt: number; load: Load }>({ attempt: -1, load: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    fetchMemberRecord(profileId).then(
      (record) => live && setLoad({ attempt, load: { status: 'ready', record } }),
      (error: unknown) => {
        console.error('[mf-profile] could not load the track record', error);
        if (live) setLoad({ attempt, load: { status: 'error' } });
      },
    );
    return () => {
      live = false;
    };
  }, [profileId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = load.attempt === attempt ? load.load : { status: 'loading' as const };

  return (
    <>
      <ViewSection title="Track record">
        {current.status === 'loading' && <Loading what="your track record" />}
        {current.status === 'error' && <LoadFailed what="your track record" retry={retry} />}
        {current.status === 'ready' && (
          <p className={view.title}>
            {formatCompleted(current.record.completedGigs)}
            {current.record.rating && <span className={ui.muted}> · Rated {formatRating(current.record.rating.average, current.record.rating.count)}</span>}
          </p>
        )}
      </ViewSection>
      <Reviews id={profileId} rating={null} level={3} />
    </>
  );
}
