/**
 * GoTrue's custom access token hook: a SQL function named in configuration
 * (HOOK_CUSTOM_ACCESS_TOKEN_ENABLED, HOOK_CUSTOM_ACCESS_TOKEN_URI=pg-functions://postgres/<schema>/<function>)
 * that gets `{user_id, claims, authentication_method}` and answers `{claims}` — an app adds a
 * role or drops claims before the token is signed. As on hosted Supabase it runs as
 * `supabase_auth_admin` (backend/migrations), here inside the token's own transaction, and its
 * answer is checked: the claims GoTrue requires must still be there with their types.
 * Failures answer as GoTrue does: 500 `unexpected_failure` ("Error running hook URI: …",
 * "output claims field is missing", "output claims do not conform to the expected schema"), or the
 * status and message of an `{error: {http_code, message}}` the hook returns.
 *
 * @example
 *   create function public.custom_access_token_hook(event jsonb) returns jsonb language sql as
 *   $$ select jsonb_build_object('claims', (event->'claims') || '{"user_role":"operator"}') $$;
 */
import type { Tx } from '../db/types';
import type { Services } from '../services';
import type { Claims } from '../security/jwt';
import { AuthApiError } from './errors';

const URI = /^pg-functions:\/\/[^/]+\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)$/;

/** The schema and function of a hook URI, or undefined when it is not one. */
export function hookFunction(uri: string): { schema: string; fn: string } | undefined {
  const m = URI.exec(uri);
  return m ? { schema: m[1]!, fn: m[2]! } : undefined;
}

const failure = (message: string, status = 500, cause?: unknown) => new AuthApiError(status, 'unexpected_failure', message, {}, cause);

/** GoTrue's required claims and their JSON types. */
const REQUIRED: Record<string, string[]> = {
  iss: ['string'], aud: ['string', 'array'], exp: ['number'], iat: ['number'], sub: ['string'], role: ['string'],
  aal: ['string'], session_id: ['string'], email: ['string'], phone: ['string'], is_anonymous: ['boolean'],
};
const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : typeof v);

function checkedClaims(out: unknown): Claims {
  if (!out || typeof out !== 'object') throw failure('output claims field is missing');
  const o = out as Record<string, unknown>;
  if (o.error && typeof o.error === 'object') {
    const e = o.error as { http_code?: unknown; message?: unknown };
    const status = typeof e.http_code === 'number' && e.http_code >= 400 && e.http_code < 600 ? e.http_code : 500;
    throw failure(typeof e.message === 'string' ? e.message.slice(0, 500) : 'Hook returned an error', status);
  }
  if (!('claims' in o)) throw failure('output claims field is missing');
  const claims = o.claims as Record<string, unknown> | null;
  const fits = claims && typeof claims === 'object' && !Array.isArray(claims) && Object.entries(REQUIRED).every(([k, types]) => types.includes(typeOf(claims[k])));
  if (!fits) throw failure('output claims do not conform to the expected schema');
  return claims as Claims;
}

/** `claims` as the configured hook returns them (unchanged when no hook is enabled). */
export async function customizeAccessToken(services: Services, tx: Tx, userId: string, claims: Claims, method: string): Promise<Claims> {
  const { HOOK_CUSTOM_ACCESS_TOKEN_ENABLED: enabled, HOOK_CUSTOM_ACCESS_TOKEN_URI: uri } = services.config;
  const target = enabled && uri ? hookFunction(uri) : undefined;
  if (!target) return claims;
  const event = { user_id: userId, claims, authentication_method: method };
  let out: unknown;
  try {
    await tx.query("select set_config('role', 'supabase_auth_admin', true)");
    const { rows } = await tx.query<{ out: unknown }>(`select "${target.schema}"."${target.fn}"($1::jsonb) as out`, [JSON.stringify(event)]);
    await tx.query('reset role');
    out = rows[0]?.out;
  } catch (error) {
    throw failure(`Error running hook URI: ${uri}`, 500, error);
  }
  return checkedClaims(typeof out === 'string' ? JSON.parse(out) : out);
}
