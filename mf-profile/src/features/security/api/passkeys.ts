import { getSupabase } from '@need40/shared';

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The member's passkeys, or null when the site does not offer passkeys (the server says `passkey_disabled`). */
export async function listPasskeys(): Promise<Passkey[] | null> {
  const { data, error } = await getSupabase().auth.passkey.list();
  if (error) {
    if (error.code === 'passkey_disabled' || error.status === 404) return null;
    throw error;
  }
  return (data ?? []).map((p) => ({ id: p.id, name: p.friendly_name || 'Passkey', createdAt: p.created_at, lastUsedAt: p.last_used_at ?? null }));
}

/** Create a passkey on this device (the browser asks the person) and register it. */
export async function addPasskey(): Promise<void> {
  const { error } = await getSupabase().auth.registerPasskey();
  if (error) throw error;
}

export async function removePasskey(id: string): Promise<void> {
  const { error } = await getSupabase().auth.passkey.delete({ passkeyId: id });
  if (error) throw error;
}
