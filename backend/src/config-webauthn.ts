/**
 * Configuration, not a feature: part of loadConfig (config.ts). The WebAuthn relying party of the
 * MFA webauthn factors: its id (a host name the origins belong to), the origins a browser may
 * sign for, and the name authenticators show. Defaults come from SITE_URL.
 *
 * @example
 *   WEBAUTHN_RP_ID=example.com
 *   WEBAUTHN_RP_ORIGINS=https://example.com,https://app.example.com
 */

export interface WebAuthnConfig {
  rpId: string;
  rpOrigins: string[];
  rpName: string;
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The browser's rule: the RP id is the origin's host or a suffix of it at a dot. */
const belongsTo = (host: string, rpId: string) => host === rpId || host.endsWith(`.${rpId}`);

export function parseWebAuthn(raw: Record<string, string | undefined>, siteUrl: string): { webauthn: WebAuthnConfig; problems: string[] } {
  const problems: string[] = [];
  const site = new URL(siteUrl);
  const rpId = (raw.WEBAUTHN_RP_ID ?? site.hostname).trim().toLowerCase();
  if (!HOST.test(rpId)) problems.push('WEBAUTHN_RP_ID: must be a host name (no scheme, port or path)');
  const rpOrigins: string[] = [];
  for (const entry of (raw.WEBAUTHN_RP_ORIGINS ?? site.origin).split(',').map((s) => s.trim()).filter(Boolean)) {
    let origin: URL | null = null;
    try {
      origin = new URL(entry);
    } catch {
      origin = null;
    }
    if (!origin || !/^https?:$/.test(origin.protocol) || origin.origin !== entry.replace(/\/$/, '')) {
      problems.push(`WEBAUTHN_RP_ORIGINS: "${entry}" is not an origin (scheme://host[:port])`);
    } else if (!belongsTo(origin.hostname, rpId)) {
      problems.push(`WEBAUTHN_RP_ORIGINS: "${entry}" is not on WEBAUTHN_RP_ID ${rpId}`);
    } else rpOrigins.push(origin.origin);
  }
  if (!rpOrigins.length && !problems.length) problems.push('WEBAUTHN_RP_ORIGINS: needs at least one origin');
  const rpName = (raw.WEBAUTHN_RP_DISPLAY_NAME ?? rpId).trim().slice(0, 64) || rpId;
  return { webauthn: { rpId, rpOrigins, rpName }, problems };
}
