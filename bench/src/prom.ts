/** Reading the server's Prometheus text from GET /metrics. */
import type { Bucket } from './stats';
import type { HttpClient } from './load';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    const raw = m[4] as string;
    const value = raw === '+Inf' ? Number.POSITIVE_INFINITY : raw === '-Inf' ? Number.NEGATIVE_INFINITY : Number(raw);
    samples.push({ name: m[1] as string, labels, value });
  }
  return samples;
}

function matches(sample: Sample, labels: Record<string, string>): boolean {
  return Object.entries(labels).every(([k, v]) => sample.labels[k] === v);
}

/** The cumulative buckets of histogram `name` whose labels include `labels` (empty when absent). */
export function histogramBuckets(samples: Sample[], name: string, labels: Record<string, string>): Bucket[] {
  return samples
    .filter((s) => s.name === `${name}_bucket` && matches(s, labels) && s.labels.le !== undefined)
    .map((s) => ({ le: s.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(s.labels.le), count: s.value }))
    .sort((a, b) => a.le - b.le);
}

export function gaugeValue(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  return samples.find((s) => s.name === name && matches(s, labels))?.value;
}

/** The token /metrics needs: METRICS_TOKEN for a running server, or the one the bench gives servers it starts. */
export function metricsToken(): string {
  return process.env.METRICS_TOKEN || 'bench-metrics-token';
}

export async function scrape(client: HttpClient): Promise<Sample[]> {
  const res = await client.request('GET', '/metrics', undefined, { authorization: `Bearer ${metricsToken()}` });
  if (res.status !== 200) throw new Error(`/metrics: HTTP ${res.status}`);
  return parseMetrics(res.body);
}

/**
 * Waits until every projection_lag_events series is 0 (the read models have caught up), up to
 * `timeoutMs`; gives the ms waited, or NaN when it timed out or the gauge is absent.
 */
export async function waitProjectionsIdle(client: HttpClient, timeoutMs = 15_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    const lag = (await scrape(client)).filter((s) => s.name === 'projection_lag_events');
    if (lag.length === 0) return Number.NaN;
    if (lag.every((s) => s.value === 0)) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number.NaN;
}
