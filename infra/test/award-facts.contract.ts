import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import type { AwardFacts } from '../src/ports/award-facts';
import { qsoFactMaker } from './qso-fact-builder';

export interface AwardFactsFixture {
  /** Where the stream consumer records the facts the awards read. */
  aggregates: AggregatesStore;
  facts: AwardFacts;
  /** Makes the store merge what it merges eventually (ClickHouse: OPTIMIZE ... FINAL). */
  mergeAll(): Promise<void>;
  dispose(): Promise<void>;
}

const FROM = new Date('2025-03-10T00:00:00Z');
const TO = new Date('2025-03-11T00:00:00Z');
const at = (iso: string) => new Date(iso);

const makeFact = qsoFactMaker((_, ts) => ({ uploadedAt: new Date(ts.getTime() + 60_000) }));
/** A QSO of the station with user id `stationUserId` (its callsign in capitals), uploaded a minute after. */
const fact = (stationUserId: string, ts: string, over: Partial<QsoFact> = {}) => makeFact(stationUserId.toUpperCase(), at(ts), { stationUserId, ...over });

/** The same answers from every AwardFacts over the facts its AggregatesStore recorded. */
export function awardFactsContract(name: string, make: () => Promise<AwardFactsFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`AwardFacts contract: ${name}`, () => {
    let fixture: AwardFactsFixture;

    beforeEach(async () => {
      fixture = await make();
      await fixture.aggregates.migrate();
    });
    afterEach(async () => {
      await fixture?.dispose();
    });

    const day = () => fixture.facts.qsosBetween(FROM, TO);

    it('answers the live QSOs of [from, to) by time, with station, mode, DXCC and first upload', async () => {
      const first = fact('u-a', '2025-03-10T00:00:00Z', { mode: 'CW', dxcc: 291, uploadedAt: at('2025-03-10T00:01:00.900Z') });
      const second = fact('u-b', '2025-03-10T23:59:59Z', { mode: 'FT8', dxcc: 0 });
      await fixture.aggregates.recordQsoFacts([
        second,
        first,
        fact('u-a', '2025-03-09T23:59:59Z'),
        fact('u-a', '2025-03-11T00:00:00Z'),
      ]);
      expect(await day()).toEqual([
        // Upload times to the second: ClickHouse keeps no more, so neither store answers more.
        { qdoId: first.qdoId, stationUserId: 'u-a', stationCallsign: 'U-A', ts: first.ts, mode: 'CW', dxcc: 291, firstUploadedAt: at('2025-03-10T00:01:00Z') },
        { qdoId: second.qdoId, stationUserId: 'u-b', stationCallsign: 'U-B', ts: second.ts, mode: 'FT8', dxcc: 0, firstUploadedAt: second.uploadedAt },
      ]);
      expect(await fixture.facts.qsosBetween(TO, new Date(TO.getTime() + 1000))).toHaveLength(1);
    });

    it('answers nothing from an empty store', async () => {
      expect(await day()).toEqual([]);
    });

    it('answers an edited QSO with its latest fields and its first upload, also after merges', async () => {
      const logged = fact('u-a', '2025-03-10T12:00:00Z', { qdoId: 'edit-1', mode: 'SSB', uploadedAt: at('2025-03-10T12:05:00Z'), version: 10 });
      const edited = { ...logged, mode: 'CW', dxcc: 1, uploadedAt: at('2025-03-14T08:00:00Z'), version: 20 };
      await fixture.aggregates.recordQsoFacts([logged]);
      await fixture.aggregates.recordQsoFacts([edited]);
      await fixture.mergeAll();
      expect(await day()).toEqual([
        { qdoId: 'edit-1', stationUserId: 'u-a', stationCallsign: 'U-A', ts: logged.ts, mode: 'CW', dxcc: 1, firstUploadedAt: at('2025-03-10T12:05:00Z') },
      ]);
      // An older version delivered again changes nothing.
      await fixture.aggregates.recordQsoFacts([logged]);
      expect((await day()).map((q) => q.mode)).toEqual(['CW']);
    });

    it('follows a QSO edited into or out of the day', async () => {
      const moved = fact('u-a', '2025-03-10T12:00:00Z', { qdoId: 'move-out', version: 30 });
      const movedIn = fact('u-b', '2025-03-12T12:00:00Z', { qdoId: 'move-in', version: 31, uploadedAt: at('2025-03-12T12:00:00Z') });
      await fixture.aggregates.recordQsoFacts([moved, movedIn]);
      await fixture.aggregates.recordQsoFacts([
        { ...moved, ts: at('2025-03-12T09:00:00Z'), version: 40 },
        { ...movedIn, ts: at('2025-03-10T06:00:00Z'), uploadedAt: at('2025-03-12T13:00:00Z'), version: 41 },
      ]);
      await fixture.mergeAll();
      expect(await day()).toEqual([
        { qdoId: 'move-in', stationUserId: 'u-b', stationCallsign: 'U-B', ts: at('2025-03-10T06:00:00Z'), mode: 'SSB', dxcc: 230, firstUploadedAt: at('2025-03-12T12:00:00Z') },
      ]);
    });

    it('leaves out deleted QSOs, and answers one logged again with its first upload', async () => {
      const q = fact('u-a', '2025-03-10T08:00:00Z', { qdoId: 'del-1', uploadedAt: at('2025-03-10T08:01:00Z'), version: 50 });
      await fixture.aggregates.recordQsoFacts([q, fact('u-a', '2025-03-10T09:00:00Z', { qdoId: 'keep-1' })]);
      await fixture.aggregates.recordQsoFacts([{ ...q, deleted: true, ts: at('1970-01-01T00:00:00Z'), band: '', mode: '', uploadedAt: at('2025-03-10T10:00:00Z'), version: 60 }]);
      await fixture.mergeAll();
      expect((await day()).map((r) => r.qdoId)).toEqual(['keep-1']);
      await fixture.aggregates.recordQsoFacts([{ ...q, uploadedAt: at('2025-03-13T00:00:00Z'), version: 70 }]);
      await fixture.mergeAll();
      const again = (await day()).find((r) => r.qdoId === 'del-1');
      expect(again?.firstUploadedAt).toEqual(at('2025-03-10T08:01:00Z'));
    });

    it('keeps quotes and backslashes in ids and callsigns', async () => {
      const nasty = fact(`u-O'Brien\\x`, '2025-03-10T10:00:00Z', { stationCallsign: `x' OR 1=1 --`, qdoId: `q'\\1` });
      await fixture.aggregates.recordQsoFacts([nasty]);
      expect(await day()).toMatchObject([{ qdoId: `q'\\1`, stationUserId: `u-O'Brien\\x`, stationCallsign: `x' OR 1=1 --` }]);
    });
  });
}
