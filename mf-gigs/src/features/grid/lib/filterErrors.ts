/**
 * Checks of the rate filters as typed. A value with a message is not sent and not written to the
 * URL, so the list never silently ignores what the person sees in the field.
 */
export interface FilterErrors {
  minRate?: string;
  maxRate?: string;
}

/** A plain decimal amount as people type it ("25", "25.50", ".5"); no signs, exponents or hex. */
const AMOUNT = /^(\d+(\.\d*)?|\.\d+)$/;

/** The dollar amount of a rate filter, undefined when empty; NaN when it is not an amount. */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return AMOUNT.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function amountError(text: string, label: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (/^-\s*(\d|\.\d)/.test(trimmed)) return `${label} can't be negative`;
  if (Number.isNaN(parseAmount(trimmed))) return `${label} must be a number, like 25 or 25.50`;
  return undefined;
}

/** Every problem of the rate filters; an empty object means both can be sent. */
export function filterErrors(draft: { minRate: string; maxRate: string }): FilterErrors {
  const errors: FilterErrors = {};
  const min = amountError(draft.minRate, 'Min rate');
  const max = amountError(draft.maxRate, 'Max rate');
  if (min) errors.minRate = min;
  if (max) errors.maxRate = max;
  const low = parseAmount(draft.minRate);
  const high = parseAmount(draft.maxRate);
  if (!min && !max && low !== undefined && high !== undefined && low > high) {
    errors.maxRate = 'Max rate must be at least the min rate';
  }
  return errors;
}
