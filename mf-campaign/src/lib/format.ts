/**
 * How the campaign writes money and the launch date. Owned by mf-campaign: it ships with it.
 * Written without Intl (@need40/ui's formatters): the campaign is on the first screen, where
 * loading the ICU locale data would be one long task.
 */
import { formatDate, formatNumber } from '@need40/ui';

/** `formatMoney(600)` → "$600", `formatMoney(1234.5)` → "$1,234.5". */
export function formatMoney(amount: number): string {
  return `$${formatNumber(amount, { maxFraction: 2 })}`;
}

/** The launch badge's long form: "April 8, 2024". Date-only ISO strings are read as UTC. */
export function formatLongDate(isoDate: string): string {
  return formatDate(new Date(`${isoDate}T00:00:00Z`), { month: 'long', timeZone: 'UTC' });
}
