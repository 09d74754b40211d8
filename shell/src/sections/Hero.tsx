import { GIG_PRICE, PLATFORM_FEE_PERCENT, WORKER_EARNINGS, WORKER_SHARE_PERCENT } from '@need40/shared';
import { HeroStat } from './HeroStat';
import styles from './Hero.module.css';

/**
 * The landing hero: the three figures of the product, from the kernel's constants. Static, so the
 * shell renders it with its first paint — it is the page's largest element, and waiting for a
 * remote to draw it made the page look slow. The campaign's behaviour stays in mf-campaign.
 */
export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="need40-hero-title">
      <h1 id="need40-hero-title" className={styles.title}>
        Fair pay for every gig
      </h1>
      <p className={styles.lead}>Post a gig, get it done, and the worker keeps {WORKER_SHARE_PERCENT}% of what you pay.</p>
      <dl className={styles.stats}>
        <HeroStat value={`$${GIG_PRICE}`} label="Average gig value" />
        <HeroStat value={`$${WORKER_EARNINGS}`} label="Worker earnings" tone="money" />
        <HeroStat value={`${PLATFORM_FEE_PERCENT}%`} label="Platform fee" tone="fee" />
      </dl>
    </section>
  );
}
