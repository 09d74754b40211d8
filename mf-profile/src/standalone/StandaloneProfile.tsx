import { useSession } from '@need40/shared';
import Profile from '../app/Profile';

/** The signed-in user's own profile, else `?userId=` read-only, else a hint. */
export function StandaloneProfile() {
  const userId = useSession((s) => s.user?.id ?? null);
  const status = useSession((s) => s.status);
  const queryId = new URLSearchParams(window.location.search).get('userId');
  if (userId) return <Profile userId={userId} editable />;
  if (queryId) return <Profile userId={queryId} editable={false} />;
  return <p>{status === 'loading' ? 'Checking your session…' : 'Sign in on this origin, or open this page with ?userId=<profile id>.'}</p>;
}
