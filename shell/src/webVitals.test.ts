import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportWebVitals, type WebVitalsModule } from './webVitals';

function fakeVitals(): WebVitalsModule {
  return { onCLS: vi.fn(), onFCP: vi.fn(), onINP: vi.fn(), onLCP: vi.fn(), onTTFB: vi.fn() };
}

describe('reportWebVitals', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('invoked with no handler (as the page does) loads and measures nothing', async () => {
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
