/**
 * The shapes the registry accepts, checked the same way by the writer (before it writes) and by
 * the shell (after it reads): a malformed document is refused whole, never half-used.
 */
import type { CanaryRef, Change, RegistryDoc, RemoteEntry, VersionRef } from './types';

/** `<semver>+<10 hex of the content hash>`, e.g. 0.1.0+3f2a9c01be (semver build metadata). */
export const VERSION_PATTERN = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(-[0-9A-Za-z.-]{1,40})?\+[0-9a-f]{10}$/;
/** A remote's name as remotes.manifest.json spells it. */
export const REMOTE_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;
/** Environment names are file names in the store: nothing that could climb out of it. */
export const ENVIRONMENT_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const INTEGRITY_PATTERN = /^sha(256|384|512)-[A-Za-z0-9+/]{40,90}={0,2}$/;

export const isVersion = (v: unknown): v is string => typeof v === 'string' && VERSION_PATTERN.test(v);
export const isRemoteName = (v: unknown): v is string => typeof v === 'string' && REMOTE_PATTERN.test(v);
export const isEnvironment = (v: unknown): v is string => typeof v === 'string' && ENVIRONMENT_PATTERN.test(v);
export const isIntegrity = (v: unknown): v is string => typeof v === 'string' && INTEGRITY_PATTERN.test(v);
/** A canary share: more than 0, at most 100, in steps of 0.01 (the buckets of canary.ts). */
export const isPercent = (v: unknown): v is number => typeof v === 'number' && v > 0 && v <= 100 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9;

export class RegistryFormatError extends Error {
  override readonly name = 'RegistryFormatError';
}

const fail = (where: string, what: string): never => {
  throw new RegistryFormatError(`registry: ${where} ${what}`);
};
const record = (v: unknown, where: string): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(where, 'is not an object');

function versionRef(raw: unknown, where: string): VersionRef {
  const o = record(raw, where);
  if (!isVersion(o.version)) fail(`${where}.version`, 'is not <semver>+<hash>');
  if (!isIntegrity(o.integrity)) fail(`${where}.integrity`, 'is not an SRI hash');
  return { version: o.version as string, integrity: o.integrity as string };
}

function canaryRef(raw: unknown, where: string): CanaryRef | null {
  if (raw == null) return null;
  const ref = versionRef(raw, where);
  const percent = record(raw, where).percent;
  if (!isPercent(percent)) fail(`${where}.percent`, 'is not a share between 0.01 and 100');
  return { ...ref, percent: percent as number };
}

function remoteEntry(raw: unknown, where: string): RemoteEntry {
  const o = record(raw, where);
  return {
    current: versionRef(o.current, `${where}.current`),
    previous: o.previous == null ? null : versionRef(o.previous, `${where}.previous`),
    canary: canaryRef(o.canary, `${where}.canary`),
  };
}

function change(raw: unknown): Change | null {
  if (raw == null) return null;
  const o = record(raw, 'change');
  if (!Number.isSafeInteger(o.revision) || typeof o.action !== 'string' || !isRemoteName(o.remote)) fail('change', 'is incomplete');
  return o as unknown as Change;
}

/** The document, checked whole. Throws RegistryFormatError naming the first bad field. */
export function parseRegistry(raw: unknown): RegistryDoc {
  const o = record(raw, 'document');
  if (o.schema !== 1) fail('schema', 'is not 1');
  if (!isEnvironment(o.environment)) fail('environment', 'is not an environment name');
  if (!Number.isSafeInteger(o.revision) || (o.revision as number) < 0) fail('revision', 'is not a revision number');
  const remotes: Record<string, RemoteEntry> = {};
  for (const [name, entry] of Object.entries(record(o.remotes, 'remotes'))) {
    if (!isRemoteName(name)) fail(`remotes["${String(name).slice(0, 40)}"]`, 'is not a remote name');
    remotes[name] = remoteEntry(entry, `remotes.${name}`);
  }
  return {
    schema: 1,
    environment: o.environment as string,
    revision: o.revision as number,
    updatedAt: typeof o.updatedAt === 'string' ? o.updatedAt : '',
    remotes,
    change: change(o.change),
  };
}

/** An empty registry (revision 0) for an environment nothing was released to yet. */
export function emptyRegistry(environment: string): RegistryDoc {
  return { schema: 1, environment, revision: 0, updatedAt: '', remotes: {}, change: null };
}
