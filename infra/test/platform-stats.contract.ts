import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import type { PlatformStatsStore } from '../src/ports/platform-stats';
import { qsoFactMaker } from './qso-fact-builder';

export interface PlatformStatsFixture {
  aggregates: AggregatesStore;
  stats: PlatformStatsStore;
  /** Makes the store merge what it merges eventually (ClickHouse: OPTIMIZE ... FINAL). */
  mergeAll(): Promise<void>;
  dispose(): Promise<void>;
}

const makeFact = qsoFactMaker((n) => ({ mode: 'FT8', call: `DX${n}`, freqHz: 14_074_000, continent: '' }));
/** A QSO of user `u-{station}` (its callsign in capitals) with the entity `dxcc`. */
const fact = (station: string, ts: string, dxcc: number, over: Partial<QsoFact> = {}): QsoFact =>
  makeFact(station.toUpperCase(), new Date(ts), { stationUserId: `u-${station}`, dxcc, ...over });

/** The admin analytics from every PlatformStatsStore: the same days and entities over the same QSOs. */
export function platformStatsContract(name: string, make: () => Promise<PlatformStatsFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`PlatformStatsStore contract: ${name}`, () => {
    let f: PlatformStatsFixture;
    beforeEach(async () => {
      f = await make();
      await f.aggregates.migrate();
    }, 60_000);
    afterEach(async () => f?.dispose());

    it('counts QSOs and active stations per UTC day in the window, and the entities of all time', async () => {
      const moved = fact('w1aw', '2026-03-02T10:00:00Z', 230);
      const deleted = fact('k1jt', '2026-03-02T11:00:00Z', 339);
      await f.aggregates.recordQsoFacts([
        fact('w1aw', '2026-03-01T23:59:59Z', 230),
        fact('w1aw', '2026-03-02T00:00:00Z', 230),
        fact('k1jt', '2026-03-02T12:00:00Z', 339, { band: '40m' }),
        fact('k1jt', '2026-03-02T13:00:00Z', 0),
        fact('g4abc', '2026-03-03T08:00:00Z', 291, { mode: 'CW' }),
        fact('g4abc', '2026-02-01T08:00:00Z', 291),
        moved,
        deleted,
      ]);
      // An edit moves a QSO to another day; a delete takes one out of every count.
      await f.aggregates.recordQsoFacts([{ ...moved, ts: new Date('2026-03-03T10:00:00Z'), version: makeFact.nextVersion() }]);
      await f.aggregates.recordQsoFacts([{ ...deleted, deleted: true, version: makeFact.nextVersion() }]);
      await f.mergeAll();

      const days = await f.stats.days(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-04T00:00:00Z'));
      expect(days).toEqual([
        { day: '2026-03-01', qsos: 1, activeStations: 1 },
        { day: '2026-03-02', qsos: 3, activeStations: 2 },
        { day: '2026-03-03', qsos: 2, activeStations: 2 },
      ]);
      // The window's end is excluded, and a day without QSOs is left out.
      expect(await f.stats.days(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-03T00:00:00Z'))).toEqual([{ day: '2026-03-02', qsos: 3, activeStations: 2 }]);
      expect(await f.stats.days(new Date('2026-04-01T00:00:00Z'), new Date('2026-04-05T00:00:00Z'))).toEqual([]);

      expect(await f.stats.topEntities(10)).toEqual([
        { dxcc: 230, qsos: 3 },
        { dxcc: 291, qsos: 2 },
        { dxcc: 339, qsos: 1 },
      ]);
      expect(await f.stats.topEntities(1)).toEqual([{ dxcc: 230, qsos: 3 }]);
    }, 60_000);
  });
}
