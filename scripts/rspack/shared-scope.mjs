// The share scope of every app: which packages are Module Federation singletons and at which
// versions. The pnpm catalog pins the third-party ones; the kernel's version is the
// @need40/shared each app resolves (docs/composition.md, version policy).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const catalogVersion = (pkg) => {
  // The pnpm catalog is the single source of truth for singleton versions.
  const yaml = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const m = yaml.match(new RegExp(`^\\s+"?${pkg.replace(/[/@.]/g, (c) => `\\${c}`)}"?:\\s*([^\\s#]+)`, 'm'));
  if (!m) throw new Error(`pnpm-workspace.yaml catalog has no version for ${pkg}`);
  return m[1];
};
/**
 * The kernel version an app builds against: the @need40/shared its own node_modules resolves to
 * (normally the workspace package). A remote declares `^<that version>`; the shell refuses to
 * load a remote whose range its kernel does not satisfy (shell/src/federation/kernel.ts).
 */
const kernelVersion = (dir) => JSON.parse(readFileSync(path.join(dir, 'node_modules/@need40/shared/package.json'), 'utf8')).version;

/** The share scope of an app in `dir`: one instance of each, with an explicit required version. */
export function sharedSingletons(dir = path.join(root, 'shell')) {
  const sharedVersion = kernelVersion(dir);
  const react = catalogVersion('react');
  const reactDom = catalogVersion('react-dom');
  const zustand = catalogVersion('zustand');
  const supabase = catalogVersion('@supabase/supabase-js');
  const query = catalogVersion('@tanstack/react-query');
  const single = (version) => ({ singleton: true, requiredVersion: `^${version}`, version });
  return {
    react: single(react),
    'react/': single(react),
    'react-dom': single(reactDom),
    'react-dom/': single(reactDom),
    zustand: single(zustand),
    'zustand/': single(zustand),
    '@supabase/supabase-js': single(supabase),
    // One query cache per page (the kernel's getQueryClient): its hooks and client must be one copy.
    '@tanstack/react-query': single(query),
    // A workspace package would otherwise get requiredVersion "workspace:*", which nothing satisfies.
    '@need40/shared': { singleton: true, requiredVersion: `^${sharedVersion}`, version: sharedVersion },
  };
}

/**
 * What the shell's build provides to the page, written into it as share-scope.json: each shared
 * package and its version. The release gate (release/src/gates/shared.ts) reads the live shell's
 * copy to check that a remote's version asks only for what this shell gives.
 */
export function providedScope(dir) {
  const shared = Object.fromEntries(Object.entries(sharedSingletons(dir)).map(([name, s]) => [name, s.version]));
  return { kernel: shared['@need40/shared'], shared };
}
