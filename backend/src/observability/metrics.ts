/**
 * The backend's Prometheus metrics (prom-client), one registry per app (tests run many apps in one
 * process, so nothing is global). Every module defines what it counts through this small API and
 * finds it again by name: defining the same metric twice returns the first one.
 *
 * Adding a metric (docs/operations.md, "Reading the metrics"):
 *   const sent = services.metrics.counter({ name: 'need40_widgets_sent_total', help: 'Widgets sent.', labelNames: ['kind'] });
 *   sent.inc({ kind: 'blue' });
 * Names start with `need40_`, counters end in `_total`, durations are `_seconds` histograms;
 * label values come from a small fixed set (never ids, emails or URLs). A value that is cheaper
 * to read at scrape time than to keep up to date is a gauge with `collect` (see collectors.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  counter<L extends string = string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L>;
  gauge<L extends string = string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L>;
  histogram<L extends string = string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L>;
  /** The text Prometheus scrapes (the process's own metrics are added on the first call). */
  render(): Promise<string>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  let defaults = false;
  const define = <M>(name: string, kind: string, make: () => M): M => {
    const existing = registry.getSingleMetric(name) as (M & { type?: string }) | undefined;
    if (existing) {
      if ((existing as { constructor: { name: string } }).constructor.name !== kind) throw new Error(`metric ${name} is already a ${existing.constructor.name}`);
      return existing;
    }
    return make();
  };
  return {
    registry,
    counter: (config) => define(config.name, 'Counter', () => new Counter({ ...config, registers: [registry] })),
    gauge: (config) => define(config.name, 'Gauge', () => new Gauge({ ...config, registers: [registry] })),
    histogram: (config) => define(config.name, 'Histogram', () => new Histogram({ ...config, registers: [registry] })),
    async render() {
      // CPU, memory, event-loop lag, handles… Started on first scrape: each set runs a sampler,
      // and a test suite builds a hundred apps that are never scraped.
      if (!defaults) collectDefaultMetrics({ register: registry, prefix: 'need40_' });
      defaults = true;
      return registry.metrics();
    },
  };
}
