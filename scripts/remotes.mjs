// The apps of remotes.manifest.json for Node scripts and configs (rspack factory, pnpm start,
// ESLint, e2e). One place: adding a remote is one entry in that file.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../remotes.manifest.json');
const manifest = JSON.parse(readFileSync(file, 'utf8'));

/** @typedef {{ name: string, package: string, port: number, exposes?: Record<string,string>, firstScreen?: boolean, operatorsOnly?: boolean }} App */

/** @type {App} */
export const SHELL = manifest.shell;
/** @type {App[]} */
export const REMOTES = manifest.remotes;
/** @type {App[]} the shell first */
export const APPS = [SHELL, ...REMOTES];

/** @returns {App} */
export function appNamed(name) {
  const app = APPS.find((a) => a.name === name);
  if (!app) throw new Error(`remotes.manifest.json has no app "${name}"`);
  return app;
}

/** The port of `app` here: PORT_<NAME> or <NAME>_PORT when set, else the manifest's. */
export function portOf(app, env = process.env) {
  const name = app.name.toUpperCase();
  for (const key of [`PORT_${name}`, `${name}_PORT`]) if (Number(env[key]) > 0) return Number(env[key]);
  return app.port;
}

/**
 * The shell's remotes.json: where each remote's mf-manifest.json is, which are on the first screen
 * (public/prefetch.js), and the loader's timeout and retries.
 * @param {(app: App) => string} urlOf
 */
export function remotesJson(urlOf, { loadTimeoutMs = 8000, retries = 1 } = {}) {
  return {
    remotes: Object.fromEntries(REMOTES.map((r) => [r.name, urlOf(r)])),
    firstScreen: REMOTES.filter((r) => r.firstScreen).map((r) => r.name),
    loadTimeoutMs,
    retries,
  };
}
