/**
 * The one way the registry changes: read it, apply one change, compare-and-swap it back, append
 * the change to the history. When another writer committed in between, the swap is refused and
 * the change is applied again to what that writer left (its work is kept, never overwritten); a
 * change that no longer makes sense on the new document (the canary it would drop was already
 * promoted) throws instead of being forced. The same loop serves a person's command and the
 * automatic rollback (watch.ts), so there is exactly one writer's logic whatever the store.
 *
 * @example
 *   await updateRegistry(store, 'production', (doc) => promote(doc, 'campaign', ref), { actor, reason });
 */
import os from 'node:os';
import type { ReleaseStore } from './store/types';
import type { Change, RegistryDoc } from './registry/types';

/** What a mutation returns: the remotes after the change and the history line (without the bookkeeping). */
export interface Mutation {
  remotes: RegistryDoc['remotes'];
  change: Omit<Change, 'revision' | 'at' | 'actor' | 'reason'>;
}

export class RegistryConflictError extends Error {
  override readonly name = 'RegistryConflictError';
}

export interface UpdateOptions {
  /** Who made the change (RELEASE_ACTOR, else user@host). */
  actor?: string;
  reason: string;
  /** Swap attempts before giving up (each lost race costs one). */
  attempts?: number;
  now?: () => Date;
}

export function defaultActor(env: NodeJS.ProcessEnv = process.env): string {
  return env.RELEASE_ACTOR || `${os.userInfo().username}@${os.hostname()}`;
}

/** Apply `mutate` to the registry of `environment` and commit it; resolves the new document. */
export async function updateRegistry(
  store: ReleaseStore,
  environment: string,
  mutate: (doc: RegistryDoc) => Mutation,
  { actor = defaultActor(), reason, attempts = 50, now = () => new Date() }: UpdateOptions,
): Promise<RegistryDoc> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const { doc, token } = await store.readRegistry(environment);
    const { remotes, change } = mutate(doc);
    const at = now().toISOString();
    const line: Change = { ...change, revision: doc.revision + 1, at, actor, reason };
    const next: RegistryDoc = { schema: 1, environment, revision: doc.revision + 1, updatedAt: at, remotes, change: line };
    if (await store.commitRegistry(environment, next, token, line)) return next;
  }
  throw new RegistryConflictError(`the registry of ${environment} changed ${attempts} times while this change was being written; try again`);
}
