import { ui } from '@need40/ui';
import { Hero } from '../features/hero/components/Hero';
import { Need40Section } from '../features/need40/components/Need40Section';
import { PaidGigForm } from '../features/payments/components/PaidGigForm';
import { PaymentActions } from '../features/payments/components/PaymentActions';
import { ShareButton } from '../features/share/components/ShareButton';

/**
 * mf-campaign's exposed component: the landing hero (three stats) and the Need40 section
 * (`<section id="need40">`) with its payment paths. The features meet here, never in each other.
 * Needs no props: it reads the session and the runtime configuration from @need40/shared.
 */
export default function Campaign() {
  return (
    <>
      <Hero />
      <Need40Section
        actions={<PaymentActions share={(describedBy) => <ShareButton className={ui.secondary} describedBy={describedBy} />} />}
        form={<PaidGigForm />}
      />
    </>
  );
}
