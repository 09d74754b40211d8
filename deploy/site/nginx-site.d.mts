// Types of nginx-site.mjs (its JSDoc typedef, for TypeScript callers).
export interface SiteSettings {
  serverName: string;
  httpsPort?: number;
  httpPort?: number | null;
  listenAddress?: string;
  tls: { certificate: string; key: string };
  staticRoot: string;
  backends: string[];
  /** The release store's folder: /releases/ (immutable) and /registry/ (no-cache), dot paths refused. */
  releaseStore?: string;
  /** The environment whose registry remotes.json names (site.mjs; default production). */
  releaseEnv?: string;
  extraStatic?: { location: string; root: string; cache: 'no-cache' | 'immutable' }[];
  internal?: string[];
  clientMaxBodySize?: string;
  hstsMaxAge?: number;
  csp?: string;
}
export function nginxSite(settings: SiteSettings): string;
