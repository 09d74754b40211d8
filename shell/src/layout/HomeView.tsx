/**
 * Home, in the product's order: the connection status line, the hero (the shell's own, painted with
 * the page), the campaign, then Latest Gigs. Nothing already on screen may move as the remotes
 * arrive: the campaign's placeholder keeps room for it, and Latest Gigs (loading in the background
 * from the start) is shown once the campaign above it has settled — or after REVEAL_CAP_MS, so a
 * slow campaign never hides the gigs for long.
 */
import { useCallback, useEffect, useState } from 'react';
import { RemoteSlot } from '../federation/RemoteSlot';
import { ConnectionBanner } from '../sections/ConnectionBanner';
import { Hero } from '../sections/Hero';
import styles from './Layout.module.css';

export const REVEAL_CAP_MS = 4_000;

function CampaignPlaceholder() {
  return (
    <div className={styles.campaignPlaceholder} role="status">
      <span className={styles.skeletonLine} aria-hidden="true" />
      <span className={styles.skeletonTitle} aria-hidden="true" />
      <span className={styles.skeletonBlock} aria-hidden="true" />
      <span className="visually-hidden">Loading The Need40 campaign…</span>
    </div>
  );
}

export function HomeView() {
  const [campaignSettled, setCampaignSettled] = useState(false);
  const onCampaign = useCallback((status: string) => {
    if (status !== 'loading') setCampaignSettled(true);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setCampaignSettled(true), REVEAL_CAP_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <div data-slot="connection-banner">
        <ConnectionBanner />
      </div>
      <Hero />
      <RemoteSlot remote="campaign" expose="Campaign" label="The Need40 campaign" loading={<CampaignPlaceholder />} onStatus={onCampaign} />
      <div className={styles.below} data-revealed={campaignSettled} hidden={!campaignSettled} data-main-content>
        <RemoteSlot remote="gigs" expose="Gigs" label="Latest gigs" />
      </div>
    </>
  );
}
