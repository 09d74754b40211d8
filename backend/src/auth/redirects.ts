/**
 * Where email links and OAuth may send the browser back to: SITE_URL's origin, or an entry of
 * ADDITIONAL_REDIRECT_URLS (exact URL, prefix, or a pattern with `*`/`**`). Anything else falls
 * back to SITE_URL, so the auth server is never an open redirect.
 */
import type { Config } from '../config';
import type { AuthApiError } from '../http/errors';

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('**')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${escaped}$`);
}

export function isAllowedRedirect(config: Pick<Config, 'SITE_URL' | 'additionalRedirectUrls'>, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const site = new URL(config.SITE_URL);
  if (url.origin === site.origin) return true;
  const href = url.href;
  for (const allowed of config.additionalRedirectUrls) {
    if (allowed.includes('*')) {
      if (globToRegExp(allowed).test(href)) return true;
      continue;
    }
    try {
      const a = new URL(allowed);
      if (href === a.href || (url.origin === a.origin && url.pathname.startsWith(a.pathname))) return true;
    } catch {
      /* ignore a malformed entry */
    }
  }
  return false;
}

/** The requested redirect if allowed, else SITE_URL. */
export function resolveRedirect(config: Pick<Config, 'SITE_URL' | 'additionalRedirectUrls'>, candidate: unknown): string {
  return typeof candidate === 'string' && candidate && isAllowedRedirect(config, candidate) ? candidate : config.SITE_URL;
}

/** Append query parameters (PKCE: ?code=…, errors) to a URL. */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** Put parameters in the fragment (implicit flow: tokens never reach a server log). */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/**
 * Where a browser lands after a failed email link or OAuth callback: the target with GoTrue's
 * error parameters — in the query for a PKCE flow (the app reads ?error…), else in the fragment.
 * `error` is OAuth's error name: too_many_requests for a 429, access_denied by default.
 */
export function errorRedirect(target: string, error: AuthApiError, options: { pkce?: boolean; errorName?: string } = {}): string {
  const name = options.errorName ?? (error.status === 429 ? 'too_many_requests' : 'access_denied');
  const params = { error: name, error_code: error.errorCode, error_description: error.message };
  return options.pkce ? withQuery(target, params) : withFragment(target, params);
}
