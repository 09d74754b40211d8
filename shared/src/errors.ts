/**
 * Turn anything thrown or returned as an error into a message.
 * @deprecated It passes a server's raw text through to a member; the remotes use @need40/ui's
 * failureText. Kept only because removing a kernel export is a major version (docs/composition.md):
 * drop it with the next major.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}
