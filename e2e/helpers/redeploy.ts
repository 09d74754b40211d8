/**
 * Build another version of one remote, as its team would, for the redeploy and release specs: a
 * copy of its source in the run's scratch directory, changed by `edit`, built with the same rspack
 * config factory (new content hashes, same remote name and contract). `kernelVersion` builds it
 * against a @need40/shared of that version instead of the workspace's (a remote of another kernel).
 * A variant is built once per run, whichever worker asks first (a `tag` names one edit): the other
 * workers and later specs wait for it and reuse it.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { packageOf, ROOT, RUNTIME_DIR } from './paths';
import { readState } from './state';

export interface VariantOptions {
  /** The remote's name in remotes.manifest.json. */
  remote: string;
  /** Names the build's folder. */
  tag: string;
  /** Change the copied source (`dir` is the copy's root, with src/ and public/). */
  edit?: (dir: string) => void;
  /** Build against @need40/shared at this version (the kernel's package.json, same source). */
  kernelVersion?: string;
}

/** Link `from`'s node_modules into `to` by absolute paths, leaving @need40/shared out. */
function linkDependencies(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    if (entry.startsWith('@')) {
      mkdirSync(path.join(to, entry), { recursive: true });
      for (const inner of readdirSync(source)) {
        if (`${entry}/${inner}` !== '@need40/shared') symlinkSync(realpathSync(path.join(source, inner)), path.join(to, entry, inner));
      }
    } else {
      symlinkSync(realpathSync(source), path.join(to, entry));
    }
  }
}

/** A @need40/shared of `version`: its package.json with that version, its real source. */
function kernelAt(version: string, modules: string): void {
  const kernel = path.join(modules, '@need40/shared');
  mkdirSync(kernel, { recursive: true });
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')) as { version: string };
  writeFileSync(path.join(kernel, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2));
  symlinkSync(path.join(ROOT, 'shared/src'), path.join(kernel, 'src'));
  symlinkSync(path.join(ROOT, 'shared/node_modules'), path.join(kernel, 'node_modules'));
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Build the variant (once per run); returns its dist/ (serve it in place of the remote's, or publish it). */
export function buildRemoteVariant(options: VariantOptions): string {
  // Inside the run's scratch directory, which the global teardown removes.
  const dir = path.join(readState().runDir ?? RUNTIME_DIR, `variant-${options.remote}-${options.tag}`);
  const done = `${dir}.done`;
  const out = path.join(dir, 'dist');
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (existsSync(done)) return out;
    try {
      mkdirSync(`${dir}.lock`);
      break; // this worker builds it
    } catch {
      if (Date.now() > deadline) throw new Error(`waited 240 s for another worker's build of ${options.remote} (${options.tag})`);
      sleep(250);
    }
  }
  try {
    buildInto(dir, options);
    writeFileSync(done, '');
    return out;
  } finally {
    rmSync(`${dir}.lock`, { recursive: true, force: true });
  }
}

function buildInto(dir: string, { remote, tag, edit, kernelVersion }: VariantOptions): void {
  const src = path.join(ROOT, packageOf(remote));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // A remote's public/ is optional (its standalone page comes from the rspack factory's template).
  for (const part of ['src', 'public', 'package.json']) {
    if (existsSync(path.join(src, part))) cpSync(path.join(src, part), path.join(dir, part), { recursive: true });
  }
  if (kernelVersion) {
    linkDependencies(path.join(src, 'node_modules'), path.join(dir, 'node_modules'));
    kernelAt(kernelVersion, path.join(dir, 'node_modules'));
  } else {
    symlinkSync(path.join(src, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  }
  edit?.(dir);
  const factory = path.join(ROOT, 'scripts/rspack/create-config.mjs');
  writeFileSync(
    path.join(dir, 'rspack.config.mjs'),
    `import { rspack } from '@rspack/core';\nimport { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';\nimport { createAppConfig } from ${JSON.stringify(factory)};\nexport default createAppConfig({ rspack, ModuleFederationPlugin, name: ${JSON.stringify(remote)}, dir: import.meta.dirname });\n`,
  );
  const cli = path.join(src, 'node_modules/@rspack/cli/bin/rspack.js');
  const r = spawnSync(process.execPath, [cli, 'build', '--mode', 'production'], { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(path.join(dir, 'dist/mf-manifest.json'))) throw new Error(`build of ${remote} (${tag}) failed:\n${r.stdout}\n${r.stderr}`);
}

/** Replace `find` (which must be there) by `replace` in the file at `dir`/`file`. */
export function editFile(dir: string, file: string, find: string, replace: string): void {
  const target = path.join(dir, file);
  const text = readFileSync(target, 'utf8');
  if (!text.includes(find)) throw new Error(`${file} no longer contains ${JSON.stringify(find)}`);
  writeFileSync(target, text.replace(find, () => replace));
}

export const REDEPLOY_MARKER = 'Campaign v2 redeployed on its own';

/** mf-campaign whose exposed ./Campaign renders a visible banner above the real component. */
export function buildRedeployedCampaign(): string {
  return buildRemoteVariant({
    remote: 'campaign',
    tag: 'v2',
    edit: (dir) => {
      cpSync(path.join(dir, 'src/app/Campaign.tsx'), path.join(dir, 'src/app/CampaignV1.tsx'));
      writeFileSync(
        path.join(dir, 'src/app/Campaign.tsx'),
        `import CampaignV1 from './CampaignV1';\n\nexport default function Campaign() {\n  return (\n    <>\n      <p data-testid="redeploy-marker">${REDEPLOY_MARKER}</p>\n      <CampaignV1 />\n    </>\n  );\n}\n`,
      );
    },
  });
}
