// Types of serve-static.mjs for the TypeScript callers (e2e, bench).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface StaticOptions {
  /** The directory to serve, or a function returning it (a test can swap a deployment). */
  root: string | (() => string);
  /** URL path → absolute file served instead of the directory's (e.g. '/config.json'). */
  files?: Record<string, string>;
  /** Origins added to the HTML's Content-Security-Policy (script, style, connect). */
  cspExtraOrigins?: string[];
  /** Other folders under a path prefix, each served immutable (a year) or no-cache as a whole. */
  mounts?: Mount[];
  /** Served for unknown paths without an extension; default 'index.html'. */
  fallback?: string | null;
}
export interface Mount {
  prefix: string;
  dir: string;
  immutable: boolean;
}
export const IMMUTABLE: string;
/** /releases/ (immutable) and /registry/ (no-cache) of a folder release store. */
export function releaseStoreMounts(store: string): Mount[];
export function cacheControlFor(file: string): string;
export function contentSecurityPolicy(root: string, extraOrigins?: string[], files?: Record<string, string>): Promise<string>;
export function createStaticHandler(options: StaticOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
export function startStaticServer(options: StaticOptions & { port?: number; host?: string }): Promise<Server & { port: number }>;
