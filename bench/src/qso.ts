/**
 * Distinct, realistic QSOs to log: callsigns from MASTER.SCP (generated ones when the file is
 * absent), and per user a counter so that no two QSOs share call + UTC minute (the duplicate rule).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { BenchUser } from './users';
import type { HttpClient } from './load';

const MASTER_SCP = '/work/shared/data/country-files/MASTER.SCP';

let cachedCalls: string[] | null = null;

export function callsigns(): string[] {
  if (cachedCalls) return cachedCalls;
  let calls: string[] = [];
  if (existsSync(MASTER_SCP)) {
    calls = readFileSync(MASTER_SCP, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim().toUpperCase())
      .filter((l) => l !== '' && !l.startsWith('#') && /^[A-Z0-9/]{3,20}$/.test(l));
  }
  if (calls.length < 1000) {
    // Prefix + digit + 3 letters: DL1ABC, K7XYZ, ... 
    const prefixes = ['K', 'W', 'N', 'DL', 'G', 'F', 'I', 'JA', 'VK', 'PY', 'OH', 'SM', 'EA', 'ON', 'PA'];
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    calls = [];
    for (let i = 0; calls.length < 50_000; i += 1) {
      const p = prefixes[i % prefixes.length] as string;
      const n = Math.floor(i / prefixes.length);
      const suffix = (letters[n % 26] as string) + (letters[Math.floor(n / 26) % 26] as string) + (letters[Math.floor(n / 676) % 26] as string);
      calls.push(`${p}${Math.floor(n / 17576) % 10}${suffix}`);
    }
  }
  cachedCalls = calls;
  return calls;
}

const BANDS: { freq: number; mode: string; snt: string; rcv: string }[] = [
  { freq: 14074, mode: 'FT8', snt: '-10', rcv: '-12' },
  { freq: 7074, mode: 'FT8', snt: '-05', rcv: '-15' },
  { freq: 14250, mode: 'SSB', snt: '59', rcv: '57' },
  { freq: 3750, mode: 'SSB', snt: '57', rcv: '59' },
  { freq: 7025, mode: 'CW', snt: '599', rcv: '579' },
  { freq: 21074, mode: 'FT8', snt: '-08', rcv: '-11' },
  { freq: 10136, mode: 'FT8', snt: '+02', rcv: '-03' },
  { freq: 28450, mode: 'SSB', snt: '59', rcv: '59' },
];
const NAMES = ['John', 'Anna', 'Klaus', 'Maria', 'Hiro', 'Pedro', 'Olga', 'Tom', 'Eva', 'Luca'];
const BASE_MS = Date.UTC(2025, 0, 1, 0, 0, 0);

/** Hands out QSO bodies for a set of users; QSO k of a user is (call k mod N, minute k div N). */
export class QsoSource {
  private readonly counters: number[];
  private readonly calls = callsigns();
  /** Answers by HTTP status (201 = logged, 200 = reported as a duplicate). */
  readonly statuses = new Map<number, number>();

  constructor(readonly users: BenchUser[]) {
    this.counters = users.map(() => 0);
  }

  statusText(): string {
    return [...this.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ');
  }

  /** The next distinct QSO for user `u`, as the JSON body of /api/vqso/upsert. */
  next(u: number): string {
    const k = this.counters[u] as number;
    this.counters[u] = k + 1;
    const n = this.calls.length;
    const call = this.calls[k % n] as string;
    const minute = Math.floor(k / n);
    const band = BANDS[k % BANDS.length] as (typeof BANDS)[number];
    const ts = new Date(BASE_MS + minute * 60_000 + (k % 60) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return JSON.stringify({
      data: { Call: call, TS: ts, Freq: band.freq, Mode: band.mode, SNT: band.snt, RCV: band.rcv, Name: NAMES[k % NAMES.length], Comment: `bench qso ${k}` },
    });
  }

  /** Sends the next QSO of the user that client `c` logs for (clients are spread round-robin over users). */
  send(client: HttpClient, c: number): Promise<number> {
    const u = c % this.users.length;
    const user = this.users[u] as BenchUser;
    return client.request('POST', '/api/vqso/upsert', this.next(u), { authorization: `Bearer ${user.token}` }).then((r) => {
      this.statuses.set(r.status, (this.statuses.get(r.status) ?? 0) + 1);
      return r.status;
    });
  }
}
