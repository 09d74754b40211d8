import { ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';

/** On the member's own profile: where their earnings and spending are (a page of its own, `#money`). */
export function MoneyLink() {
  return (
    <ViewSection title="Earnings and spending">
      <p>
        What you earned and paid on Need40, where the money is now, every receipt, and a CSV export.{' '}
        <a className={ui.link} href="#money">
          See your earnings and spending
        </a>
      </p>
    </ViewSection>
  );
}
