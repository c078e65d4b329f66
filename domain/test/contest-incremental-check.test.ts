/**
 * The cross-check kept as logs change answers what crossCheck answers over every log: random
 * contests of near-miss calls (W1AW and W1AX, DL1XYZ and DL1XZY...) with real contacts, missing
 * ones, busted calls and zones, then random additions, edits, deletions, logs withdrawn and new
 * logs, compared after every step.
 */
import { describe, expect, it } from 'vitest';
import { CQ_WW_CW } from '../src/contests/rules/built-in-rules';
import { crossCheck } from '../src/contests/rules/cross-check';
import { IncrementalCrossCheck } from '../src/contests/rules/incremental-check';
import type { CabrilloMode, ContestEntry } from '../src/contests/rules/rules';
import { random as seededRandom } from './adif/adif-helpers';

const PARTICIPANTS = ['W1AW', 'W1AX', 'K1ABC', 'K1ABD', 'DL1XYZ', 'DL1XZY', 'G4AAA', 'G4AAB', 'JA1ZZZ', 'VE3AB', 'VE3BA', 'N2XX', 'N2X', 'W1AW/P'];
const OUTSIDERS = ['W1AY', 'K9ZZZ', 'DL1XY', 'G4AA', 'JA1ZZY', 'W1A'];
const BANDS = ['20m', '40m'];
const MODES: CabrilloMode[] = ['CW', 'PH', 'DG'];
const START = Date.UTC(2026, 10, 28, 0, 0);

function contest(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const zone = (call: string) => String((call.charCodeAt(0) % 40) + 1);
  const logs = new Map<string, ContestEntry[]>();
  let id = 0;
  const entry = (at: number, band: string, mode: CabrilloMode, call: string, sentBy: string, zoneCopied: string): ContestEntry => ({
    id: `e${(id += 1)}`,
    at,
    band,
    mode,
    call,
    sent: { rst: '599', zone: zone(sentBy) },
    received: { rst: '599', zone: zoneCopied },
  });
  const randomEntry = (station: string): ContestEntry => {
    const call = random() < 0.7 ? pick(PARTICIPANTS) : pick(OUTSIDERS);
    return entry(START + Math.floor(random() * 40) * 60_000, pick(BANDS), pick(MODES), call, station, random() < 0.9 ? zone(call) : '99');
  };
  /** A contact both stations log, a minute or two apart; sometimes one side miscopies the call or the zone, or never logs it. */
  const contact = () => {
    const a = pick([...logs.keys()]);
    const b = pick(PARTICIPANTS.filter((call) => call !== a));
    const at = START + Math.floor(random() * 40) * 60_000;
    const band = pick(BANDS);
    const mode = pick(MODES);
    const heard = random() < 0.1 ? pick(OUTSIDERS.concat(PARTICIPANTS)) : b;
    logs.get(a)!.push(entry(at, band, mode, heard, a, random() < 0.1 ? '98' : zone(b)));
    if (logs.has(b) && random() < 0.85) logs.get(b)!.push(entry(at + Math.floor(random() * 3) * 60_000, band, mode, a, b, zone(a)));
  };
  return { random, pick, logs, randomEntry, contact };
}

function compare(check: IncrementalCrossCheck, logs: Map<string, ContestEntry[]>): void {
  const full = crossCheck(CQ_WW_CW, [...logs].map(([call, entries]) => ({ call, entries })));
  const kept = check.all();
  expect([...kept.keys()].sort()).toEqual([...full.keys()].sort());
  for (const [call, verdicts] of full) expect(kept.get(call), call).toEqual(verdicts);
}

describe('the cross-check kept incrementally', () => {
  it.each([1, 2, 3, 4])('answers what the full check answers after every random change (seed %i)', (seed) => {
    const { random, pick, logs, randomEntry, contact } = contest(seed);
    for (const call of PARTICIPANTS.slice(0, 8)) if (call !== 'W1AW/P') logs.set(call, []);
    for (let i = 0; i < 120; i++) contact();
    const check = new IncrementalCrossCheck(CQ_WW_CW);
    check.update([...logs].map(([call, entries]) => ({ call, entries: [...entries] })));
    compare(check, logs);

    let verdictsMoved = 0;
    for (let step = 0; step < 150; step++) {
      const changed = new Set<string>();
      const batch = 1 + Math.floor(random() * 3);
      for (let n = 0; n < batch; n++) {
        const roll = random();
        const station = pick([...logs.keys()]);
        const entries = logs.get(station)!;
        if (roll < 0.3) {
          contact();
          for (const call of logs.keys()) changed.add(call);
          continue;
        }
        if (roll < 0.45) entries.push(randomEntry(station));
        else if (roll < 0.6 && entries.length > 0) entries.splice(Math.floor(random() * entries.length), 1);
        else if (roll < 0.8 && entries.length > 0) {
          const at = Math.floor(random() * entries.length);
          const was = entries[at]!;
          const edit = random();
          entries[at] = edit < 0.33 ? { ...was, at: was.at + (random() < 0.5 ? -1 : 1) * 3 * 60_000 } : edit < 0.66 ? { ...was, band: pick(BANDS) } : { ...was, call: pick(PARTICIPANTS.concat(OUTSIDERS)) };
        } else if (roll < 0.9 && logs.size > 3) {
          logs.delete(station);
          changed.add(station);
          continue;
        } else {
          const newcomer = PARTICIPANTS.find((call) => !logs.has(call) && !(call === 'W1AW/P' && logs.has('W1AW')) && !(call === 'W1AW' && logs.has('W1AW/P')));
          if (newcomer) {
            logs.set(newcomer, [randomEntry(newcomer), randomEntry(newcomer)]);
            changed.add(newcomer);
          }
          continue;
        }
        changed.add(station);
      }
      const moved = check.update([...changed].map((call) => ({ call, entries: logs.has(call) ? [...logs.get(call)!] : null })));
      verdictsMoved += moved.size;
      compare(check, logs);
    }
    // The steps did change verdicts (the test would pass on a check that never moved otherwise).
    expect(verdictsMoved).toBeGreaterThan(50);
  });

  it('answers which stations moved: a new contact confirms the other side too', () => {
    const check = new IncrementalCrossCheck(CQ_WW_CW);
    const at = START;
    const w1aw: ContestEntry = { id: 'a1', at, band: '20m', mode: 'CW', call: 'DL1XYZ', sent: { rst: '599', zone: '5' }, received: { rst: '599', zone: '14' } };
    check.update([{ call: 'W1AW', entries: [w1aw] }, { call: 'DL1XYZ', entries: [] }]);
    expect(check.station('W1AW')![0]!.verdict).toBe('not-in-log');
    const dl: ContestEntry = { id: 'd1', at: at + 60_000, band: '20m', mode: 'CW', call: 'W1AW', sent: { rst: '599', zone: '14' }, received: { rst: '599', zone: '5' } };
    expect([...check.update([{ call: 'DL1XYZ', entries: [dl] }])].sort()).toEqual(['DL1XYZ', 'W1AW']);
    expect(check.station('W1AW')![0]!.verdict).toBe('ok');
    expect(check.station('DL1XYZ')![0]!.verdict).toBe('ok');
  });
});
