/**
 * The parties of the realtime fuzz suites: the room policies installed, a victim, an attacker,
 * every token the attacker may present (the anon key, its own, and those forged from it), and the
 * victim's private message thread with a poster (`thread:<application id>`, the app's own policies).
 */
import type { TestBackend } from '../harness';
import { ROOM_POLICIES } from '../realtime/room-policies';
import { apply, createUser, postGig, type TestUser } from '../rest/helpers';
import { forgedTokens } from './helpers';

export async function victimAndTokens(be: TestBackend, prefix: string): Promise<{ victim: TestUser; thread: string; tokens: string[] }> {
  await be.db.transaction((tx) => tx.exec(ROOM_POLICIES));
  const victim = await createUser(be, `${prefix}-victim@example.com`);
  const attacker = await createUser(be, `${prefix}-attacker@example.com`);
  const poster = await createUser(be, `${prefix}-poster@example.com`);
  const thread = `thread:${await apply(be, victim, await postGig(be, poster))}`;
  const forged = await forgedTokens(be, attacker.token, victim);
  return { victim, thread, tokens: [be.config.ANON_KEY, attacker.token, ...Object.values(forged.bearer)] };
}
