/**
 * `pnpm release <remote>`: build the remote (or take a build folder, `--from`), type-check its
 * exposed modules against the contract at the same time, describe the result (release.json) and
 * publish it to the store. Never overwrites: publishing a version that exists changes nothing.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildRemote, describeBuild, type ReleaseInfo } from './build';
import { checkContract } from './gates/contract';
import { remoteApp } from './paths';
import type { ReleaseStore } from './store/types';

export interface Published {
  info: ReleaseInfo;
  status: 'published' | 'exists';
  /** Seconds per step, for the figures in docs/releasing.md. */
  timings: Record<string, number>;
}

const since = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

export async function publishRemote(store: ReleaseStore, nameOrPackage: string, { from }: { from?: string } = {}): Promise<Published> {
  const app = remoteApp(nameOrPackage);
  const timings: Record<string, number> = {};
  const t0 = performance.now();
  // The build and the contract's type check are independent: run them side by side.
  // A given build folder is copied first: release.json is written beside the files.
  const copy = async (source: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `need40-release-${app.name}-`));
    await cp(source, dir, { recursive: true });
    return dir;
  };
  const [dir, contract] = await Promise.all([
    from ? copy(from) : buildRemote(app).finally(() => (timings.build = since(t0))),
    checkContract(app).finally(() => (timings.contract = since(t0))),
  ]);
  try {
    const info = await describeBuild(app, dir, { contract: { passed: contract.passed, detail: contract.detail } });
    const t1 = performance.now();
    const status = await store.publishVersion(app.name, info.version, dir);
    timings.publish = since(t1);
    return { info, status, timings };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
