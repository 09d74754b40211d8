/**
 * Client-side web-vitals reporting. The product invokes it with no handler (docs/product.md,
 * constants and defaults): bootstrap.tsx calls `reportWebVitals()` once, and with no handler
 * nothing is loaded and nothing is measured. The hook stays so that a deployment that wants the
 * numbers passes a handler and a loader (`() => import('web-vitals')`); only then is the measuring
 * library fetched. The page is measured once, by the shell; remotes never call this.
 */

/** The part of web-vitals' `Metric` a handler can rely on. */
export interface WebVitalMetric {
  name: string;
  value: number;
  delta: number;
  id: string;
  rating?: string;
  navigationType?: string;
}

export type WebVitalsHandler = (metric: WebVitalMetric) => void;

type Subscribe = (callback: (metric: WebVitalMetric) => void) => void;

/** The functions of the `web-vitals` package (v4/v5) this uses. */
export interface WebVitalsModule {
  onCLS: Subscribe;
  onFCP: Subscribe;
  onINP: Subscribe;
  onLCP: Subscribe;
  onTTFB: Subscribe;
}

export type WebVitalsLoader = () => Promise<WebVitalsModule>;

/**
 * Start reporting the five vitals to `onPerfEntry`. Without a handler (the spec's call) it does
 * nothing and resolves false. Never throws: a failed load is logged and resolves false.
 */
export async function reportWebVitals(onPerfEntry?: WebVitalsHandler | null, load?: WebVitalsLoader): Promise<boolean> {
  if (typeof onPerfEntry !== 'function' || !load) return false;
  try {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await load();
    for (const subscribe of [onCLS, onFCP, onINP, onLCP, onTTFB]) subscribe(onPerfEntry);
    return true;
  } catch (error) {
    console.warn('[need40] web-vitals reporting could not start', error);
    return false;
  }
}
