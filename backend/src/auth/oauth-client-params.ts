/**
 * The admin's OAuth client bodies, checked as GoTrue checks them (supabase/auth
 * internal/api/oauthserver/service.go), with its 400 validation_failed messages: redirect URIs
 * (1–10, absolute, no fragment, no script-like scheme, plain http for loopback hosts only), grant
 * types (authorization_code, refresh_token), a name up to 1024 characters, web addresses up to
 * 2048, the client type and its token endpoint auth method agreeing. A field of the wrong JSON type
 * is GoTrue's 400 bad_json "Invalid JSON body". One difference: a redirect URI may not contain a
 * comma (the table keeps the list comma-joined, as GoTrue's does, so a comma would split it).
 */
import { AuthApiError } from '../http/errors';
import { AuthErrors } from './errors';
import type { OAuthClientChanges } from './store/oauth-clients';

export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const DANGEROUS_SCHEMES = ['javascript:', 'data:', 'file:', 'vbscript:', 'about:', 'blob:'];
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
/** Go's %v of a string slice. */
const goList = (xs: readonly string[]) => `[${xs.join(' ')}]`;
const invalid = (message: string) => AuthErrors.validation(message);
const badBody = () => new AuthApiError(400, 'bad_json', 'Invalid JSON body');

export type ClientType = 'public' | 'confidential';

export interface NewClientParams {
  redirectUris: string[];
  grantTypes: string[];
  clientName: string;
  clientUri: string;
  logoUri: string;
  clientType: ClientType;
  authMethod: string;
}

function text(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badBody();
  return v;
}

function list(body: Record<string, unknown>, name: string): string[] | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > 100 || !v.every((x) => typeof x === 'string')) throw badBody();
  return v as string[];
}

function redirectProblem(uri: string): string | null {
  if (!uri) return 'redirect URI cannot be empty';
  if (uri.length > 2048) return 'longer than 2048 characters';
  if (uri.includes(',')) return 'must not contain a comma';
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  if (DANGEROUS_SCHEMES.includes(u.protocol.toLowerCase())) return `scheme '${u.protocol.slice(0, -1)}' is not allowed for security reasons`;
  if (!u.host) return 'must have scheme and host';
  if (u.protocol === 'http:' && !LOOPBACK.includes(u.hostname)) return 'HTTP scheme only allowed for localhost';
  if (u.hash) return 'fragment not allowed in redirect URI';
  return null;
}

function checkRedirects(uris: string[] | undefined, required: boolean): void {
  if (!uris?.length) throw invalid(required ? 'redirect_uris is required' : 'redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri.slice(0, 200)}': ${problem}`);
  }
}

function checkGrants(grants: string[]): void {
  if (!grants.length) throw invalid('grant_types cannot be empty');
  if (!grants.every((g) => GRANT_TYPES.includes(g))) throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkTexts(name: string | undefined, clientUri: string | undefined, logoUri: string | undefined): void {
  if (name !== undefined && name.length > 1024) throw invalid('client_name cannot exceed 1024 characters');
  for (const [field, value] of [['client_uri', clientUri], ['logo_uri', logoUri]] as const) {
    if (!value) continue;
    if (value.length > 2048) throw invalid(`${field} cannot exceed 2048 characters`);
    if (!URL.canParse(value)) throw invalid(`${field} must be a valid URL`);
  }
}

/** POST /admin/oauth/clients: the new client's parameters with GoTrue's defaults filled in. */
export function newClientParams(body: Record<string, unknown>): NewClientParams {
  const redirectUris = list(body, 'redirect_uris');
  const grantTypes = list(body, 'grant_types');
  const [clientName, clientUri, logoUri] = [text(body, 'client_name'), text(body, 'client_uri'), text(body, 'logo_uri')];
  const [type, method] = [text(body, 'client_type') ?? '', text(body, 'token_endpoint_auth_method') ?? ''];
  checkRedirects(redirectUris, true);
  if (grantTypes?.length) checkGrants(grantTypes);
  checkTexts(clientName, clientUri, logoUri);
  if (type && type !== 'public' && type !== 'confidential') throw invalid("client_type must be 'public' or 'confidential'");
  if (method && !(AUTH_METHODS as readonly string[]).includes(method)) throw invalid(`token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`);
  const implied: ClientType = method === 'none' ? 'public' : 'confidential';
  if (type && method && type !== implied) throw invalid(`client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${implied}')`);
  const clientType = (type || (method ? implied : 'confidential')) as ClientType;
  return {
    redirectUris: redirectUris!,
    grantTypes: grantTypes?.length ? grantTypes : [...GRANT_TYPES],
    clientName: clientName ?? '',
    clientUri: clientUri ?? '',
    logoUri: logoUri ?? '',
    clientType,
    authMethod: method || (clientType === 'public' ? 'none' : 'client_secret_basic'),
  };
}

/** PUT /admin/oauth/clients/{id}: only the fields given; none at all is GoTrue's 400. */
export function clientChanges(body: Record<string, unknown>, clientType: ClientType): OAuthClientChanges {
  const redirectUris = list(body, 'redirect_uris');
  const grantTypes = list(body, 'grant_types');
  const [clientName, clientUri, logoUri, method] = ['client_name', 'client_uri', 'logo_uri', 'token_endpoint_auth_method'].map((f) => text(body, f));
  if ([redirectUris, grantTypes, clientName, clientUri, logoUri, method].every((v) => v === undefined)) throw invalid('No fields provided for update');
  if (redirectUris !== undefined) checkRedirects(redirectUris, false);
  if (grantTypes !== undefined) checkGrants(grantTypes);
  checkTexts(clientName, clientUri, logoUri);
  if (method !== undefined) {
    if (!(AUTH_METHODS as readonly string[]).includes(method)) throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`);
    const valid = clientType === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post'];
    if (!valid.includes(method)) throw invalid(`token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: ${goList(valid)}`);
  }
  return {
    redirect_uris: redirectUris?.join(','),
    grant_types: grantTypes?.join(','),
    client_name: clientName,
    client_uri: clientUri,
    logo_uri: logoUri,
    token_endpoint_auth_method: method,
  };
}
