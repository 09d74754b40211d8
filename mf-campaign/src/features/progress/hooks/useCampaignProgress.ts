import { useEffect, useState } from 'react';
import { fetchCampaignProgress, type CampaignProgress } from '../api/campaignProgress';

export type ProgressState = { status: 'waiting' } | { status: 'failed' } | { status: 'ready'; progress: CampaignProgress };

/**
 * The campaign's figures, read once the page has loaded and the browser is idle: the section is on
 * the first screen, and its figures must not compete with it for the network or the main thread.
 */
export function useCampaignProgress(): ProgressState {
  const [state, setState] = useState<ProgressState>({ status: 'waiting' });
  useEffect(() => {
    let live = true;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      fetchCampaignProgress().then(
        (progress) => live && setState({ status: 'ready', progress }),
        () => live && setState({ status: 'failed' }),
      );
    };
    const schedule = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(read, { timeout: 2_000 });
      else timer = setTimeout(read, 0);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      live = false;
      window.removeEventListener('load', schedule);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return state;
}
