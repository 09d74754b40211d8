import { Dashboard as Page } from '../features/dashboard/components/Dashboard';

/** Exposed to the shell as `gigs/Dashboard` (`#dashboard`, signed in): My gigs, My applications, Saved gigs. */
export default function Dashboard() {
  return <Page />;
}
