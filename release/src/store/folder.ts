/**
 * The release store as a folder (the default; `pnpm start` and the e2e suite serve it under
 * /releases/ and /registry/). Publishing stages the files beside their final place and renames
 * the folder in: a version appears whole or not at all, and a rename onto a version that exists
 * fails, so nothing published is ever overwritten. The registry's compare-and-swap runs under a
 * lock file (proper-lockfile: an atomic mkdir, refreshed while held, taken over when stale after a
 * crash) and replaces the file by an atomic rename, so a reader never sees half a document.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { emptyRegistry, isEnvironment, isRemoteName, isVersion, parseRegistry } from '../registry/format';
import type { Change, RegistryDoc } from '../registry/types';
import type { RegistryRead, ReleaseStore } from './types';

const LOCK = { stale: 10_000, update: 2_000, realpath: false, retries: { retries: 200, factor: 1.2, minTimeout: 10, maxTimeout: 250 } };

function check(kind: 'remote' | 'version' | 'environment', value: string): string {
  const ok = kind === 'remote' ? isRemoteName(value) : kind === 'version' ? isVersion(value) : isEnvironment(value);
  if (!ok) throw new Error(`not a valid ${kind} name: ${JSON.stringify(value).slice(0, 60)}`);
  return value;
}

/** Write `text` to `file` through a temporary file and a rename (readers see old or new, never half). */
async function replaceFile(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

const readOrNull = (file: string) => readFile(file).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' || e.code === 'ENOTDIR' ? null : Promise.reject(e)));

export class FolderStore implements ReleaseStore {
  readonly description: string;
  constructor(readonly root: string) {
    this.description = `folder ${root}`;
  }

  private versionDir(remote: string, version: string): string {
    return path.join(this.root, 'releases', check('remote', remote), check('version', version));
  }
  private registryFile(environment: string): string {
    return path.join(this.root, 'registry', `${check('environment', environment)}.json`);
  }
  private historyFile(environment: string): string {
    return path.join(this.root, 'history', `${check('environment', environment)}.jsonl`);
  }

  async publishVersion(remote: string, version: string, dir: string): Promise<'published' | 'exists'> {
    const target = this.versionDir(remote, version);
    const staging = path.join(path.dirname(target), `.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
    await mkdir(path.dirname(target), { recursive: true });
    await cp(dir, staging, { recursive: true });
    try {
      // Linux renames a folder onto an existing empty one; a published version is never empty.
      await rename(staging, target);
      return 'published';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') return 'exists';
      throw error;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async readVersionFile(remote: string, version: string, file: string): Promise<Buffer | null> {
    const dir = this.versionDir(remote, version);
    const target = path.resolve(dir, file);
    if (!target.startsWith(dir + path.sep)) throw new Error(`not a file of the version: ${file}`);
    return readOrNull(target);
  }

  async listVersions(remote: string): Promise<string[]> {
    const dir = path.join(this.root, 'releases', check('remote', remote));
    const names = await readdir(dir).catch(() => [] as string[]);
    return names.filter(isVersion).sort();
  }

  async readRegistry(environment: string): Promise<RegistryRead> {
    const text = await readOrNull(this.registryFile(environment));
    if (!text) return { doc: emptyRegistry(environment), token: null };
    const doc = parseRegistry(JSON.parse(text.toString('utf8')));
    return { doc, token: String(doc.revision) };
  }

  async commitRegistry(environment: string, next: RegistryDoc, token: string | null, change: Change): Promise<boolean> {
    const file = this.registryFile(environment);
    await mkdir(path.dirname(file), { recursive: true });
    await mkdir(path.dirname(this.historyFile(environment)), { recursive: true });
    const release = await lockfile.lock(file, { ...LOCK, lockfilePath: `${file}.lock` });
    try {
      const { doc, token: now } = await this.readRegistry(environment);
      if (now !== token) return false;
      await this.repairHistory(environment, doc);
      await replaceFile(file, `${JSON.stringify(next, null, 2)}\n`);
      await appendFile(this.historyFile(environment), `${JSON.stringify(change)}\n`);
      return true;
    } finally {
      await release();
    }
  }

  /** A crash between the registry's rename and the history's append lost a line: put it back. */
  private async repairHistory(environment: string, doc: RegistryDoc): Promise<void> {
    if (!doc.change || doc.change.revision !== doc.revision) return;
    const history = await this.readHistory(environment);
    if ((history.at(-1)?.revision ?? 0) < doc.revision) await appendFile(this.historyFile(environment), `${JSON.stringify(doc.change)}\n`);
  }

  async readHistory(environment: string): Promise<Change[]> {
    const text = await readOrNull(this.historyFile(environment));
    if (!text) return [];
    return text
      .toString('utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Change);
  }
}
