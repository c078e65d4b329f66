import { closedLoop, HttpClient, openLoop } from './load';
import type { Figure } from './report';
import { fmtMs, fmtRate, summarize } from './stats';

export interface ReadersRun {
  url: string;
  benchmark: string;
  label: string;
  concurrency: number;
  seconds: number;
  /** p99 target in ms; none: the figure is shown, not judged. */
  p99TargetMs?: number;
  /** One request by reader `reader`, its `i`th. */
  send: (client: HttpClient, reader: number, i: number) => Promise<{ status: number; body: string }>;
  /** Whether an answer counts as right (anything else counts as an error). */
  accept: (answer: { status: number; body: string }) => boolean;
}

/**
 * `concurrency` readers in a closed loop for `seconds` (after 1 s of warm-up): prints the line and
 * answers p50, p99 (judged against the target, if any) and answers per second, with the largest
 * answer's size in bytes.
 */
export async function closedLoopReaders(run: ReadersRun): Promise<{ figures: Figure[]; bytes: number }> {
  const client = new HttpClient(run.url, run.concurrency);
  let bytes = 0;
  const sent = new Array<number>(run.concurrency).fill(0);
  try {
    const result = await closedLoop({
      concurrency: run.concurrency,
      warmupMs: 1_000,
      durationMs: run.seconds * 1_000,
      send: async (reader) => {
        const answer = await run.send(client, reader, (sent[reader] = (sent[reader] ?? 0) + 1));
        bytes = Math.max(bytes, Buffer.byteLength(answer.body));
        return run.accept(answer) ? 200 : answer.status === 200 ? 599 : answer.status;
      },
    });
    const s = summarize(result.latenciesMs);
    console.log(`  ${run.label}: p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)}, ${fmtRate(result.rate)} over ${result.seconds} s, ${bytes} bytes, errors ${result.errors.toString()}`);
    const failure = result.errors.total > 0 ? `errors: ${result.errors.toString()}` : null;
    return { bytes, figures: readerFigures(run, { p50: s.p50, p99: s.p99, perSecond: result.rate }, failure) };
  } finally {
    client.close();
  }
}

/**
 * The figures of closed-loop readers, from either generator (Node's here, wrk's in wrk.ts): p50,
 * p99 (judged against the target, if any; no value when `failure` says some answers were wrong)
 * and answers per second.
 */
export function readerFigures(
  run: Pick<ReadersRun, 'benchmark' | 'label' | 'concurrency' | 'p99TargetMs'>,
  measured: { p50: number; p99: number; perSecond: number },
  failure: string | null,
): Figure[] {
  return [
    { benchmark: run.benchmark, name: `${run.label} p50, ${run.concurrency} readers`, value: measured.p50, unit: 'ms' },
    {
      benchmark: run.benchmark,
      name: `${run.label} p99, ${run.concurrency} readers`,
      value: failure ? Number.NaN : measured.p99,
      unit: 'ms',
      ...(run.p99TargetMs !== undefined ? { target: { op: '<' as const, value: run.p99TargetMs } } : {}),
      ...(failure ? { note: failure } : {}),
    },
    { benchmark: run.benchmark, name: `${run.label} answers per second`, value: measured.perSecond, unit: '/s', shown: fmtRate(measured.perSecond) },
  ];
}

export interface OpenLoopRun {
  url: string;
  benchmark: string;
  label: string;
  /** Requests per second, whatever the answers' speed. */
  rate: number;
  seconds: number;
  connections: number;
  p99TargetMs?: number;
  send: (client: HttpClient) => Promise<{ status: number }>;
}

/**
 * Readers at a fixed rate for `seconds` (after 1 s of warm-up), latency from each request's due
 * time (coordinated omission corrected): prints the line and answers the p99.
 */
export async function openLoopReaders(run: OpenLoopRun): Promise<Figure> {
  const client = new HttpClient(run.url, run.connections);
  try {
    const open = await openLoop({ rate: run.rate, warmupMs: 1_000, durationMs: run.seconds * 1_000, send: async () => (await run.send(client)).status });
    const s = summarize(open.latenciesMs);
    console.log(`  ${run.label} at ${run.rate}/s: p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)}, errors ${open.errors.toString()}`);
    return {
      benchmark: run.benchmark,
      name: `${run.label} p99 at ${run.rate} requests/s (open loop)`,
      value: open.errors.total > 0 ? Number.NaN : s.p99,
      unit: 'ms',
      ...(run.p99TargetMs !== undefined ? { target: { op: '<' as const, value: run.p99TargetMs } } : {}),
    };
  } finally {
    client.close();
  }
}
