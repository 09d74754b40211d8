/** What the release tests share: a temporary store and well-formed version references. */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import type { VersionRef } from '../src/registry/types';
import { FolderStore } from '../src/store/folder';

export function tempDir(prefix = 'need40-release-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A version `<semver>+<10 hex>` and an SRI hash derived from `seed` (deterministic). */
export function ref(seed: string, semver = '0.1.0'): VersionRef {
  const hex = createHash('sha256').update(seed).digest('hex').slice(0, 10);
  return { version: `${semver}+${hex}`, integrity: `sha384-${createHash('sha384').update(seed).digest('base64')}` };
}

/** A folder store in a temporary folder for the file's tests (made before them, removed after). */
export function folderStoreForTests(): { store: FolderStore; dir: string } {
  const holder = {} as { store: FolderStore; dir: string };
  let remove = () => undefined as void;
  before(() => {
    const tmp = tempDir();
    holder.dir = tmp.dir;
    holder.store = new FolderStore(tmp.dir);
    remove = tmp.remove;
  });
  after(() => remove());
  return holder;
}
