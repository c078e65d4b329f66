/**
 * A realistic multi-year log for one station, generated deterministically: calls from MASTER.SCP
 * (see qso.ts), quiet days and contest weekends, bands and modes in the proportions a modern
 * station logs them. QSO k of the history goes, in time order, to a "regular" (one QSO in ten,
 * cycling over REGULARS calls: about total/10/REGULARS QSOs each) or to the other calls in a
 * fixed stride (a handful each). Consecutive QSOs never share a call, so no two fall under the
 * duplicate rule (same call in the same minute).
 */
import type { QsoInput } from '@hamlog/domain';
import { callsigns } from './qso';

export const REGULARS = 40;
const FIRST_DAY_MS = Date.UTC(2021, 0, 1);
const DAYS = 5 * 365 + 1; // 2021 to 2025
const DAY_MS = 86_400_000;

/** Small, fast, seeded PRNG (mulberry32): the same history on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Slot {
  freq: number;
  mode: string;
  reports: () => [string, string];
  weight: number;
}

const digital = (r: () => number) => () => [snr(r), snr(r)] as [string, string];
function snr(r: () => number): string {
  const v = Math.round(r() * 34) - 24;
  return `${v < 0 ? '-' : '+'}${String(Math.abs(v)).padStart(2, '0')}`;
}

function slots(r: () => number): Slot[] {
  const phone = () => ['59', ['55', '57', '59'][Math.floor(r() * 3)] as string] as [string, string];
  const cw = () => ['599', ['559', '579', '599'][Math.floor(r() * 3)] as string] as [string, string];
  return [
    { freq: 14074, mode: 'FT8', reports: digital(r), weight: 18 },
    { freq: 7074, mode: 'FT8', reports: digital(r), weight: 12 },
    { freq: 10136, mode: 'FT8', reports: digital(r), weight: 6 },
    { freq: 21074, mode: 'FT8', reports: digital(r), weight: 6 },
    { freq: 28074, mode: 'FT8', reports: digital(r), weight: 4 },
    { freq: 3573, mode: 'FT8', reports: digital(r), weight: 4 },
    { freq: 18100, mode: 'FT8', reports: digital(r), weight: 3 },
    { freq: 50313, mode: 'FT8', reports: digital(r), weight: 2 },
    { freq: 14080, mode: 'FT4', reports: digital(r), weight: 4 },
    { freq: 14230, mode: 'USB', reports: phone, weight: 10 },
    { freq: 7150, mode: 'LSB', reports: phone, weight: 6 },
    { freq: 3750, mode: 'LSB', reports: phone, weight: 3 },
    { freq: 28450, mode: 'USB', reports: phone, weight: 3 },
    { freq: 14025, mode: 'CW', reports: cw, weight: 7 },
    { freq: 7025, mode: 'CW', reports: cw, weight: 5 },
    { freq: 1830, mode: 'CW', reports: cw, weight: 1 },
    { freq: 14085, mode: 'RTTY', reports: phone, weight: 2 },
    { freq: 145500, mode: 'FM', reports: phone, weight: 1 },
  ];
}

function picker(list: Slot[], r: () => number): () => Slot {
  const total = list.reduce((n, s) => n + s.weight, 0);
  return () => {
    let x = r() * total;
    for (const s of list) if ((x -= s.weight) < 0) return s;
    return list[list.length - 1] as Slot;
  };
}

/** QSOs per day: quiet days, busier weekends, a contest weekend most months; sums to `total`. */
function perDay(total: number, r: () => number): number[] {
  const weights = Array.from({ length: DAYS }, (_, d) => {
    const weekday = new Date(FIRST_DAY_MS + d * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    if (r() < 0.08) return 0;
    const contest = weekend && r() < 0.12;
    return (0.3 + r()) * (weekend ? 1.8 : 1) * (contest ? 7 : 1);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let d = 0; left > 0; d = (d + 7) % DAYS, left -= 1) counts[d] = (counts[d] as number) + 1;
  return counts;
}

const NAMES = ['John', 'Anna', 'Klaus', 'Maria', 'Hiro', 'Pedro', 'Olga', 'Tom', 'Eva', 'Luca', 'Jan', 'Sue', 'Bob', 'Ken', 'Ana'];
const COMMENTS = ['tnx fer QSO', 'nice sig', 'POTA', 'first QSO', 'QSL via LoTW', 'weak, QSB', '73'];
const GRID_LETTERS = 'ABCDEFGHIJKLMNOPQR';

export interface HistoryCalls {
  /** A regular: about total/10/REGULARS QSOs. */
  many: string;
  /** One of the others: a handful of QSOs. */
  few: string;
  /** Never worked. */
  none: string;
}

export interface History {
  calls: HistoryCalls;
  /** The QSOs in time order, as the logger would send them. */
  qsos(): Generator<QsoInput>;
}

export function stationHistory(total: number, seed = 1): History {
  const all = callsigns();
  const regulars = all.slice(0, REGULARS);
  const others = all.slice(REGULARS);
  // A stride coprime with the number of calls visits every call before repeating one.
  let stride = Math.floor(others.length * 0.618);
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  while (gcd(stride, others.length) !== 1) stride += 1;
  const callFor = (k: number) =>
    k % 10 === 0 ? (regulars[(k / 10) % REGULARS] as string) : (others[(k * stride) % others.length] as string);
  const none = 'ZZ9ZZZ';
  if (all.includes(none)) throw new Error(`${none} is in the call list`);

  return {
    calls: { many: regulars[0] as string, few: callFor(1), none },
    *qsos() {
      const r = random(seed);
      const pick = picker(slots(r), r);
      const counts = perDay(total, r);
      let k = 0;
      for (let d = 0; d < DAYS; d += 1) {
        const n = counts[d] as number;
        if (n === 0) continue;
        if (n > 43_200) throw new Error(`${n} QSOs on one day: too many for distinct seconds`);
        // Distinct seconds of the day, in order.
        const seconds = new Set<number>();
        while (seconds.size < n) seconds.add(Math.floor(r() * 86_400));
        for (const second of [...seconds].sort((a, b) => a - b)) {
          const slot = pick();
          const [snt, rcv] = slot.reports();
          const digitalMode = slot.mode === 'FT8' || slot.mode === 'FT4';
          yield {
            Call: callFor(k),
            TS: new Date(FIRST_DAY_MS + d * DAY_MS + second * 1000).toISOString().replace('.000Z', 'Z'),
            Freq: slot.freq + Math.floor(r() * 3),
            Mode: slot.mode,
            SNT: snt,
            RCV: rcv,
            Name: r() < 0.6 ? (NAMES[Math.floor(r() * NAMES.length)] as string) : '',
            Comment: r() < 0.15 ? (COMMENTS[Math.floor(r() * COMMENTS.length)] as string) : '',
            Power: ['100', '50', '5', '400'][Math.floor(r() * 4)] as string,
            GridSquare: digitalMode && r() < 0.7 ? grid(r) : '',
            qso_origin: 'LOGBAR',
          };
          k += 1;
        }
      }
    },
  };
}

function grid(r: () => number): string {
  const l = () => GRID_LETTERS[Math.floor(r() * 18)] as string;
  return `${l()}${l()}${Math.floor(r() * 10)}${Math.floor(r() * 10)}`;
}
