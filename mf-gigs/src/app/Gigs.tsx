import { SECTIONS } from '@need40/shared';
import { LatestGigs } from '../features/grid/components/LatestGigs';
import { PostGigForm } from '../features/post-gig/components/PostGigForm';
import { SectionBoundary } from './SectionBoundary';

/**
 * Exposed to the shell as `gigs/Gigs`: the Latest Gigs grid (`#gigs`) and the Post Your Gig form
 * (`#post-gig`), the two anchors the Need40 section's buttons scroll to. Each fails alone.
 */
export default function Gigs() {
  return (
    <>
      <SectionBoundary id={SECTIONS.gigs} title="Latest Gigs">
        <LatestGigs />
      </SectionBoundary>
      <SectionBoundary id={SECTIONS.postGig} title="Post Your Gig">
        <PostGigForm />
      </SectionBoundary>
    </>
  );
}
