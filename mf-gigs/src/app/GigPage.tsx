import { GigPage as Page } from '../features/gig-page/components/GigPage';

/** Exposed to the shell as `gigs/GigPage`: one gig's page at `#gig/<id>` (props `{ gigId }`). */
export default function GigPage({ gigId }: { gigId: string }) {
  return <Page gigId={gigId} />;
}
