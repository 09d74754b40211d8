/**
 * The frame of most realtime test files: one backend, started before the file's tests and closed
 * after them together with every client opened on it.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestBackend, type TestBackend } from '../harness';
import { createUser, type TestUser } from '../rest/helpers';
import { closeAll, rtClient, type RtClient } from './helpers';
import { ROOM_POLICIES } from './room-policies';

/**
 * Registers the file's hooks; `ready` runs once the backend is up (keep `be`, add users there).
 * Returns `open(token?, from?)`: a client acting as `token` (the anon key when omitted), from the
 * loopback address `from` when given (for per-IP limits), closed at the end.
 */
export function realtimeBackend(ready: (be: TestBackend) => unknown, env: Record<string, string> = {}): (token?: string, from?: string) => Promise<RtClient> {
  let be: TestBackend | undefined;
  const clients: RtClient[] = [];
  beforeAll(async () => {
    be = await startTestBackend(env);
    await ready(be);
  });
  afterAll(async () => {
    await closeAll(clients);
    await be?.close();
  });
  return async (token, from) => {
    const c = await rtClient(be!, token, undefined, from);
    clients.push(c);
    return c;
  };
}

/** The room policies installed, and two members: ann and bob (emails start with `prefix`). */
export async function roomMembers(be: TestBackend, prefix: string): Promise<{ ann: TestUser; bob: TestUser }> {
  await be.db.transaction((tx) => tx.exec(ROOM_POLICIES));
  const ann = await createUser(be, `${prefix}-ann-${Date.now()}@example.com`);
  return { ann, bob: await createUser(be, `${prefix}-bob-${Date.now()}@example.com`) };
}
