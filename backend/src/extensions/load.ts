/**
 * The extensions of this deployment, from APP_SERVER: the module is imported by path (as the app's
 * SQL is read from APP_MIGRATIONS_DIR), so the platform's code never names the app's package. Its
 * default export is one extension or a list of them. A module that is missing or exports something
 * else stops the start with a clear error: a backend without its app would answer /health and
 * serve an app that sends no email.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, type Config } from '../config';
import type { BackendExtension } from './types';

export class ExtensionError extends Error {}

const isExtension = (e: unknown): e is BackendExtension =>
  typeof e === 'object' && e !== null && typeof (e as BackendExtension).name === 'string' && typeof (e as BackendExtension).register === 'function';

/** Refuses the start when an extension finds a problem in its own settings (its checkConfig). */
export function checkExtensionConfig(config: Pick<Config, 'env' | 'isProduction'>, extensions: readonly BackendExtension[]): void {
  const problems = extensions.flatMap((e) => e.checkConfig?.(config.env, config.isProduction) ?? []);
  if (problems.length) throw new ConfigError(problems);
}

export async function loadExtensions(config: Pick<Config, 'APP_SERVER'>): Promise<BackendExtension[]> {
  if (config.APP_SERVER === 'none') return [];
  const file = path.resolve(config.APP_SERVER);
  if (!existsSync(file)) throw new ExtensionError(`APP_SERVER: ${file} does not exist (build the app server, point APP_SERVER at it, or set APP_SERVER=none for the platform alone)`);
  const exported: unknown = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
  const list = Array.isArray(exported) ? exported : [exported];
  if (!list.length || !list.every(isExtension)) throw new ExtensionError(`APP_SERVER: ${file} must export default a backend extension ({ name, register }) or a list of them`);
  return list;
}
