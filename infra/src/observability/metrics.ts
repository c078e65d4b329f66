/** A small Prometheus text-format registry: counters, gauges (set or computed on scrape), histograms. */
import { monitorEventLoopDelay } from 'node:perf_hooks';

type Labels = Record<string, string>;

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  const escaped = entries.map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`);
  return `{${escaped.join(',')}}`;
}

interface Metric {
  render(): Promise<string[]>;
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }
  async render(): Promise<string[]> {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

export class Gauge implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly collect: () => Promise<{ labels: Labels; value: number }[]>,
    /** 'counter' for a count kept elsewhere (another process, an object's own tally), read on scrape. */
    private readonly type: 'gauge' | 'counter' = 'gauge',
  ) {}
  async render(): Promise<string[]> {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
    for (const { labels, value } of await this.collect()) lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  ) {}
  /** `times` observations of the same value (events applied together share their lag). */
  observe(seconds: number, labels: Labels = {}, times = 1): void {
    const key = labelText(labels);
    const entry = this.series.get(key) ?? { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.buckets.forEach((bound, i) => {
      if (seconds <= bound) entry.counts[i] = (entry.counts[i] ?? 0) + times;
    });
    entry.sum += seconds * times;
    entry.count += times;
    this.series.set(key, entry);
  }
  async render(): Promise<string[]> {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[i] ?? 0}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`, `${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];
  register<M extends Metric>(metric: M): M {
    this.metrics.push(metric);
    return metric;
  }
  async render(): Promise<string> {
    const parts = await Promise.all(this.metrics.map((m) => m.render()));
    return `${parts.flat().join('\n')}\n`;
  }
}

/**
 * How late this process's event loop ran its callbacks since the previous scrape: the max and the
 * p99 (a request that waits behind a long synchronous task, or a long garbage collection, shows here).
 */
export function eventLoopDelayGauge(): Gauge {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return new Gauge('nodejs_eventloop_delay_seconds', 'Event loop delay since the previous scrape', async () => {
    const figures = [
      { labels: { quantile: '0.99' }, value: histogram.percentile(99) / 1e9 },
      { labels: { quantile: '1' }, value: histogram.max / 1e9 },
    ];
    histogram.reset();
    return figures;
  });
}
