/**
 * Which version of each remote this page load runs (docs/releasing.md, "What a page load does"):
 * with a registry configured in remotes.json, the tester's override (if that version is
 * published), else the canary for visitors whose stable id falls in it, else the current version;
 * a remote the registry does not name keeps its remotes.json URL. Returns the configuration the
 * loader registers (each released remote's mf-manifest.json in the release store).
 */
import { chooseVersions, emptyRegistry, isIntegrity, versionBase, type ChosenVersion } from '@need40/release/registry';
import { REMOTE_NAMES, type RemotesConfig } from '../federation/remotes-config';
import { readOverride } from './qa-override';
import { loadRegistry } from './registry-source';
import { setEntryIntegrity, setReleaseState, type ReleaseState } from './release-state';
import { stableId } from './stable-id';

/** A published version's release.json gives its integrity; any failure means "not published here". */
async function publishedIntegrity(releases: string, remote: string, version: string, timeoutMs: number, fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const res = await fetchImpl(`${versionBase(releases, remote, version)}release.json`, { signal: AbortSignal.timeout(timeoutMs) });
    const info = res.ok ? ((await res.json()) as { version?: unknown; integrity?: unknown }) : null;
    return info?.version === version && isIntegrity(info.integrity) ? info.integrity : null;
  } catch {
    return null;
  }
}

export async function applyRelease(config: RemotesConfig, supabaseUrl: string, fetchImpl: typeof fetch = fetch): Promise<RemotesConfig> {
  const remotes: ReleaseState['remotes'] = Object.fromEntries(REMOTE_NAMES.map((name) => [name, { version: 'unreleased', assignment: 'unreleased' as const }]));
  if (!config.registry || !config.releases) {
    setReleaseState({ environment: null, revision: null, registrySource: 'not-configured', remotes, override: {}, refused: [] });
    return config;
  }
  const releases = config.releases;
  const asked = readOverride();
  const refused = asked.rejected.map((item) => ({ item, why: 'not <remote>@<version>' }));
  const wanted: Record<string, string> = {};
  for (const [remote, version] of Object.entries(asked.versions)) {
    if (REMOTE_NAMES.includes(remote)) wanted[remote] = version;
    else refused.push({ item: `${remote}@${version}`, why: 'no such remote' });
  }
  const [{ doc, source }, checked] = await Promise.all([
    loadRegistry(config.registry, config.registryTimeoutMs, fetchImpl),
    Promise.all(Object.entries(wanted).map(async ([remote, version]) => [remote, version, await publishedIntegrity(releases, remote, version, config.registryTimeoutMs, fetchImpl)] as const)),
  ]);
  const override: Record<string, string> = {};
  for (const [remote, version, sri] of checked) {
    if (sri) override[remote] = version;
    else refused.push({ item: `${remote}@${version}`, why: 'not a published version' });
  }
  const registry = doc ?? emptyRegistry('unknown');
  const chosen: Record<string, ChosenVersion> = chooseVersions(registry, stableId(supabaseUrl), override);
  const out: RemotesConfig = { ...config, remotes: { ...config.remotes } };
  for (const [remote, choice] of Object.entries(chosen)) {
    if (!REMOTE_NAMES.includes(remote)) continue;
    const base = versionBase(releases, remote, choice.version);
    out.remotes[remote] = `${base}mf-manifest.json`;
    const sri = choice.integrity ?? checked.find(([r]) => r === remote)?.[2];
    if (sri) setEntryIntegrity(`${base}remoteEntry.js`, sri);
    remotes[remote] = { version: choice.version, assignment: choice.assignment };
  }
  setReleaseState({ environment: doc?.environment ?? null, revision: doc?.revision ?? null, registrySource: source, remotes, override, refused });
  return out;
}
