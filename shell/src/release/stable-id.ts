/**
 * The id canary assignment hashes (release/src/registry/canary.ts): the signed-in user's id, so a
 * person keeps their version across devices, else an anonymous id this browser keeps. Read before
 * the Supabase client exists (versions are chosen before anything renders), so the user comes from
 * the session supabase-js persisted under its default storage key, `sb-<first label of the
 * backend's host>-auth-token` (the kernel creates the client with that default).
 */
export const VISITOR_KEY = 'need40.visitor-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signedInUserId(storage: Storage, supabaseUrl: string): string | null {
  try {
    const raw = storage.getItem(`sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`);
    const id = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }).user?.id : null;
    return typeof id === 'string' && UUID.test(id) ? id : null;
  } catch {
    return null;
  }
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `v-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The signed-in user's id, else this browser's visitor id (created and kept on first use). */
export function stableId(supabaseUrl: string, storage: Storage | null = safeLocalStorage()): string {
  if (!storage) return newId();
  const user = signedInUserId(storage, supabaseUrl);
  if (user) return user;
  let visitor = storage.getItem(VISITOR_KEY);
  if (!visitor || visitor.length > 80) {
    visitor = newId();
    try {
      storage.setItem(VISITOR_KEY, visitor);
    } catch {
      /* storage full or refused: this load keeps the new id */
    }
  }
  return visitor;
}

export function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
