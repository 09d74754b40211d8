// Types of nginx-site.mjs (its JSDoc typedef, for TypeScript callers).
export interface SiteSettings {
  serverName: string;
  httpsPort?: number;
  httpPort?: number | null;
  listenAddress?: string;
  tls: { certificate: string; key: string };
  staticRoot: string;
  backends: string[];
  extraStatic?: { location: string; root: string; cache: 'no-cache' | 'immutable' }[];
  internal?: string[];
  clientMaxBodySize?: string;
  hstsMaxAge?: number;
  csp?: string;
}
export function nginxSite(settings: SiteSettings): string;
