/**
 * The arguments of `/rpc/{fn}` as the request carries them, by Content-Type (PostgREST's payload):
 * a JSON object passes named arguments (its keys); any other JSON value, text/plain, text/xml and
 * application/octet-stream can only be the whole value of a single unnamed parameter (json/jsonb,
 * text, xml, bytea); GET passes named arguments in the query string. call-plan.ts picks the
 * overload they fit.
 */
import { readJson } from './body';

export type RpcInput =
  | { kind: 'named'; text: string; value: Record<string, unknown> }
  | { kind: 'json'; text: string }
  | { kind: 'text' | 'xml' | 'bytea'; text: string }
  | { kind: 'query'; args: Map<string, string> };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A POST body by its Content-Type (no body is a call without arguments). */
export function rpcInput(raw: string | Buffer | undefined, contentType: string | undefined): RpcInput {
  const ct = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (Buffer.isBuffer(raw)) return { kind: 'bytea', text: raw.toString('hex') };
  if (ct === 'text/plain') return { kind: 'text', text: raw ?? '' };
  if (ct === 'text/xml') return { kind: 'xml', text: raw ?? '' };
  if (raw === undefined || raw.trim() === '') return { kind: 'named', text: '{}', value: {} };
  const value = readJson(raw);
  return isObject(value) ? { kind: 'named', text: raw, value } : { kind: 'json', text: raw };
}
