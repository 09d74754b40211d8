/**
 * Configuration, not a feature: part of loadConfig (config.ts).
 *   - productionProblems: what production refuses beyond the development secrets — CORS open to
 *     every origin, public URLs on this machine (localhost: email links and redirects would point
 *     at the reader's own computer), and a misspelt DATABASE_URL that would silently leave the
 *     backend on the embedded database.
 *   - unknownVariables: warnings for variables that look like ours but are not read (a typo of a
 *     real name, or one of our prefixes), so a misspelt setting is seen instead of ignored.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);
const isLocal = (url: string) => {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.');
  } catch {
    return false;
  }
};

/** Prefixes of our own variables: anything else under them is a typo or a removed setting. */
const PREFIXES = ['NEED40_', 'DB_', 'JWT_', 'SMTP_', 'MAILER_', 'MAIL_', 'RATE_LIMIT_', 'REALTIME_', 'REST_', 'MFA_', 'PASSKEY_', 'WEBAUTHN_', 'METRICS_', 'TRUST_'];

/** Optimal string alignment distance (a transposition counts as one edit), up to small strings. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known variable `name` is probably a typo of, if any (names of 7+ characters, ≤ 2 edits). */
export function lookalike(name: string, known: Iterable<string>): string | undefined {
  if (name.length < 7) return undefined;
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    if (Math.abs(k.length - name.length) > 2) continue;
    const d = distance(name, k);
    if (d <= 2 && (!best || d < best.d)) best = { name: k, d };
  }
  return best?.name;
}

/** Warnings (never refusals) for variables that look like settings but are not read. */
export function unknownVariables(raw: Record<string, string | undefined>, known: Set<string>): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(raw).sort()) {
    if (known.has(name) || name.startsWith('OAUTH_')) continue; // OAUTH_<NAME>_* are checked by config-oauth.ts
    const like = lookalike(name, known);
    if (like) warnings.push(`${name} is not a setting of the backend and is ignored; did you mean ${like}?`);
    else if (PREFIXES.some((p) => name.startsWith(p))) warnings.push(`${name} is not a setting of the backend and is ignored (see backend/.env.example)`);
  }
  return warnings;
}

export interface ProductionView {
  DATABASE_URL?: string;
  SITE_URL: string;
  API_EXTERNAL_URL: string;
  CORS_ORIGINS: string;
}

export function productionProblems(c: ProductionView, raw: Record<string, string | undefined>, known: Set<string>): string[] {
  const problems: string[] = [];
  const origins = c.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean);
  if (origins.includes('*')) problems.push('CORS_ORIGINS: production needs the site\'s origins (e.g. https://need40.example), not "*"');
  for (const origin of origins.filter((o) => o !== '*' && isLocal(o))) problems.push(`CORS_ORIGINS: ${origin} is this machine, not a public origin`);
  if (isLocal(c.SITE_URL)) problems.push(`SITE_URL: ${c.SITE_URL} is this machine; email links and redirects need the public URL of the site`);
  if (isLocal(c.API_EXTERNAL_URL)) problems.push(`API_EXTERNAL_URL: ${c.API_EXTERNAL_URL} is this machine; email links need the public URL of the backend`);
  if (!c.DATABASE_URL) {
    const typo = Object.keys(raw).find((name) => !known.has(name) && lookalike(name, ['DATABASE_URL']));
    if (typo) problems.push(`${typo}: not a setting — did you mean DATABASE_URL? Without it the backend would run on the embedded database`);
  }
  return problems;
}

/** A DATABASE_URL that a driver would misread or refuse: why, or null. */
export function databaseUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'DATABASE_URL: does not parse as a URL (a password with @ : / # ? must be percent-encoded)';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return 'DATABASE_URL: must be a postgres:// URL';
  if (!url.hostname && !url.searchParams.get('host')) return 'DATABASE_URL: names no host (postgres://user:password@host:5432/database)';
  return null;
}
