/**
 * The parties of the realtime fuzz suites: the room policies installed, a victim, an attacker,
 * and every token the attacker may present (the anon key, its own, and those forged from it).
 */
import type { TestBackend } from '../harness';
import { ROOM_POLICIES } from '../realtime/room-policies';
import { createUser, type TestUser } from '../rest/helpers';
import { forgedTokens } from './helpers';

export async function victimAndTokens(be: TestBackend, prefix: string): Promise<{ victim: TestUser; tokens: string[] }> {
  await be.db.transaction((tx) => tx.exec(ROOM_POLICIES));
  const victim = await createUser(be, `${prefix}-victim@example.com`);
  const attacker = await createUser(be, `${prefix}-attacker@example.com`);
  const forged = await forgedTokens(be, attacker.token, victim);
  return { victim, tokens: [be.config.ANON_KEY, attacker.token, ...Object.values(forged.bearer)] };
}
