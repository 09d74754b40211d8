import { afterEach, describe, expect, it, vi } from 'vitest';
import { beaconHandler, reportWebVitals, type WebVitalMetric, type WebVitalsModule } from './webVitals';

const metric: WebVitalMetric = { name: 'LCP', value: 1234, delta: 1234, id: 'v5-1', rating: 'good', navigationType: 'navigate' };

function fakeVitals(): WebVitalsModule {
  return { onCLS: vi.fn(), onFCP: vi.fn(), onINP: vi.fn(), onLCP: vi.fn(), onTTFB: vi.fn() };
}

describe('reportWebVitals', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('invoked with no handler (the spec) loads and measures nothing', async () => {
    const load = vi.fn(async () => fakeVitals());
    await expect(reportWebVitals(undefined, load)).resolves.toBe(false);
    await expect(reportWebVitals(null, load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('with a handler, loads the library once and subscribes the handler to the five vitals', async () => {
    const vitals = fakeVitals();
    const handler = vi.fn();
    await expect(reportWebVitals(handler, async () => vitals)).resolves.toBe(true);
    for (const fn of Object.values(vitals)) expect(fn).toHaveBeenCalledWith(handler);
  });

  it('never throws when the library cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(reportWebVitals(vi.fn(), async () => Promise.reject(new Error('chunk failed')))).resolves.toBe(false);
  });

  it('with a handler but no loader does nothing', async () => {
    await expect(reportWebVitals(vi.fn())).resolves.toBe(false);
  });
});

describe('beaconHandler', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the metric as JSON with sendBeacon', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    beaconHandler('https://rum.example/vitals')(metric);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('https://rum.example/vitals');
    expect(JSON.parse(body)).toMatchObject({ name: 'LCP', value: 1234, id: 'v5-1', rating: 'good' });
  });

  it('falls back to a keepalive fetch when sendBeacon is refused', () => {
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    const fetchMock = vi.fn(async () => new Response(null));
    vi.stubGlobal('fetch', fetchMock);
    beaconHandler('https://rum.example/vitals')(metric);
    expect(fetchMock).toHaveBeenCalledWith('https://rum.example/vitals', expect.objectContaining({ method: 'POST', keepalive: true }));
  });
});
