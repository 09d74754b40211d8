/**
 * What the release commands do to the registry, each through the one writer (writer.ts): promote
 * and canary after the gates, rollback without any (it must work when everything else is on fire).
 */
import { readReleaseInfo, runGates, type GateOptions, type GateResult } from './gates';
import { promote, rollback, startCanary } from './mutations';
import { remoteApp } from './paths';
import type { RegistryDoc } from './registry/types';
import type { ReleaseStore } from './store/types';
import { updateRegistry } from './writer';

export interface Context {
  store: ReleaseStore;
  environment: string;
  actor?: string;
  reason?: string;
}

export interface GatedChange {
  doc: RegistryDoc;
  gates: GateResult[];
}

const gateSummary = (gates: GateResult[], smoke: boolean) => `gates passed: ${gates.map((g) => g.gate).join(', ')}${smoke ? '' : '; smoke journey skipped'}`;

export async function promoteVersion(ctx: Context, remote: string, version: string, gateOptions: GateOptions = {}): Promise<GatedChange> {
  const name = remoteApp(remote).name;
  const gates = await runGates(ctx.store, name, version, gateOptions);
  const { integrity } = await readReleaseInfo(ctx.store, name, version);
  const reason = [ctx.reason, gateSummary(gates, gateOptions.smoke !== false)].filter(Boolean).join('; ');
  const doc = await updateRegistry(ctx.store, ctx.environment, (d) => promote(d, name, { version, integrity }), { actor: ctx.actor, reason });
  return { doc, gates };
}

export async function canaryVersion(ctx: Context, remote: string, version: string, percent: number, gateOptions: GateOptions = {}): Promise<GatedChange> {
  const name = remoteApp(remote).name;
  const gates = await runGates(ctx.store, name, version, gateOptions);
  const { integrity } = await readReleaseInfo(ctx.store, name, version);
  const reason = [ctx.reason, gateSummary(gates, gateOptions.smoke !== false)].filter(Boolean).join('; ');
  const doc = await updateRegistry(ctx.store, ctx.environment, (d) => startCanary(d, name, { version, integrity, percent }), { actor: ctx.actor, reason });
  return { doc, gates };
}

export async function rollbackRemote(ctx: Context, remote: string): Promise<RegistryDoc> {
  const name = remoteApp(remote).name;
  return updateRegistry(ctx.store, ctx.environment, (d) => rollback(d, name), { actor: ctx.actor, reason: ctx.reason || 'rolled back by hand' });
}
