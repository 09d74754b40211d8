import { getSupabase } from '@need40/shared';

/** One place the member is signed in (my_sessions(): their own rows of auth.sessions only). */
export interface SignInSession {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

export async function listSessions(): Promise<SignInSession[]> {
  const { data, error } = await getSupabase().rpc('my_sessions');
  if (error) throw error;
  // The generated types say string; user_agent and ip may be null (a session without them).
  return (data ?? []).map((r) => ({
    id: r.id, createdAt: r.created_at, lastActiveAt: r.last_active_at, userAgent: r.user_agent ?? null, ip: r.ip ?? null, current: r.is_current,
  }));
}

/** End every session but this one (supabase-js signOut scope "others"): those devices are signed out at once. */
export async function endOtherSessions(): Promise<void> {
  const { error } = await getSupabase().auth.signOut({ scope: 'others' });
  if (error) throw error;
}

/** "Chrome on Linux"-style words for a user agent; the raw text when nothing is recognised. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = [['Edg/', 'Edge'], ['Firefox/', 'Firefox'], ['Chrome/', 'Chrome'], ['Safari/', 'Safari']].find(([k]) => userAgent.includes(k!))?.[1];
  const system = [['Android', 'Android'], ['iPhone', 'iPhone'], ['iPad', 'iPad'], ['Windows', 'Windows'], ['Mac OS', 'macOS'], ['Linux', 'Linux']].find(([k]) => userAgent.includes(k!))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
