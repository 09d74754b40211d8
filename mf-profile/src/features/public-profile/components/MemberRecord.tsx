import { LoadFailed, Loading, ui } from '@need40/ui';
import view from '../../../components/ProfileView.module.css';
import { ViewSection } from '../../../components/ViewSection';
import { formatCompleted, formatRating } from '../../../lib/format';
import { useRead } from '../../../lib/useRead';
import { fetchMemberRecord } from '../api/memberRecord';
import { Reviews } from './Reviews';

/**
 * My Profile's track record: how many gigs the member completed, their rating, and the reviews
 * others left them, each naming its gig (the same list as on their public profile).
 */
export function MemberRecord({ profileId }: { profileId: string }) {
  const current = useRead(() => fetchMemberRecord(profileId), `record:${profileId}`, 'Your track record could not be loaded.');
  return (
    <>
      <ViewSection title="Track record">
        {current.status === 'loading' && <Loading what="your track record" />}
        {current.status === 'failed' && <LoadFailed what="your track record" retry={current.retry} />}
        {current.status === 'ready' && (
          <p className={view.title}>
            {formatCompleted(current.value.completedGigs)}
            {current.value.rating && <span className={ui.muted}> · Rated {formatRating(current.value.rating.average, current.value.rating.count)}</span>}
          </p>
        )}
      </ViewSection>
      <Reviews id={profileId} rating={null} level={3} />
    </>
  );
}
