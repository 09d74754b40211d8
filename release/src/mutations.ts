/**
 * The registry changes, as pure functions of the document (writer.ts commits them). Each refuses
 * with a RefusedChange when it does not apply, with a sentence for the person who asked.
 */
import type { CanaryRef, RegistryDoc, RemoteEntry, VersionRef } from './registry/types';
import type { Mutation } from './writer';

export class RefusedChange extends Error {
  override readonly name = 'RefusedChange';
}

const withEntry = (doc: RegistryDoc, remote: string, entry: RemoteEntry): RegistryDoc['remotes'] => ({ ...doc.remotes, [remote]: entry });

/** `ref` becomes current; current becomes previous; a running canary ends (it was this version, or is superseded). */
export function promote(doc: RegistryDoc, remote: string, ref: VersionRef): Mutation {
  const entry = doc.remotes[remote];
  if (entry?.current.version === ref.version && !entry.canary) throw new RefusedChange(`${remote} ${ref.version} is already current`);
  const previous = entry && entry.current.version !== ref.version ? entry.current : (entry?.previous ?? null);
  return {
    remotes: withEntry(doc, remote, { current: ref, previous, canary: null }),
    change: { action: 'promote', remote, version: ref.version, from: entry?.current.version ?? null },
  };
}

/** Start (or resize) a canary of `ref` on `percent` of visitors. */
export function startCanary(doc: RegistryDoc, remote: string, ref: CanaryRef): Mutation {
  const entry = doc.remotes[remote];
  if (!entry) throw new RefusedChange(`${remote} has no current version in ${doc.environment} yet: promote a first version (a canary needs one to fall back to)`);
  if (entry.current.version === ref.version) throw new RefusedChange(`${remote} ${ref.version} is already current`);
  return {
    remotes: withEntry(doc, remote, { ...entry, canary: ref }),
    change: { action: 'canary', remote, version: ref.version, from: entry.canary?.version ?? null, percent: ref.percent },
  };
}

/**
 * Undo the last step: a running canary ends (everyone is back on current); otherwise previous
 * becomes current again. The version rolled away from is not kept as `previous` (a second rollback
 * must not bring it back); the history keeps it.
 */
export function rollback(doc: RegistryDoc, remote: string, action: 'rollback' | 'auto-rollback' = 'rollback'): Mutation {
  const entry = doc.remotes[remote];
  if (!entry) throw new RefusedChange(`${remote} was never released to ${doc.environment}`);
  if (entry.canary) {
    return {
      remotes: withEntry(doc, remote, { ...entry, canary: null }),
      change: { action, remote, version: null, from: entry.canary.version },
    };
  }
  if (!entry.previous) throw new RefusedChange(`${remote} has no previous version in ${doc.environment} to roll back to`);
  return {
    remotes: withEntry(doc, remote, { current: entry.previous, previous: null, canary: null }),
    change: { action, remote, version: entry.previous.version, from: entry.current.version },
  };
}

/** The automatic rollback of one canary version: refused when that canary is no longer running. */
export function rollbackCanary(doc: RegistryDoc, remote: string, version: string): Mutation {
  if (doc.remotes[remote]?.canary?.version !== version) throw new RefusedChange(`${remote}'s canary is no longer ${version}`);
  return rollback(doc, remote, 'auto-rollback');
}
