import { GIG_PRICE, PLATFORM_FEE_PERCENT, WORKER_EARNINGS, WORKER_SHARE_PERCENT } from '@need40/shared';
import { formatMoney } from '../../../lib/format';
import { HeroStat } from './HeroStat';
import styles from './Hero.module.css';

/** The landing hero: the three figures of the spec, from the shared constants. */
export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="need40-hero-title">
      <h1 id="need40-hero-title" className={styles.title}>
        Fair pay for every gig
      </h1>
      <p className={styles.lead}>
        Post a gig, get it done, and the worker keeps {WORKER_SHARE_PERCENT}% of what you pay.
      </p>
      <dl className={styles.stats}>
        <HeroStat value={formatMoney(GIG_PRICE)} label="Average gig value" />
        <HeroStat value={formatMoney(WORKER_EARNINGS)} label="Worker earnings" tone="money" />
        <HeroStat value={`${PLATFORM_FEE_PERCENT}%`} label="Platform fee" tone="fee" />
      </dl>
    </section>
  );
}
