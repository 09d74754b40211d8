/** Small display helpers shared by the console's screens. */
import { FunctionField, type RaRecord } from 'react-admin';

/** Whole cents as dollars: 57000 → "$570.00". */
export function dollars(cents: unknown): string {
  const n = Number(cents);
  return Number.isFinite(n) ? `$${(n / 100).toFixed(2)}` : '';
}

/** Dollars typed in a form → whole cents (null when blank or not a number ≥ 0). */
export function centsOf(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
}

export function MoneyField({ source, label }: { source: string; label: string }) {
  return <FunctionField label={label} sortBy={source} render={(r: RaRecord) => dollars(r[source])} />;
}
