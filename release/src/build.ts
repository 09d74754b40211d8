/**
 * `pnpm release <remote>`, the build half: build one remote from the working tree into a fresh
 * folder (the same rspack factory as every build; `publicPath: 'auto'`, so the files work from
 * any URL), name the result by its content, and describe it in release.json.
 *   version   = <package.json version>+<first 10 hex of a SHA-256 over every file's path and bytes>
 *               (rspack's output is deterministic: the same source gives the same version)
 *   integrity = sha384 of remoteEntry.js, as Subresource Integrity writes it; the shell sets it on
 *               the entry's <script>, so a version's entry cannot change under the same name.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../../scripts/remotes.mjs';
import { packageDir, ROOT } from './paths';

export const RELEASE_INFO = 'release.json';
export const ENTRY = 'remoteEntry.js';

/** What release.json says about a version (the store's copy of it is what the gates read). */
export interface ReleaseInfo {
  remote: string;
  package: string;
  version: string;
  integrity: string;
  /** The shared packages and the ranges this version asks of the page (from its mf-manifest.json). */
  shared: { name: string; requiredVersion: string }[];
  /** Its exposed modules, as the manifest lists them ('Campaign'). */
  exposes: string[];
  builtAt: string;
  /** The commit it was built from, and whether the working tree had changes. */
  commit: string | null;
  dirty: boolean;
  /** Checks made when it was built (the contract type check). */
  checks: Record<string, { passed: boolean; detail: string }>;
}

async function filesOf(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesOf(dir, rel)));
    else if (rel !== RELEASE_INFO) out.push(rel);
  }
  return out.sort();
}

/** The content hash (10 hex) and the entry's SRI hash of a build folder. */
export async function hashBuild(dir: string): Promise<{ hash: string; integrity: string }> {
  const all = createHash('sha256');
  for (const file of await filesOf(dir)) {
    all.update(`${file}\0`).update(createHash('sha256').update(await readFile(path.join(dir, file))).digest()).update('\0');
  }
  const entry = await readFile(path.join(dir, ENTRY));
  return { hash: all.digest('hex').slice(0, 10), integrity: `sha384-${createHash('sha384').update(entry).digest('base64')}` };
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`))));
  });
}

/** Build `app` from its package folder into a new temporary folder; resolves that folder. */
export async function buildRemote(app: App): Promise<string> {
  const out = await mkdtemp(path.join(os.tmpdir(), `need40-release-${app.name}-`));
  const dir = packageDir(app);
  await run(process.execPath, [path.join(dir, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], { cwd: dir, env: { NEED40_OUT_DIR: out } });
  return out;
}

async function git(args: string[]): Promise<string | null> {
  return run('git', args, { cwd: ROOT }).then((s) => s.trim(), () => null);
}

/**
 * Describe the build in `dir` (its version, integrity, manifest facts) and write release.json into
 * it. The semver part is the package version the build was made from (its manifest's buildVersion).
 */
export async function describeBuild(app: App, dir: string, checks: ReleaseInfo['checks'] = {}): Promise<ReleaseInfo> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    metaData?: { name?: string; buildInfo?: { buildVersion?: string } };
    shared?: { name: string; requiredVersion?: string }[];
    exposes?: { name: string }[];
  };
  if (manifest.metaData?.name !== app.name) throw new Error(`${dir} is not a build of ${app.name} (its manifest names ${manifest.metaData?.name})`);
  const semver = manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0';
  const { hash, integrity } = await hashBuild(dir);
  const info: ReleaseInfo = {
    remote: app.name,
    package: app.package,
    version: `${semver}+${hash}`,
    integrity,
    shared: (manifest.shared ?? []).filter((s) => typeof s.requiredVersion === 'string').map((s) => ({ name: s.name, requiredVersion: s.requiredVersion! })),
    exposes: (manifest.exposes ?? []).map((e) => e.name).sort(),
    builtAt: new Date().toISOString(),
    commit: await git(['rev-parse', 'HEAD']),
    dirty: ((await git(['status', '--porcelain', '--', app.package, 'shared', 'ui', 'scripts/rspack'])) ?? '') !== '',
    checks,
  };
  await writeFile(path.join(dir, RELEASE_INFO), `${JSON.stringify(info, null, 2)}\n`);
  return info;
}
