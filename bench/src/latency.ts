/**
 * Latency: open loop, 300 QSOs/s on a fixed schedule (request i due at t0 + i/300 s), latency from
 * the DUE time so a slow answer cannot hide the queue behind it (coordinated omission). Also the
 * projection lag p99 (append -> logbook read-model row) from the server's projection_lag_seconds
 * histogram: bucket deltas between a scrape at the start of the measured window and one after the
 * read models caught up, p99 interpolated within its bucket.
 *
 *   npx tsx bench/src/latency.ts
 */
import { benchConfig } from './config';
import { HttpClient, openLoop } from './load';
import { gaugeValue, histogramBuckets, scrape, waitProjectionsIdle, type Sample } from './prom';
import { QsoSource } from './qso';
import { isMain, machineText, printFigures, type Figure } from './report';
import { startServer } from './server';
import { bucketDelta, fmtMs, histogramQuantile, quantilePerSlot, summarize, type HistogramQuantile } from './stats';
import { registerUsers } from './users';

export const LATENCY_P99_TARGET_MS = 25;
export const PROJECTION_LAG_P99_TARGET_MS = 100;
const LAG_METRIC = 'projection_lag_seconds';

function lagQuantile(before: Sample[], after: Sample[], projection: string, q: number): HistogramQuantile {
  const delta = bucketDelta(histogramBuckets(before, LAG_METRIC, { projection }), histogramBuckets(after, LAG_METRIC, { projection }));
  return histogramQuantile(delta, q);
}

function lagText(h: HistogramQuantile): string {
  if (h.count === 0) return 'n/a (no observations)';
  return `${h.overflow ? '> ' : ''}${fmtMs(h.value * 1000)} (${h.count} events)`;
}

export async function runLatency(): Promise<Figure[]> {
  const server = await startServer();
  try {
    const rate = benchConfig.rate;
    const warmupMs = Math.min(benchConfig.warmupMs, 2000);
    console.log(`latency (${machineText()}): server ${server.url} ready in ${Math.round(server.readyMs)} ms; open loop ${rate}/s, ${warmupMs / 1000} s warm-up + ${benchConfig.durationMs / 1000} s measured`);
    const users = await registerUsers(server.url, benchConfig.users);
    const source = new QsoSource(users);
    const client = new HttpClient(server.url, 64);
    const metrics = new HttpClient(server.url, 2);
    let before: Promise<Sample[]> | null = null;
    const result = await openLoop({
      rate,
      warmupMs,
      durationMs: benchConfig.durationMs,
      send: (i) => source.send(client, i),
      onMeasureStart: () => {
        before = scrape(metrics);
      },
    });
    client.close();
    // Right after the window: the event loop's delay gauge covers the window (each scrape starts it again).
    const windowEnd = await scrape(metrics);
    const caughtUpMs = await waitProjectionsIdle(metrics, 30_000);
    const after = await scrape(metrics);
    const start = (await before) ?? [];
    metrics.close();

    const lat = summarize(result.latenciesMs);
    const service = summarize(result.serviceMs);
    const sendLag = summarize(result.sendLagMs);
    console.log(`  ${result.ok} of ${result.scheduled} scheduled answered 2xx; errors ${result.errors.total} (${result.errors.toString()}); statuses (incl. warm-up) ${source.statusText()}`);
    console.log(`  latency from due time: p50 ${fmtMs(lat.p50)}, p90 ${fmtMs(lat.p90)}, p99 ${fmtMs(lat.p99)}, p99.9 ${fmtMs(lat.p999)}, max ${fmtMs(lat.max)}`);
    const perSecond = quantilePerSlot(result.latenciesMs, result.dueS, 1, 0.99).map((v) => (Number.isFinite(v) ? Math.round(v) : '-'));
    console.log(`  latency p99 per second of the run, ms: ${perSecond.join(' ')}`);
    console.log(`  (from actual send: p50 ${fmtMs(service.p50)}, p99 ${fmtMs(service.p99)}, max ${fmtMs(service.max)}; generator send lag p99 ${fmtMs(sendLag.p99)}, max ${fmtMs(sendLag.max)})`);
    const loopMax = gaugeValue(windowEnd, 'nodejs_eventloop_delay_seconds', { quantile: '1' });
    if (loopMax !== undefined) console.log(`  the server's event loop, longest delay in the window: ${fmtMs(loopMax * 1000)}`);

    const hasLag = after.some((s) => s.name === `${LAG_METRIC}_bucket`);
    const logbook = lagQuantile(start, after, 'logbook', 0.99);
    const logbook50 = lagQuantile(start, after, 'logbook', 0.5);
    const usersLag = lagQuantile(start, after, 'users', 0.99);
    console.log(
      hasLag
        ? `  projection lag (logbook): p50 ${lagText(logbook50)}, p99 ${lagText(logbook)}; (users) p99 ${lagText(usersLag)}; caught up ${Number.isFinite(caughtUpMs) ? `${Math.round(caughtUpMs)} ms` : 'n/a'} after the load`
        : `  projection lag: /metrics has no ${LAG_METRIC} histogram`,
    );

    const lagMs = logbook.count > 0 ? logbook.value * 1000 : Number.NaN;
    return [
      { benchmark: 'latency', name: `latency p50 (open loop ${rate}/s, from due time)`, value: lat.p50, unit: 'ms', shown: fmtMs(lat.p50) },
      { benchmark: 'latency', name: 'latency p90', value: lat.p90, unit: 'ms', shown: fmtMs(lat.p90) },
      { benchmark: 'latency', name: 'latency p99', value: lat.p99, unit: 'ms', shown: fmtMs(lat.p99), target: { op: '<', value: LATENCY_P99_TARGET_MS } },
      { benchmark: 'latency', name: 'latency p99.9', value: lat.p999, unit: 'ms', shown: fmtMs(lat.p999) },
      { benchmark: 'latency', name: 'latency max', value: lat.max, unit: 'ms', shown: fmtMs(lat.max) },
      { benchmark: 'latency', name: 'errors', value: result.errors.total, unit: '', shown: `${result.errors.total} of ${result.scheduled}` },
      {
        benchmark: 'latency',
        name: 'projection lag p99 (logbook, histogram)',
        value: lagMs,
        unit: 'ms',
        shown: hasLag ? lagText(logbook) : `n/a (no ${LAG_METRIC} on /metrics)`,
        target: { op: '<', value: PROJECTION_LAG_P99_TARGET_MS },
        ...(logbook.overflow ? { note: 'p99 in the +Inf bucket: lower limit' } : {}),
      },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const figures = await runLatency();
  printFigures('latency', figures);
}
