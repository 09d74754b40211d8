/**
 * Gate 2 — the shell ↔ remote contract.
 *   exposes:  the version exposes exactly the modules remotes.manifest.json lists for the remote
 *             (the shell loads them by these names);
 *   contract: each exposed module's default export is a React component taking the props the
 *             kernel's contract names for it (`ExposedContract` in shared/src/contract.ts), and the
 *             remote exposes every module the contract lists for it. Checked with the TypeScript
 *             compiler over the remote's source when the version is built (the federation type
 *             output would cost ~20 s a build: PITFALLS of `dts`); the verdict goes into release.json.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { App } from '../../../scripts/remotes.mjs';
import { packageDir } from '../paths';
import type { ReleaseInfo } from '../build';
import type { GateResult } from './types';

const exposeName = (key: string) => key.replace(/^\.\//, '');

export function checkExposes(app: App, info: Pick<ReleaseInfo, 'exposes'>): GateResult {
  const want = Object.keys(app.exposes ?? {}).map(exposeName).sort();
  const have = [...info.exposes].sort();
  const missing = want.filter((e) => !have.includes(e));
  const extra = have.filter((e) => !want.includes(e));
  if (!missing.length && !extra.length) return { gate: 'exposes', passed: true, detail: `exposes ${have.join(', ')}` };
  return { gate: 'exposes', passed: false, detail: [missing.length && `missing ${missing.join(', ')}`, extra.length && `not in remotes.manifest.json: ${extra.join(', ')}`].filter(Boolean).join('; ') };
}

/** The TypeScript file that holds the remote's exposed components to the contract. */
export function contractSource(app: App): string {
  const dir = packageDir(app);
  const entries = Object.entries(app.exposes ?? {}).map(([key, file], i) => ({ id: `${app.name}/${exposeName(key)}`, file: path.join(dir, file).replace(/\.tsx?$/, ''), i }));
  const checked = entries.map((e) => `'${e.id}'`).join(' | ') || 'never';
  return [
    "import type { ComponentType } from 'react';",
    "import type { ExposedContract } from '@need40/shared';",
    ...entries.map((e) => `import m${e.i} from ${JSON.stringify(e.file)};`),
    ...entries.map((e) => `export const c${e.i}: ComponentType<ExposedContract['${e.id}']> = m${e.i};`),
    `type Checked = ${checked};`,
    `type Listed = Extract<keyof ExposedContract, \`${app.name}/\${string}\`>;`,
    '// Every module the contract lists for this remote is exposed, and nothing unlisted is.',
    'export const exact: [Listed] extends [Checked] ? ([Checked] extends [Listed] ? true : false) : false = true;',
    '',
  ].join('\n');
}

/** Type-check the remote's source against the contract (the remote's own TypeScript and tsconfig). */
export async function checkContract(app: App): Promise<GateResult> {
  const dir = packageDir(app);
  // Inside the package's node_modules: modules and types resolve as for the package itself.
  const work = path.join(dir, 'node_modules/.cache/need40-release-contract');
  await mkdir(work, { recursive: true });
  await writeFile(path.join(work, 'contract.ts'), contractSource(app));
  await writeFile(path.join(work, 'tsconfig.json'), JSON.stringify({ extends: path.join(dir, 'tsconfig.json'), compilerOptions: { noEmit: true, types: [] }, files: ['contract.ts'], include: [path.join(dir, 'src/**/*.d.ts'), path.join(dir, '../ui/src/**/*.d.ts')] }));
  const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', path.join(work, 'tsconfig.json')], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
  await rm(work, { recursive: true, force: true });
  if (result.code === 0) return { gate: 'contract', passed: true, detail: `${Object.keys(app.exposes ?? {}).length} exposed modules match the kernel's ExposedContract` };
  return { gate: 'contract', passed: false, detail: result.output.trim().split('\n').slice(0, 8).join(' | ') };
}
