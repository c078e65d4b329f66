/**
 * A process of watchers for the weekend benchmark (weekend.ts): `count` open home pages on
 * /ws, each counting the bytes and messages it receives. The first `timed` of them also read every
 * message and note when each station's new frequency arrived, so the delay from a rig report's
 * answer to its arrival can be computed once the main thread says when each report was answered.
 *
 * Messages are read in both shapes: the specification's one card per message
 * ({type: 'public-rig-data', user}) and batched frames ({type: 'public-rig-batch' |
 * 'public-rig-snapshot', users: [partial cards]}); a card without `freq` says nothing of it.
 */
import { inflatePayload, OPCODE_CLOSE, OPCODE_TEXT, openRawWatcher, type Frame, type RawWatcher } from '@hamlog/infra/testing/raw-websocket';

export interface WatcherThreadData {
  url: string;
  count: number;
  timed: number;
  deflate: boolean;
  /** User id of each station, by station index. */
  stationIds: string[];
  /** A station's report r is at baseHz + r * stepHz. */
  baseHz: number;
  stepHz: number;
  /** Connection attempts at a time. */
  concurrency: number;
}

export type ToWatchers =
  | { type: 'measure'; on: boolean }
  /** answered[s][r]: when station s's report r was answered (epoch ms), NaN when it does not count. */
  | { type: 'finish'; answered: Float64Array[] };

export type FromWatchers =
  | { type: 'open'; open: number; failed: number; deflated: number }
  | { type: 'result'; open: number; closed: number; bytes: number; messages: number; delays: Float64Array; expected: number; missed: number; unreadable: number };

const data = JSON.parse(process.env.WEEKEND_WATCHERS ?? '{}') as WatcherThreadData;
const send = (message: FromWatchers) => void process.send?.(message);
// The benchmark ends: so do these watchers.
process.on('disconnect', () => process.exit(0));
const stationIndex = new Map(data.stationIds.map((id, s) => [id, s]));

/** Station index and report number pairs a message carries, decoded once per distinct payload. */
const decoded = new Map<string, Int32Array | null>();
let unreadable = 0;

function reportsIn(frame: Frame): Int32Array | null {
  const key = frame.payload.toString('latin1') + (frame.compressed ? '\u0001' : '');
  let reports = decoded.get(key);
  if (reports !== undefined) return reports;
  reports = decode(frame);
  if (decoded.size > 200) decoded.clear();
  decoded.set(key, reports);
  return reports;
}

function decode(frame: Frame): Int32Array | null {
  try {
    const text = (frame.compressed ? inflatePayload(frame.payload) : frame.payload).toString('utf8');
    let message = JSON.parse(text) as unknown;
    if (typeof message === 'string') message = JSON.parse(message);
    const m = message as { type?: string; user?: Record<string, unknown>; users?: Record<string, unknown>[] };
    const cards = m.type === 'public-rig-data' ? [m.user] : Array.isArray(m.users) ? m.users : [];
    const out: number[] = [];
    for (const card of cards) {
      if (!card || !('freq' in card) || typeof card.freq !== 'number') continue;
      const s = stationIndex.get(String(card.id));
      if (s === undefined) continue;
      out.push(s, Math.round((card.freq * 1000 - data.baseHz) / data.stepHz));
    }
    return Int32Array.from(out);
  } catch {
    unreadable += 1;
    return null;
  }
}

let measuring = false;
let bytes = 0;
let messages = 0;
let closed = 0;
/** Per timed watcher: (station, report, arrival ms) triples in arrival order, the report only ever rising per station. */
const arrivals: number[][] = [];
const highest: Int32Array[] = [];
const watchers: RawWatcher[] = [];

async function openOne(i: number): Promise<void> {
  const timed = i < data.timed;
  if (timed) {
    arrivals[i] = [];
    highest[i] = new Int32Array(data.stationIds.length).fill(-1);
  }
  const watcher = await openRawWatcher(data.url, {
    deflate: data.deflate,
    onBytes: (n) => {
      if (measuring) bytes += n;
    },
    onClose: () => {
      closed += 1;
    },
    onFrame: (frame, at) => {
      if (frame.opcode === OPCODE_CLOSE) return;
      if (frame.opcode !== OPCODE_TEXT) return;
      if (measuring) messages += 1;
      if (!timed) return;
      const reports = reportsIn(frame);
      if (!reports) return;
      const mine = arrivals[i]!;
      const top = highest[i]!;
      for (let k = 0; k < reports.length; k += 2) {
        const s = reports[k]!;
        const r = reports[k + 1]!;
        if (r <= top[s]!) continue;
        top[s] = r;
        mine.push(s, r, at);
      }
    },
  });
  watchers[i] = watcher;
}

let failed = 0;
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(data.concurrency, data.count) }, async () => {
    while (next < data.count) {
      const i = next++;
      await openOne(i).catch(() => {
        failed += 1;
      });
    }
  }),
);
closed = 0;
send({ type: 'open', open: watchers.filter(Boolean).length, failed, deflated: watchers.filter((w) => w?.extensions.includes('permessage-deflate')).length } satisfies FromWatchers);

process.on('message', (message: ToWatchers) => {
  if (message.type === 'measure') {
    measuring = message.on;
    return;
  }
  const { answered } = message;
  const delays: number[] = [];
  let expected = 0;
  let missed = 0;
  for (let i = 0; i < data.timed; i += 1) {
    const mine = arrivals[i];
    if (!mine) continue;
    const nextReport = new Int32Array(answered.length);
    for (let k = 0; k < mine.length; k += 3) {
      const s = mine[k]!;
      const r = mine[k + 1]!;
      const at = mine[k + 2]!;
      const times = answered[s]!;
      for (let q = nextReport[s]!; q <= r && q < times.length; q += 1) {
        const a = times[q]!;
        if (Number.isFinite(a)) delays.push(Math.max(0, at - a));
      }
      nextReport[s] = Math.max(nextReport[s]!, r + 1);
    }
    for (let s = 0; s < answered.length; s += 1) {
      const times = answered[s]!;
      for (let q = 0; q < times.length; q += 1) {
        if (!Number.isFinite(times[q]!)) continue;
        expected += 1;
        if (q >= nextReport[s]!) missed += 1;
      }
    }
  }
  const open = watchers.filter((w) => w && !w.socket.destroyed).length;
  for (const w of watchers) w?.socket.destroy();
  send({ type: 'result', open, closed, bytes, messages, delays: Float64Array.from(delays), expected, missed, unreadable } satisfies FromWatchers);
});
