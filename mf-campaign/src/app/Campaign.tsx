import { ui } from '@need40/ui';
import { Need40Section } from '../features/need40/components/Need40Section';
import { PaidGigForm } from '../features/payments/components/PaidGigForm';
import { PaymentActions } from '../features/payments/components/PaymentActions';
import { WeeklyProgress } from '../features/progress/components/WeeklyProgress';
import { ShareButton } from '../features/share/components/ShareButton';

/**
 * mf-campaign's exposed component: the Need40 section (`<section id="need40">`) with its payment
 * paths and this week's progress from the books. (The static hero above it is the shell's: it
 * paints with the page.) The features meet here, never in each other.
 * Needs no props: it reads the session and the runtime configuration from @need40/shared.
 */
export default function Campaign() {
  return (
    <Need40Section
      actions={<PaymentActions share={(describedBy) => <ShareButton className={ui.secondary} describedBy={describedBy} />} />}
      form={<PaidGigForm />}
      progress={<WeeklyProgress />}
    />
  );
}
