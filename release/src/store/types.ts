/**
 * Where releases live: the published versions (immutable) and, per environment, the registry and
 * its history. Two kinds: a folder the static host serves (folder.ts, the default) and an
 * S3-compatible bucket (s3.ts). Layout, the same in both:
 *
 *   releases/<remote>/<version>/…      one published version: the build, plus release.json
 *   registry/<environment>.json        served no-cache to the shell
 *   history/<environment>…             every change of the registry, oldest first (not served)
 */
import type { Change, RegistryDoc } from '../registry/types';

export interface RegistryRead {
  doc: RegistryDoc;
  /** What `commitRegistry` compares against: the revision (folder) or the object's ETag (S3); null when absent. */
  token: string | null;
}

export interface ReleaseStore {
  /** For messages: the folder or the bucket. */
  readonly description: string;
  /**
   * Publish the files of `dir` as `<remote>/<version>`. Never overwrites: a version that is
   * already there is left as it is and 'exists' is answered (the version names its content).
   */
  publishVersion(remote: string, version: string, dir: string): Promise<'published' | 'exists'>;
  /** One file of a published version, or null when the version (or file) is not there. */
  readVersionFile(remote: string, version: string, file: string): Promise<Buffer | null>;
  listVersions(remote: string): Promise<string[]>;
  /** The registry of `environment` (an empty one, token null, when nothing was released there). */
  readRegistry(environment: string): Promise<RegistryRead>;
  /**
   * Compare-and-swap: write `next` only if the registry is still at `token`, and append `change`
   * to the history. Resolves false (nothing written) when another writer got there first.
   */
  commitRegistry(environment: string, next: RegistryDoc, token: string | null, change: Change): Promise<boolean>;
  readHistory(environment: string): Promise<Change[]>;
}
