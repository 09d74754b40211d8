import { MoneyPage } from '../features/money/components/MoneyPage';

/**
 * mf-profile's exposed `./Money`: the signed-in member's earnings and spending (`#money`), with
 * their statements and a CSV export of each.
 * @example <Money />
 */
export default function Money() {
  return <MoneyPage />;
}
