import type { ReactNode } from 'react';
import { GIG_PRICE, SECTIONS, WORKER_EARNINGS } from '@need40/shared';
import { formatMoney } from '../../../lib/format';
import { FeatureCards } from './FeatureCards';
import { FeeSplit } from './FeeSplit';
import { Goal } from './Goal';
import { JumpButtons } from './JumpButtons';
import { LaunchBadge } from './LaunchBadge';
import styles from './Need40Section.module.css';

interface Props {
  /** The payment buttons (features/payments), placed under the feature cards. */
  actions: ReactNode;
  /** The $600 gig form (features/payments), placed under the jump buttons. */
  form: ReactNode;
  /** This week's progress from the books (features/progress), beside the goal. */
  progress?: ReactNode;
}

/**
 * The Need40 campaign: pitch, goal, feature cards, launch badge, and the payment paths and the
 * week's progress that app/Campaign.tsx passes in (a feature does not import another feature).
 */
export function Need40Section({ actions, form, progress }: Props) {
  return (
    <section id={SECTIONS.need40} className={styles.section} aria-labelledby="need40-title">
      <div>
        <LaunchBadge />
        <h2 id="need40-title" className={styles.title}>
          The Need40 campaign: {formatMoney(GIG_PRICE)} gigs, {formatMoney(WORKER_EARNINGS)} to the worker
        </h2>
        <FeeSplit />
        <Goal />
        {progress}
        <FeatureCards />
        {actions}
        <JumpButtons />
        {form}
      </div>
    </section>
  );
}
