/**
 * A change payload carries only the columns the subscriber's role may select: a profile's
 * contact columns (not granted to anon or authenticated) never travel over /realtime/v1, not even
 * to the profile's owner, while the service role, which may select them, receives them.
 * profiles is not in the app's publication; this test publishes it in its own database.
 */
import { describe, expect, it } from 'vitest';
import type { TestBackend } from '../harness';
import { createUser, rest, type TestUser } from '../rest/helpers';
import { Inbox, subscribed } from './helpers';
import { realtimeBackend } from './suite';

let be: TestBackend;
let owner: TestUser;
type Change = { eventType: string; new: Record<string, unknown> };

const open = realtimeBackend(async (started) => {
  be = started;
  owner = await createUser(be, `owner-${Date.now()}@example.com`, 'Olive Owner');
  await be.db.transaction((tx) => tx.exec('alter publication supabase_realtime add table public.profiles'));
});

const listen = async (token: string | undefined, name: string) => {
  const c = await open(token);
  const inbox = new Inbox<Change>();
  await subscribed(c.sb.channel(name).on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'profiles' }, (p) => inbox.push(p as never)));
  return inbox;
};

describe('postgres_changes payload columns', () => {
  it('a visitor and the owner receive the profile change without contact_email or contact_phone; the service role with them', async () => {
    const visitor = await listen(undefined, 'profiles-visitor');
    const self = await listen(owner.token, 'profiles-owner');
    const service = await listen(be.config.SERVICE_ROLE_KEY, 'profiles-service');
    const res = await rest(be, `/profiles?id=eq.${owner.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: JSON.stringify({ bio: 'Gardener', contact_email: 'olive@contact.example', contact_phone: '+1 555 0100' }),
    });
    expect(res.status).toBe(204);
    for (const inbox of [visitor, self]) {
      const [change] = await inbox.count(1);
      expect(change!.new).toMatchObject({ id: owner.id, bio: 'Gardener', full_name: 'Olive Owner' });
      expect(Object.keys(change!.new)).not.toContain('contact_email');
      expect(Object.keys(change!.new)).not.toContain('contact_phone');
    }
    const [full] = await service.count(1);
    expect(full!.new).toMatchObject({ id: owner.id, bio: 'Gardener', contact_email: 'olive@contact.example', contact_phone: '+1 555 0100' });
  });
});
