import { GIG_PRICE, SECTIONS, WORKER_EARNINGS } from '@need40/shared';
import { formatMoney } from '../../../lib/format';
import { PaidGigForm } from '../../payments/components/PaidGigForm';
import { PaymentActions } from '../../payments/components/PaymentActions';
import { FeatureCards } from './FeatureCards';
import { FeeSplit } from './FeeSplit';
import { Goal } from './Goal';
import { JumpButtons } from './JumpButtons';
import { LaunchBadge } from './LaunchBadge';
import styles from './Need40Section.module.css';

/** The Need40 campaign: pitch, goal, feature cards, launch badge and the three payment paths. */
export function Need40Section() {
  return (
    <section id={SECTIONS.need40} className={styles.section} aria-labelledby="need40-title">
      <div className={styles.inner}>
        <LaunchBadge />
        <h2 id="need40-title" className={styles.title}>
          The Need40 campaign: {formatMoney(GIG_PRICE)} gigs, {formatMoney(WORKER_EARNINGS)} to the worker
        </h2>
        <FeeSplit />
        <Goal />
        <FeatureCards />
        <PaymentActions />
        <JumpButtons />
        <PaidGigForm />
      </div>
    </section>
  );
}
