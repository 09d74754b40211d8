/**
 * HTTP answers chosen by SQL, exactly as PostgREST reads them (its Error.hs):
 *
 *   raise sqlstate 'PT404' using message = 'Not found';
 *     → 404, reason phrase = the message, body {code: 'PT404', message, details, hint}. `PT` and
 *       three digits is that status; anything else after PT (PT40A) is a 500.
 *   raise sqlstate 'PGRST' using
 *     message = '{"code":"N4004","message":"Application not found","details":null,"hint":null}',
 *     detail  = '{"status":404,"status_text":"Not Found","headers":{"X-Reason":"gone"}}';
 *     → the status, reason phrase and headers of DETAIL; the body of MESSAGE (code and message
 *       required, strings; details and hint optional). A MESSAGE or DETAIL that is not such JSON,
 *       or no DETAIL, is PostgREST's 500 PGRST121.
 *
 * Statuses outside 200–599 are answered 500 (Node cannot send them). Headers that would break the
 * framing of the answer (Content-Length, Transfer-Encoding, Connection, …) or that are not valid
 * header text are left out.
 */
import { RestApiError } from '../http/errors';

interface RaisedError {
  code: string;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A reason phrase Node can write (visible ASCII and spaces, one line), else the standard one. */
function reason(text: unknown): string | undefined {
  return typeof text === 'string' && /^[\x20-\x7e]{1,200}$/.test(text) ? text : undefined;
}

const validStatus = (n: number) => Number.isInteger(n) && n >= 200 && n <= 599;

/** `PTxyz`: the status xyz, or 500 when xyz is not a number (PostgREST). */
export function ptStatus(code: string): number {
  const digits = code.slice(2);
  const n = /^\d{3}$/.test(digits) ? Number(digits) : NaN;
  return validStatus(n) ? n : 500;
}

export function fromPtRaise(error: RaisedError): RestApiError {
  const status = ptStatus(error.code);
  return new RestApiError(status, error.code, str(error.message) ?? '', { details: str(error.detail), hint: str(error.hint), statusText: status === 500 ? undefined : reason(error.message), raised: true });
}

type ParseProblem = { details: string; hint: string };

const MESSAGE_HINT = "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.";
const DETAIL_HINT = "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

/** PGRST121: the raise's JSON did not parse. */
const pgrstParseError = ({ details, hint }: ParseProblem) =>
  new RestApiError(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, { details, hint, raised: true });

function parseObject(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const optionalText = (v: unknown) => v === undefined || v === null || typeof v === 'string';

/** Headers a raise may not set: they frame the answer, which the server writes itself. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te']);

function raisedHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(name) || FRAMING.has(name.toLowerCase())) continue;
    if (!/^[\x20-\x7e\t]{0,4000}$/.test(value)) continue;
    out[name] = value;
  }
  return out;
}

export function fromPgrstRaise(error: RaisedError): RestApiError {
  const message = parseObject(error.message);
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string' || !optionalText(message.details) || !optionalText(message.hint)) {
    return pgrstParseError({ details: `Invalid JSON value for MESSAGE: '${String(error.message ?? '')}'`, hint: MESSAGE_HINT });
  }
  if (error.detail === undefined || error.detail === null || error.detail === '') return pgrstParseError({ details: 'DETAIL is missing in the RAISE statement', hint: DETAIL_HINT });
  const detail = parseObject(error.detail);
  const headers = detail?.headers;
  if (!detail || typeof detail.status !== 'number' || !Number.isInteger(detail.status) || !headers || typeof headers !== 'object' || Array.isArray(headers) || !optionalText(detail.status_text)) {
    return pgrstParseError({ details: `Invalid JSON value for DETAIL: '${String(error.detail)}'`, hint: DETAIL_HINT });
  }
  const status = validStatus(detail.status) ? detail.status : 500;
  return new RestApiError(status, message.code, message.message, {
    details: (message.details as string | null | undefined) ?? null,
    hint: (message.hint as string | null | undefined) ?? null,
    headers: raisedHeaders(headers as Record<string, unknown>),
    statusText: status === detail.status ? reason(detail.status_text) : undefined,
    raised: true,
  });
}
