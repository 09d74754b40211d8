/**
 * A link safe to put in an href or src: http(s) or mailto only. Anything else (javascript:, data:, …)
 * yields null so the caller renders plain text. Bare hosts ("github.com/x") get https://.
 */
export function safeUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
