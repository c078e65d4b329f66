import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentQsos, stationStatsAnswer, stationStatsCountsOf, type StationStatsCount } from '@hamlog/domain';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import type { StationStatsStore } from '../src/ports/station-stats';
import { qsoFactMaker } from './qso-fact-builder';

export interface StationStatsFixture {
  /** Where the stream consumer records the facts (and the counters the statistics read). */
  aggregates: AggregatesStore;
  stats: StationStatsStore;
  /** Makes the store merge what it merges eventually (ClickHouse: OPTIMIZE ... FINAL). */
  mergeAll(): Promise<void>;
  /** Drops the statistics' own tables only, as on a database whose facts came before them. */
  dropStatsTables(): Promise<void>;
  /** Drops the facts' continent column too, as on a database whose facts came before continents. */
  dropContinentColumn(): Promise<void>;
  dispose(): Promise<void>;
}

const ALICE = 'u-alice';
const BOB = 'u-bob';

const makeFact = qsoFactMaker((n) => ({ call: `DX${n}`, continent: 'EU' }));
/** A new QSO of the station with user id `station` ('u-alice': callsign ALICE); `over` changes any field. */
const fact = (station: string, ts: string, over: Partial<QsoFact> = {}): QsoFact =>
  makeFact(station.slice(2).toUpperCase(), new Date(ts), { stationUserId: station, ...over });

/** A later version of a QSO: an edit (fields in `over`) or, with deleted, its delete. */
function versionOf(previous: QsoFact, over: Partial<QsoFact>): QsoFact {
  const deleted = over.deleted === true;
  return {
    ...previous,
    ...(deleted ? { ts: new Date(0), band: '', mode: '', subMode: '', call: '', freqHz: 0, contestName: '', dxcc: 0, continent: '' } : {}),
    ...over,
    version: makeFact.nextVersion(),
  };
}

/** The same counters from every StationStatsStore, equal to the domain's over the same QSOs. */
export function stationStatsContract(name: string, make: () => Promise<StationStatsFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`StationStatsStore contract: ${name}`, () => {
    let fixture: StationStatsFixture;
    /** Every fact recorded, for the reference answer. */
    let recorded: QsoFact[];

    beforeEach(async () => {
      fixture = await make();
      await fixture.aggregates.migrate();
      recorded = [];
    });
    afterEach(async () => {
      await fixture?.dispose();
    });

    const record = async (facts: QsoFact[]) => {
      recorded.push(...facts);
      await fixture.aggregates.recordQsoFacts(facts);
    };
    const reference = (station: string): StationStatsCount[] =>
      stationStatsCountsOf(currentQsos(recorded).filter((q) => q.stationUserId === station));
    /** The store's counters, checked against the reference and again after merges. */
    const checked = async (station: string): Promise<StationStatsCount[]> => {
      const counts = await fixture.stats.stationCounts(station);
      expect(counts).toEqual(reference(station));
      await fixture.mergeAll();
      expect(await fixture.stats.stationCounts(station)).toEqual(counts);
      return counts;
    };
    const countOf = (counts: StationStatsCount[], key: string) => counts.find((c) => c.key === key)?.count ?? 0;

    it('answers no counters for a station without QSOs', async () => {
      expect(await fixture.stats.stationCounts(ALICE)).toEqual([]);
      await record([fact(BOB, '2024-05-15T12:00:00Z')]);
      expect(await fixture.stats.stationCounts(ALICE)).toEqual([]);
      expect(stationStatsAnswer([]).total).toBe(0);
    });

    it('counts QSOs per band, mode (the sub-mode when there is one), continent, UTC year and hour, and DXCC entity per band', async () => {
      await record([
        fact(ALICE, '2023-12-31T23:59:59Z', { band: '40m', mode: 'CW', dxcc: 291, continent: 'NA' }),
        fact(ALICE, '2024-01-01T00:00:00Z', { band: '20m', mode: 'FT8', dxcc: 339, continent: 'AS' }),
        fact(ALICE, '2024-01-01T13:30:00Z', { band: '20m', mode: 'MFSK', subMode: 'FT4', dxcc: 339, continent: 'AS' }),
        fact(ALICE, '2024-06-01T13:00:00Z', { band: '20m', mode: 'SSB', dxcc: 230 }),
        fact(ALICE, '2021-06-01T05:00:00Z', { band: '2m', mode: 'FM', dxcc: 0, continent: '' }), // no entity: unknown continent
        fact(BOB, '2024-06-01T13:00:00Z', { band: '10m' }),
      ]);
      const counts = await checked(ALICE);
      expect(countOf(counts, 'band:20m')).toBe(3);
      expect(countOf(counts, 'band:10m')).toBe(0);
      expect(countOf(counts, 'mode:FT4')).toBe(1);
      expect(countOf(counts, 'mode:MFSK')).toBe(0);
      expect(countOf(counts, 'continent:AS')).toBe(2);
      expect(countOf(counts, 'continent:')).toBe(1);
      expect(countOf(counts, 'year:2023')).toBe(1);
      expect(countOf(counts, 'year:2024')).toBe(3);
      expect(countOf(counts, 'hour:23')).toBe(1);
      expect(countOf(counts, 'hour:13')).toBe(2);
      expect(countOf(counts, 'dxcc:339:20m')).toBe(2);
      expect(counts.some((c) => c.key.startsWith('dxcc:0:'))).toBe(false);

      const answer = stationStatsAnswer(counts);
      expect(answer.total).toBe(5);
      expect(answer.years).toEqual([2021, 2022, 2023, 2024].map((year) => ({ year, count: { 2021: 1, 2022: 0, 2023: 1, 2024: 3 }[year] })));
      expect(answer.dxcc.worked).toBe(3);
      expect(answer.dxcc.bands).toEqual([{ band: '40m', worked: 1 }, { band: '20m', worked: 2 }]);
      await checked(BOB);
    });

    it('counts a QSO without a continent on its DXCC entity\'s, and one with a continent on its own', async () => {
      await record([
        fact(ALICE, '2024-05-15T12:00:00Z', { dxcc: 291, continent: undefined }),
        fact(ALICE, '2024-05-15T12:01:00Z', { dxcc: 15, continent: '' }),
        fact(ALICE, '2024-05-15T12:02:00Z', { dxcc: 390, continent: 'EU' }), // Turkey (AS) from a European prefix
      ]);
      const counts = await checked(ALICE);
      expect(countOf(counts, 'continent:NA')).toBe(1);
      expect(countOf(counts, 'continent:AS')).toBe(1);
      expect(countOf(counts, 'continent:EU')).toBe(1);
    });

    it('moves the counters when a QSO is edited: band, mode, year, hour, entity', async () => {
      const first = fact(ALICE, '2023-03-01T08:00:00Z', { band: '40m', mode: 'CW', dxcc: 291, continent: 'NA' });
      const other = fact(ALICE, '2023-03-01T09:00:00Z', { band: '40m', mode: 'CW', dxcc: 291, continent: 'NA' });
      await record([first, other]);
      await checked(ALICE);
      await record([versionOf(first, { ts: new Date('2024-07-04T18:00:00Z'), band: '15m', mode: 'FT8', dxcc: 339, continent: 'AS' })]);
      const counts = await checked(ALICE);
      expect(countOf(counts, 'band:40m')).toBe(1);
      expect(countOf(counts, 'band:15m')).toBe(1);
      expect(countOf(counts, 'year:2023')).toBe(1);
      expect(countOf(counts, 'year:2024')).toBe(1);
      expect(countOf(counts, 'hour:8')).toBe(0);
      expect(countOf(counts, 'hour:18')).toBe(1);
      expect(countOf(counts, 'dxcc:291:40m')).toBe(1);
      expect(countOf(counts, 'dxcc:339:15m')).toBe(1);
      expect(countOf(counts, 'continent:NA')).toBe(1);
    });

    it('takes a deleted QSO out of every counter and a restored one back in', async () => {
      const gone = fact(ALICE, '2022-02-02T02:02:02Z', { band: '80m', mode: 'RTTY', dxcc: 100, continent: 'SA' });
      const kept = fact(ALICE, '2024-05-15T12:00:00Z');
      await record([gone, kept]);
      const deleted = versionOf(gone, { deleted: true });
      await record([deleted]);
      let counts = await checked(ALICE);
      for (const key of ['band:80m', 'mode:RTTY', 'continent:SA', 'year:2022', 'hour:2', 'dxcc:100:80m']) expect(countOf(counts, key), key).toBe(0);
      expect(stationStatsAnswer(counts).total).toBe(1);

      await record([versionOf(deleted, { ...gone, deleted: false, ts: new Date('2022-02-03T03:00:00Z') })]);
      counts = await checked(ALICE);
      expect(countOf(counts, 'band:80m')).toBe(1);
      expect(countOf(counts, 'hour:3')).toBe(1);
      expect(stationStatsAnswer(counts).total).toBe(2);
    });

    it('changes nothing for a redelivered batch or an older version after a newer one', async () => {
      const q = fact(ALICE, '2024-01-01T10:00:00Z', { band: '40m' });
      const edit = versionOf(q, { band: '20m' });
      const batch = [q, fact(ALICE, '2024-01-02T10:00:00Z'), edit];
      await record(batch);
      const before = await checked(ALICE);
      await fixture.aggregates.recordQsoFacts(batch);
      await fixture.aggregates.recordQsoFacts([q]);
      expect(await fixture.stats.stationCounts(ALICE)).toEqual(before);
      expect(countOf(before, 'band:40m')).toBe(0);
      expect(countOf(before, 'band:20m')).toBe(2);
    });

    it('counts every version in one batch once: the latest', async () => {
      const q = fact(ALICE, '2024-01-01T10:00:00Z', { band: '40m' });
      const a = versionOf(q, { band: '30m' });
      const b = versionOf(a, { band: '17m', ts: new Date('2019-01-01T10:00:00Z') });
      await record([b, q, a]);
      const counts = await checked(ALICE);
      expect(counts.filter((c) => c.key.startsWith('band:'))).toEqual([{ key: 'band:17m', count: 1 }]);
      expect(counts.filter((c) => c.key.startsWith('year:'))).toEqual([{ key: 'year:2019', count: 1 }]);
    });

    it('fills new statistics tables from the facts recorded before them with the same counters', async () => {
      const edited = fact(ALICE, '2020-01-01T10:00:00Z', { band: '40m' });
      const deleted = fact(ALICE, '2020-01-01T11:00:00Z');
      await record([
        edited,
        deleted,
        fact(ALICE, '2021-01-01T10:00:00Z', { dxcc: 291, continent: undefined }),
        fact(ALICE, '2021-01-01T10:00:00Z', { dxcc: 390, continent: 'EU', mode: 'MFSK', subMode: 'JS8' }),
        fact(ALICE, '2022-01-01T23:00:00Z', { dxcc: 0, continent: '', band: '70cm' }),
        fact(BOB, '2022-01-01T23:00:00Z', { dxcc: 8, band: '160m' }), // a deleted entity
        versionOf(edited, { band: '6m', ts: new Date('2023-09-09T09:09:09Z') }),
        versionOf(deleted, { deleted: true }),
      ]);
      const counts = await checked(ALICE);
      await fixture.dropStatsTables();
      await fixture.aggregates.migrate();
      expect(await fixture.stats.stationCounts(ALICE)).toEqual(counts);
      expect(await fixture.stats.stationCounts(BOB)).toEqual(reference(BOB));
      // And the counters go on from there.
      await record([versionOf(edited, { band: '2m' }), fact(ALICE, '2024-01-01T00:00:00Z')]);
      await checked(ALICE);
    });

    it('adds the continent column to facts recorded before it, and counts those facts on their entity\'s continent', async () => {
      await record([
        fact(ALICE, '2024-01-01T10:00:00Z', { dxcc: 390, continent: 'EU' }), // Turkey (AS) from a European prefix
        fact(ALICE, '2024-01-01T11:00:00Z', { dxcc: 291, continent: 'NA' }),
      ]);
      await fixture.dropStatsTables();
      await fixture.dropContinentColumn();
      await fixture.aggregates.migrate();
      const counts = await fixture.stats.stationCounts(ALICE);
      expect(counts).toEqual(stationStatsCountsOf(currentQsos(recorded).map((q) => ({ ...q, continent: undefined }))));
      expect(countOf(counts, 'continent:AS')).toBe(1);
      expect(countOf(counts, 'continent:EU')).toBe(0);
      // A later version carries its continent again, and moves the counters from where the fill put them.
      const [turkey] = recorded;
      await record([versionOf(turkey!, { band: '40m' })]);
      expect(countOf(await fixture.stats.stationCounts(ALICE), 'continent:AS')).toBe(0);
      expect(countOf(await fixture.stats.stationCounts(ALICE), 'continent:EU')).toBe(1);
    });

    it('starts empty after reset, and recording the log again gives the same counters', async () => {
      const q = fact(ALICE, '2024-01-01T10:00:00Z');
      await record([q, fact(ALICE, '2023-01-01T10:00:00Z', { band: '10m' }), versionOf(q, { mode: 'CW' })]);
      const counts = await checked(ALICE);
      await fixture.aggregates.reset();
      expect(await fixture.stats.stationCounts(ALICE)).toEqual([]);
      for (const f of recorded) await fixture.aggregates.recordQsoFacts([f]);
      expect(await fixture.stats.stationCounts(ALICE)).toEqual(counts);
    });
  });
}
