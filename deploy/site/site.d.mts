// Types of site.mjs for the TypeScript drills.
import type { SiteSettings } from './nginx-site.mjs';

export interface DeploymentSettings extends Omit<SiteSettings, 'csp'> {
  /** The public anon key, written into config.json. */
  anonKey: string;
  paypalMeUrl?: string;
  /** A remote served from elsewhere: its mf-manifest.json URL (default: /remotes/<name>/ on this site). */
  remotes?: Record<string, string>;
  cspExtraOrigins?: string[];
}
export function publicUrl(settings: { serverName: string; httpsPort?: number }): string;
export function configureSite(settings: DeploymentSettings): Promise<string>;
