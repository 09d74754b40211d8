/**
 * Whether the signed-in member is an operator: `app_metadata.role` (only the service role writes
 * it). This only decides whether the shell loads the console remote at all, so a visitor or a
 * member never downloads it; every read and action is checked again in the database.
 */
import type { SessionState } from '@need40/shared';

export function isOperatorSession(s: SessionState): boolean {
  return s.user?.app_metadata?.role === 'operator';
}
