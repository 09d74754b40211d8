/**
 * Request-level concerns of /rest/v1: who is calling (apikey + Authorization, verified strictly),
 * the Prefer header, the media type asked for, the schema headers, and the settings of the
 * transaction every request runs in (role and claims set local to it, as PostgREST does).
 */
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { headersObject, scopeSettings, searchPathFor } from '../db/scope';
import { JwtError, type Claims } from '../security/jwt';
import { jwtKeys } from '../security/jwt-keys';
import { verifyJwtCached } from '../security/verified-tokens';
import { invalidApiKey, jwtClaimsInvalid, jwtInvalid, noApiKey, schemaNotExposed } from './errors';
import { negotiate, type Media } from './media';
import { parsePrefer, type Preferences, type TxEnd } from './preferences';
import type { MediaType } from './response';
import { queryPairs } from './query-string';
import { EXPOSED_SCHEMA } from './schema-cache';

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: string;
  claims: Claims;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/**
 * The caller: the apikey must be a key signed with JWT_SECRET (anon or service_role); the role
 * comes from the Bearer token when there is one (HS256 only, exp required), else from the apikey.
 */
export async function authenticate(request: FastifyRequest, services: Services): Promise<Caller> {
  const secret = jwtKeys(services.config);
  const now = Math.floor(services.now() / 1000);
  const apikey = header(request, 'apikey');
  if (!apikey) {
    throw noApiKey();
  }
  let keyClaims: Claims;
  try {
    keyClaims = await verifyJwtCached(apikey, secret, now);
  } catch {
    throw invalidApiKey();
  }
  if (keyClaims.role !== 'anon' && keyClaims.role !== 'service_role') {
    throw invalidApiKey();
  }
  let claims = keyClaims;
  const authorization = header(request, 'authorization');
  if (authorization) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) throw jwtInvalid('Expected a Bearer token in the Authorization header', 'invalid authorization header');
    try {
      claims = await verifyJwtCached(m[1]!, secret, now);
    } catch (error) {
      // PostgREST: PGRST301 for a token that does not decode or verify, PGRST303 for claims that do not hold.
      if (!(error instanceof JwtError)) throw error;
      throw (error.problem === 'invalid' ? jwtInvalid : jwtClaimsInvalid)(error.message, error.message);
    }
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw jwtInvalid(`The JWT role "${role.slice(0, 64)}" is not allowed`, 'role not allowed');
  return { role, claims };
}

export type { Preferences } from './preferences';

/** Every Prefer header of the request, joined as one list. */
export function preferHeader(request: FastifyRequest): string {
  return header(request, 'prefer') ?? '';
}

/** Accept-Profile (reads) / Content-Profile (writes) must name an exposed schema; none is the first. */
export function checkProfile(request: FastifyRequest, schemas: string[] = [EXPOSED_SCHEMA]): string {
  const read = request.method === 'GET' || request.method === 'HEAD';
  const value = header(request, read ? 'accept-profile' : 'content-profile') ?? header(request, read ? 'content-profile' : 'accept-profile');
  if (value === undefined) return schemas[0]!;
  if (!schemas.includes(value.trim())) throw schemaNotExposed(value.trim().slice(0, 63), schemas);
  return value.trim();
}

/**
 * One /rest/v1 request as the planners see it, read once from the HTTP request: the verified
 * caller, method, media type, preferences, the raw query pairs and the Range header.
 */
export interface ApiRequest {
  caller: Caller;
  method: string;
  /** The shape the planners render: an array, or one object (.single()). */
  media: MediaType;
  /** The negotiated media type (format, nulls=stripped, Content-Type). */
  accept: Media;
  prefs: Preferences;
  pairs: [string, string][];
  range?: string;
  /** The schema the request addresses (its profile header, or the first exposed). */
  schema: string;
  /** Aborted when the client goes away (see RunOptions). */
  signal?: AbortSignal;
  /** The path below /rest/v1 (`/gigs`, `/rpc/fn`) and the headers: request.path and request.headers in SQL. */
  path: string;
  headers: Record<string, string>;
}

/** The ApiRequest of `request`, checked in PostgREST's order: caller, profile, media type. */
export function apiRequest(request: FastifyRequest, caller: Caller, txEnd: TxEnd, signal?: AbortSignal, schemas?: string[]): ApiRequest {
  const schema = checkProfile(request, schemas);
  const accept = negotiate(header(request, 'accept'));
  const prefs = parsePrefer(preferHeader(request), txEnd);
  const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
  const url = request.raw.url ?? '';
  const path = url.split('?')[0]!.replace(/^\/rest\/v1(?=\/|$)/, '') || '/';
  return { caller, method: request.method, media: accept.shape, accept, prefs, pairs: queryPairs(url), range, schema, signal, path, headers: headersObject(request.headers) };
}

/**
 * The settings of a request's transaction, as PostgREST sets them (local to it, db/scope.ts): the
 * role, the claims, the method, path, headers and cookies, so policies and functions can read them
 * (`auth.uid()` reads the claims), and the search path (the request's schema, public, extensions).
 */
export function requestSettings(req: Pick<ApiRequest, 'caller' | 'method' | 'path' | 'headers' | 'schema'>): [string, string][] {
  return scopeSettings({ role: req.caller.role, claims: req.caller.claims, method: req.method, path: req.path, headers: req.headers, searchPath: searchPathFor(req.schema) });
}
