/**
 * Request-level concerns of /rest/v1: who is calling (apikey + Authorization, verified strictly),
 * the Prefer header, the media type asked for, the schema headers, and the transaction every
 * request runs in (role and claims set local to it, as PostgREST does).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { Tx } from '../db/types';
import { JwtError, verifyJwt, type Claims } from '../security/jwt';
import { RestApiError, fromPgError, isPgError, schemaNotExposed } from './errors';
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
 * Verified tokens, by their exact text: a signature check costs ~0.1 ms and the same apikey and
 * session token come with every request. Only successful verifications are kept; exp is checked
 * again on every use against the backend's clock. Bounded (oldest evicted first).
 */
const VERIFIED_MAX = 2000;
const verified = new Map<string, { secret: string; claims: Claims }>();

async function verifyCached(token: string, secret: string, now: number): Promise<Claims> {
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (typeof hit.claims.exp !== 'number' || hit.claims.exp <= now) {
      verified.delete(token);
      throw new JwtError('expired', 'JWT expired');
    }
    return hit.claims;
  }
  const claims = await verifyJwt(token, secret, { now });
  if (claims.nbf !== undefined) return claims; // not-before tokens are re-verified each time
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(token, { secret, claims });
  return claims;
}

function unauthorized(code: string, message: string, description: string): RestApiError {
  const e = new RestApiError(401, code, message);
  e.headers = () => ({ 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"` });
  return e;
}

/**
 * The caller: the apikey must be a key signed with JWT_SECRET (anon or service_role); the role
 * comes from the Bearer token when there is one (HS256 only, exp required), else from the apikey.
 */
export async function authenticate(request: FastifyRequest, services: Services): Promise<Caller> {
  const secret = services.config.JWT_SECRET;
  const now = Math.floor(services.now() / 1000);
  const apikey = header(request, 'apikey');
  if (!apikey) {
    throw new RestApiError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.');
  }
  let keyClaims: Claims;
  try {
    keyClaims = await verifyCached(apikey, secret, now);
  } catch {
    throw new RestApiError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.');
  }
  if (keyClaims.role !== 'anon' && keyClaims.role !== 'service_role') {
    throw new RestApiError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.');
  }
  let claims = keyClaims;
  const authorization = header(request, 'authorization');
  if (authorization) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!m) throw unauthorized('PGRST301', 'Expected a Bearer token in the Authorization header', 'invalid authorization header');
    try {
      claims = await verifyCached(m[1]!, secret, now);
    } catch (error) {
      // PostgREST: PGRST301 for a token that does not decode or verify, PGRST303 for claims that do not hold.
      if (!(error instanceof JwtError)) throw error;
      throw unauthorized(error.problem === 'invalid' ? 'PGRST301' : 'PGRST303', error.message, error.message);
    }
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw unauthorized('PGRST301', `The JWT role "${role.slice(0, 64)}" is not allowed`, 'role not allowed');
  return { role, claims };
}

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  applied: string[];
}

/** Prefer: values may come comma-joined in one header or in several; unknown ones are ignored. */
export function parsePrefer(request: FastifyRequest): Preferences {
  const raw = header(request, 'prefer') ?? '';
  const prefs: Preferences = { applied: [] };
  for (const part of raw.split(',')) {
    const [k, v] = part.trim().split('=').map((x) => x.trim());
    if (!k || !v) continue;
    if (k === 'return' && ['minimal', 'representation', 'headers-only'].includes(v)) prefs.return = v as Preferences['return'];
    else if (k === 'count' && ['exact', 'planned', 'estimated'].includes(v)) prefs.count = v as Preferences['count'];
    else if (k === 'resolution' && ['merge-duplicates', 'ignore-duplicates'].includes(v)) prefs.resolution = v as Preferences['resolution'];
    else if (k === 'missing' && ['default', 'null'].includes(v)) prefs.missing = v as Preferences['missing'];
    else continue;
    prefs.applied.push(`${k}=${v}`);
  }
  return prefs;
}

export type MediaType = 'json' | 'object';

/** application/json (default) or the single-object media type of .single(); others → 406 PGRST107. */
export function mediaType(request: FastifyRequest): MediaType {
  const accept = (header(request, 'accept') ?? '').toLowerCase();
  if (accept.includes('application/vnd.pgrst.object')) return 'object';
  if (!accept || accept.includes('json') || accept.includes('*/*')) return 'json';
  throw new RestApiError(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 200)}`);
}

/** Accept-Profile (reads) / Content-Profile (writes) must name the exposed schema. */
export function checkProfile(request: FastifyRequest): void {
  const read = request.method === 'GET' || request.method === 'HEAD';
  const value = header(request, read ? 'accept-profile' : 'content-profile') ?? header(request, read ? 'content-profile' : 'accept-profile');
  if (value !== undefined && value.trim() !== EXPOSED_SCHEMA) throw schemaNotExposed(value.trim().slice(0, 63));
}

export interface RestResult {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * Run `fn` in one transaction as the caller: role and claims are set local to it, then the query.
 * Database errors become PostgREST errors (SQLSTATE → status).
 */
export async function runAs<T>(services: Services, caller: Caller, readOnly: boolean, method: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await services.db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true)",
        [caller.role, JSON.stringify(caller.claims), method],
      );
      return fn(tx);
    }, { readOnly });
  } catch (error) {
    if (isPgError(error)) throw fromPgError(error, caller.role);
    throw error;
  }
}

export function send(reply: FastifyReply, result: RestResult, media: MediaType = 'json'): FastifyReply {
  reply.status(result.status);
  if (result.headers) reply.headers(result.headers);
  if (result.body === undefined) return reply.send();
  reply.header('content-type', media === 'object' ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8');
  return reply.send(result.body);
}
