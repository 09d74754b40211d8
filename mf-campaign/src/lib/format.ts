/**
 * How the campaign writes its launch date. Owned by mf-campaign: it ships with it. Money is
 * written by @need40/ui's formatMoney, the one rule of every remote. Written without Intl
 * (@need40/ui's formatters): the campaign is on the first screen, where loading the ICU locale
 * data would be one long task.
 */
import { formatDate } from '@need40/ui';

/** The launch badge's long form: "April 8, 2024". Date-only ISO strings are read as UTC. */
export function formatLongDate(isoDate: string): string {
  return formatDate(new Date(`${isoDate}T00:00:00Z`), { month: 'long', timeZone: 'UTC' });
}
