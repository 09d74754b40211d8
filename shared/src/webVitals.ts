/**
 * Client-side web-vitals reporting. SPEC §9: "Client-side web-vitals reporting is invoked with no
 * handler" — so the page calls `reportWebVitals()` and, with no handler, nothing is loaded and
 * nothing is measured. A deployment that wants the numbers gives a handler (for example
 * `beaconHandler(url)` built from its configuration); only then is the measuring library loaded,
 * lazily, through the loader the caller passes.
 *
 * The loader is injected so that @need40/shared — a singleton every app builds against — carries
 * no dependency on `web-vitals`; the shell owns it and passes `() => import('web-vitals')`.
 * The page is measured once, by the shell; remotes never call this.
 *
 * @example
 *   // shell bootstrap, after the first render
 *   const url = getRuntimeConfig().webVitalsUrl;            // a deployment setting, empty by default
 *   void reportWebVitals(url ? beaconHandler(url) : undefined, () => import('web-vitals'));
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

/**
 * A handler that posts each metric as JSON to `url` with `navigator.sendBeacon` (survives the page
 * being closed), falling back to a keepalive fetch. Failures are ignored: reporting must never
 * disturb the page.
 */
export function beaconHandler(url: string): WebVitalsHandler {
  return (metric) => {
    const body = JSON.stringify({
      name: metric.name,
      value: metric.value,
      delta: metric.delta,
      id: metric.id,
      rating: metric.rating,
      navigationType: metric.navigationType,
      page: window.location.pathname,
    });
    try {
      if (navigator.sendBeacon?.(url, body)) return;
    } catch {
      // fall through to fetch
    }
    fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
  };
}
