/**
 * No credential leaves the process in a log line. Email links carry one-time tokens in their
 * query (`/auth/v1/verify?token=…`), OAuth callbacks carry codes, the dev mailbox a key, and any
 * error may quote a URL, a body or a header; request logs print every URL. Redacting field by
 * field (pino's `redact` paths) would miss what is quoted inside messages and stacks, so the
 * logger's output stream rewrites each finished line instead:
 *   - a secret query or fragment parameter, also percent-encoded inside another URL
 *     (`redirect_to=…%3Fcode%3D…`): its value becomes `[redacted]`;
 *   - a JSON field named like one (`"refresh_token":"…"`, `"password":"…"`);
 *   - anything shaped like a JWT (access tokens, keys) and `Bearer …` values.
 * The cost is a few regular expressions per line (lines are short; the work is bounded by them).
 */

/** JSON field names whose values are credentials (GoTrue's, OAuth's, ours). */
const SECRET_FIELDS = [
  'token', 'token_hash', 'code_verifier', 'refresh_token', 'access_token', 'provider_token', 'provider_refresh_token',
  'id_token', 'nonce', 'password', 'apikey', 'otp', 'secret', 'authorization',
];
/** URL parameters: the same, and the ones that are credentials only in a URL (OAuth code and state, the mailbox key). */
const SECRET_PARAMS = [...SECRET_FIELDS, 'code', 'state', 'key'].join('|');

const REDACTED = '[redacted]';

const RULES: [RegExp, string][] = [
  // ?token=… &code=… #access_token=… ;key=…
  [new RegExp(`([?&#;](?:${SECRET_PARAMS})=)[^&#;\\s"\\\\]+`, 'gi'), `$1${REDACTED}`],
  // the same inside a percent-encoded URL: %3Ftoken%3D… %26code%3D… %23access_token%3D…
  [new RegExp(`((?:%3F|%26|%23|%3B)(?:${SECRET_PARAMS})%3D)(?:(?!%26|%23|%3B)[^&#;\\s"\\\\])+`, 'gi'), `$1${REDACTED}`],
  // "refresh_token":"…" (and its escaped form inside another JSON string: \"token\":\"…\")
  [new RegExp(`((\\\\?)"(?:${SECRET_FIELDS.join('|')})\\2"\\s*:\\s*\\2")(?:(?!\\2")[^\\\\]|\\\\.)*?\\2"`, 'gi'), `$1${REDACTED}$2"`],
  // JWTs: access tokens, the anon and service_role keys
  [/eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*/g, `${REDACTED}`],
  [/(Bearer\s+)[^\s"\\]+/gi, `$1${REDACTED}`],
];

export function redactLogLine(line: string): string {
  let out = line;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}

export interface LogStream {
  write(line: string): unknown;
}

/** A pino destination that writes every line to `out` redacted. */
export function redactingStream(out: LogStream = process.stdout): LogStream {
  return { write: (line: string) => out.write(redactLogLine(line)) };
}

/**
 * The app's logger options: whatever was asked for, always writing through redactingStream
 * (false or `silent` stays off).
 */
export function redactedLogger(given: boolean | Record<string, unknown> | undefined, level: string): false | Record<string, unknown> {
  if (given === false || (given === undefined && level === 'silent')) return false;
  const options = typeof given === 'object' ? given : given === true ? {} : { level };
  const stream = (options.stream as LogStream | undefined) ?? process.stdout;
  return { ...options, stream: redactingStream(stream) };
}
