import { useSession } from '@need40/shared';
import Profile from '../app/Profile';
import PublicProfile from '../app/PublicProfile';

/** `?profileId=` a member's public profile; else the signed-in user's own profile, else `?userId=` read-only, else a hint. */
export function StandaloneProfile() {
  const userId = useSession((s) => s.user?.id ?? null);
  const status = useSession((s) => s.status);
  const query = new URLSearchParams(window.location.search);
  const profileId = query.get('profileId');
  const queryId = query.get('userId');
  if (profileId) return <PublicProfile profileId={profileId} />;
  if (userId) return <Profile userId={userId} editable />;
  if (queryId) return <Profile userId={queryId} editable={false} />;
  return <p>{status === 'loading' ? 'Checking your session…' : 'Sign in on this origin, or open this page with ?userId=<profile id>.'}</p>;
}
