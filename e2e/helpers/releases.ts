/**
 * The release store of the e2e run (global setup serves it under /releases/ and /registry/): publish
 * a build as a version, keep a registry per test (its own environment, so parallel tests never
 * share one), change it through the one writer as the release commands do, and the variants the
 * version-skew specs use, each built once per run.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describeBuild, FolderStore, promote, rollback, startCanary, updateRegistry, type ReleaseInfo } from '@need40/release';
import { appNamed } from '../../scripts/remotes.mjs';
import type { RemotesControl } from '../fixtures';
import { distOf, type RemoteName } from './paths';
import { buildRemoteVariant } from './redeploy';
import { readState } from './state';

export const releaseStore = (): FolderStore => new FolderStore(readState().releaseStore);

/** Publish the build in `dir` (copied first: release.json is written beside the files). */
export async function publish(remote: RemoteName, dir: string): Promise<ReleaseInfo> {
  const copy = path.join(readState().runDir, `publish-${remote}-${randomBytes(4).toString('hex')}`);
  cpSync(dir, copy, { recursive: true });
  const info = await describeBuild(appNamed(remote), copy);
  await releaseStore().publishVersion(remote, info.version, copy);
  return info;
}

/** The remote's own production build (the one the rest of the suite serves), as a version. */
export const publishLocal = (remote: RemoteName) => publish(remote, distOf(remote));

/** A registry of this test alone, read by the page: returns its environment's name. */
export async function useRegistry(remotes: RemotesControl, overrides: { registryTimeoutMs?: number } = {}): Promise<string> {
  const environment = `e2e-${randomBytes(5).toString('hex')}`;
  await remotes.set({ registry: `/registry/${environment}.json`, ...overrides });
  return environment;
}

const by = { actor: 'e2e', reason: 'e2e' };
const ref = (info: ReleaseInfo) => ({ version: info.version, integrity: info.integrity });

export const promoteIn = (environment: string, info: ReleaseInfo) => updateRegistry(releaseStore(), environment, (d) => promote(d, info.remote, ref(info)), by);
export const canaryIn = (environment: string, info: ReleaseInfo, percent: number) => updateRegistry(releaseStore(), environment, (d) => startCanary(d, info.remote, { ...ref(info), percent }), by);
export const rollbackIn = (environment: string, remote: RemoteName) => updateRegistry(releaseStore(), environment, (d) => rollback(d, remote), by);

/** The marker a marked variant renders (hidden): `<remote> <label>`. */
export const markerOf = (remote: RemoteName, label: string) => `${remote} ${label}`;

/**
 * A variant of `remote` whose every exposed component also renders
 * `<span hidden data-release-marker="<remote> <label>">`, with its package version set to `semver`
 * (the version's semver part) and optionally built against another kernel version.
 */
export function markedVariant(remote: RemoteName, label: string, semver: string, kernelVersion?: string): string {
  return buildRemoteVariant({
    remote,
    tag: `marked-${label}-${semver}-${kernelVersion ?? 'kernel'}`,
    ...(kernelVersion ? { kernelVersion } : {}),
    edit: (dir) => {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...pkg, version: semver }, null, 2));
      for (const file of Object.values(appNamed(remote).exposes ?? {})) {
        const target = path.join(dir, file);
        const inner = target.replace(/\.tsx$/, 'Inner.tsx');
        if (!existsSync(target)) throw new Error(`${remote} has no ${file}`);
        cpSync(target, inner);
        const name = `./${path.basename(inner, '.tsx')}`;
        writeFileSync(
          target,
          `import Inner from '${name}';\n\nexport default function Marked(props: Record<string, unknown>) {\n  return (\n    <>\n      <span hidden data-release-marker=${JSON.stringify(markerOf(remote, label))} />\n      <Inner {...(props as never)} />\n    </>\n  );\n}\n`,
        );
      }
    },
  });
}
