import { getQueryClient, HREF } from '@need40/shared';
import { formatMoney, formatRate, PagedList, ui, useCachedPages } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { fetchMoreOpenGigs } from '../api/morePages';
import { PROFILE_PAGE, profileListKey } from '../api/queries';
import styles from './PublicProfile.module.css';
import type { OpenGig } from '../types';

interface Props {
  profileId: string;
  /** The first page, read with the profile. */
  gigs: OpenGig[];
  more: boolean;
}

/** The member's open gigs, newest first, each title linking to its gig page (`#gig/<id>`); "Show more" for older ones. */
export function OpenGigs({ profileId, gigs, more }: Props) {
  const { state, showMore } = useCachedPages(profileListKey('open-gigs', profileId), (after, limit) => fetchMoreOpenGigs(profileId, after, limit), {
    client: getQueryClient(),
    size: PROFILE_PAGE,
    initial: { rows: gigs, hasMore: more },
  });
  return (
    <ViewSection title="Open gigs" level={2}>
      {state.status === 'ready' && state.rows.length ? (
        <PagedList state={state} showMore={showMore} noun={['open gig', 'open gigs']} className={ui.stack}>
          {(rows) => rows.map((gig) => (
            <li key={gig.id} className={styles.gig}>
              <a className={ui.link} href={HREF.gig(gig.id)}>
                {gig.title}
              </a>
              <span className={styles.rate}>{gig.paymentType === 'hourly' ? formatRate(gig.rate, 'hourly') : `${formatMoney(gig.rate)} fixed`}</span>
            </li>
          ))}
        </PagedList>
      ) : (
        <p className={ui.muted}>No open gigs right now.</p>
      )}
    </ViewSection>
  );
}
