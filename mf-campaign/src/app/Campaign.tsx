import { formatMoney, GIG_PRICE, PLATFORM_FEE_PERCENT, SECTIONS, WORKER_EARNINGS } from '@need40/shared';

/** The landing page's hero and the Need40 campaign section (mf-campaign's exposed component). */
export default function Campaign() {
  return (
    <>
      <section aria-label="Need40 at a glance">
        <dl>
          <div><dt>Average gig value</dt><dd>{formatMoney(GIG_PRICE)}</dd></div>
          <div><dt>Worker earnings</dt><dd>{formatMoney(WORKER_EARNINGS)}</dd></div>
          <div><dt>Platform fee</dt><dd>{PLATFORM_FEE_PERCENT}%</dd></div>
        </dl>
      </section>
      <section id={SECTIONS.need40} aria-labelledby="need40-title">
        <h2 id="need40-title">Need40</h2>
      </section>
    </>
  );
}
