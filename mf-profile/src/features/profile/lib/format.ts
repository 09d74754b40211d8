/** How the profile writes its hourly rate. */
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "$90/hr". */
export function formatHourlyRate(rate: number): string {
  return `$${dollars.format(rate)}/hr`;
}
