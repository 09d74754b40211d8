import { LatestGigs } from '../features/grid/components/LatestGigs';
import { PostGigForm } from '../features/post-gig/components/PostGigForm';

/**
 * Exposed to the shell as `gigs/Gigs`: the Latest Gigs grid (`#gigs`) and the Post Your Gig form
 * (`#post-gig`), the two anchors the Need40 section's buttons scroll to.
 */
export default function Gigs() {
  return (
    <>
      <LatestGigs />
      <PostGigForm />
    </>
  );
}
