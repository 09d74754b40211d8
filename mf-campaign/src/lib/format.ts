/** How the campaign writes money and the launch date. Owned by mf-campaign: it ships with it. */

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `formatMoney(600)` → "$600", `formatMoney(1234.5)` → "$1,234.5". */
export function formatMoney(amount: number): string {
  return `$${wholeDollars.format(amount)}`;
}

/** The launch badge's long form: "April 8, 2024". Date-only ISO strings are read as UTC. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
