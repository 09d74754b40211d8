/**
 * The gates a version passes before it reaches visitors (promote, canary; `pnpm release:check`
 * runs them alone, as CI does): shared ranges against the live shell, exposes and the recorded
 * contract check, then the smoke journey. The cheap ones first; the smoke only when they pass.
 */
import { remoteApp, shellDist } from '../paths';
import { RELEASE_INFO, type ReleaseInfo } from '../build';
import type { ReleaseStore } from '../store/types';
import { checkExposes } from './contract';
import { checkShared, readShellScope } from './shared';
import { runSmoke } from './smoke';
import { GateFailed, type GateResult } from './types';

export { GateFailed, type GateResult };

/** The release.json of a published version (throws when it is not published). */
export async function readReleaseInfo(store: ReleaseStore, remote: string, version: string): Promise<ReleaseInfo> {
  const raw = await store.readVersionFile(remote, version, RELEASE_INFO);
  if (!raw) throw new Error(`${remote} ${version} is not published in ${store.description} (pnpm release:status lists what is)`);
  return JSON.parse(raw.toString('utf8')) as ReleaseInfo;
}

export interface GateOptions {
  /** The live shell: a folder with its build or its URL (RELEASE_SHELL; default shell/dist). */
  shell?: string;
  smoke?: boolean;
}

export async function runGates(store: ReleaseStore, remote: string, version: string, { shell = process.env.RELEASE_SHELL || shellDist(), smoke = true }: GateOptions = {}): Promise<GateResult[]> {
  const info = await readReleaseInfo(store, remote, version);
  const contract = info.checks.contract;
  const results: GateResult[] = [
    checkShared(info, await readShellScope(shell)),
    checkExposes(remoteApp(remote), info),
    contract ? { gate: 'contract', passed: contract.passed, detail: contract.detail } : { gate: 'contract', passed: false, detail: 'no contract check recorded for this version (publish it with pnpm release)' },
  ];
  if (results.every((r) => r.passed) && smoke) results.push(await runSmoke(store, remote, version));
  if (results.some((r) => !r.passed)) throw new GateFailed(results);
  return results;
}
