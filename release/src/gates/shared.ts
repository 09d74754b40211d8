/**
 * Gate 1 — the shared dependencies: every shared package a version asks for (its mf-manifest.json
 * `shared`, copied into release.json) must be provided by the live shell at a version its range
 * accepts. The shell's build says what it provides in share-scope.json (scripts/rspack/shared-scope.mjs).
 * Why a gate and not only the page's kernel check: the page refuses a kernel mismatch (the slot
 * says so), but the federation runtime only warns when React or supabase-js do not match, and a
 * remote would then run on a library it was not built for.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import type { ReleaseInfo } from '../build';
import type { GateResult } from './types';

export interface ShellScope {
  kernel: string;
  shared: Record<string, string>;
}

/** The shell's share-scope.json, from a folder (a build) or a URL (a deployed shell). */
export async function readShellScope(shell: string): Promise<ShellScope> {
  const text = /^https?:\/\//.test(shell)
    ? await fetch(new URL('share-scope.json', shell.endsWith('/') ? shell : `${shell}/`), { signal: AbortSignal.timeout(10_000) }).then((r) => {
        if (!r.ok) throw new Error(`${shell}share-scope.json answered ${r.status}`);
        return r.text();
      })
    : await readFile(path.join(shell, 'share-scope.json'), 'utf8');
  return JSON.parse(text) as ShellScope;
}

/** The shell's version of `name`: the exact package, or the longest `pkg/` prefix it shares (react/ covers react/jsx-runtime). */
function provided(scope: ShellScope, name: string): string | undefined {
  if (scope.shared[name]) return scope.shared[name];
  const prefix = Object.keys(scope.shared)
    .filter((key) => key.endsWith('/') && name.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? scope.shared[prefix] : undefined;
}

export function checkShared(info: Pick<ReleaseInfo, 'shared'>, scope: ShellScope): GateResult {
  const problems: string[] = [];
  for (const { name, requiredVersion } of info.shared) {
    const have = provided(scope, name);
    if (!have) problems.push(`${name} ${requiredVersion}: the shell does not provide it`);
    else if (!semver.satisfies(have, requiredVersion)) problems.push(`${name} ${requiredVersion}: the shell provides ${have}`);
  }
  return problems.length
    ? { gate: 'shared', passed: false, detail: problems.join('; ') }
    : { gate: 'shared', passed: true, detail: `${info.shared.length} shared packages satisfied by the shell (kernel ${scope.kernel})` };
}
