import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtInRules, contestEntries, contestExchangeOf } from '@hamlog/domain';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import type { ContestQso, ContestQsoReads } from '../src/ports/contest-qsos';
import { qsoFactMaker } from './qso-fact-builder';

export interface ContestQsosFixture {
  /** Where the facts are written (what the stream consumer writes to). */
  facts: AggregatesStore;
  reads: ContestQsoReads;
  dispose(): Promise<void>;
}

const FROM = new Date('2024-11-30T00:00:00Z');
const TO = new Date('2024-12-02T00:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(FROM.getTime() + minutes * MINUTE);

/** A CQ WW contact's exchange as the logger writes it: RSTs, the received zone in CQZ, the sent one in MY_CQ_ZONE. */
const exchange = (zone: number) =>
  contestExchangeOf({ rcv: '599', snt: '599', cqZone: zone, details: { MY_CQ_ZONE: '14' } });
const fact = qsoFactMaker((n) => ({ mode: 'CW', call: `K${n}AA`, freqHz: 14_025_000, dxcc: 291, exchange: exchange(n % 40 || 5) }));

function deletion(of: QsoFact): QsoFact {
  return { ...of, ts: new Date(0), band: '', mode: '', subMode: '', call: '', freqHz: 0, contestName: '', dxcc: 0, exchange: undefined, deleted: true, version: fact.nextVersion() };
}

/** Every page of the window, `limit` at a time. */
async function wholeWindow(reads: ContestQsoReads, limit: number): Promise<ContestQso[]> {
  const all: ContestQso[] = [];
  let after: { ts: string; qdoId: string } | null = null;
  for (;;) {
    const page = await reads.inWindow(FROM, TO, after, limit);
    if (page.length === 0) return all;
    all.push(...page);
    after = { ts: page.at(-1)!.fields.ts, qdoId: page.at(-1)!.qdoId };
  }
}

/** The same answers from every ContestQsoReads adapter; `make` gives one on empty storage. */
export function contestQsosContract(name: string, make: () => Promise<ContestQsosFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`ContestQsoReads contract: ${name}`, () => {
    let fixture: ContestQsosFixture;

    beforeEach(async () => {
      fixture = await make();
      await fixture.facts.migrate();
    });
    afterEach(async () => {
      await fixture?.dispose();
    });

    it('answers the window\'s live QSOs, latest versions, oldest first, a page at a time, with their exchange', async () => {
      const a = fact('DL1AA', at(10));
      const b = fact('DL1AA', at(5));
      const c = fact('DL2BB', at(5));
      const outside = fact('DL2BB', new Date(TO.getTime() + MINUTE));
      const gone = fact('DL2BB', at(20));
      const moved = fact('DL1AA', at(30));
      await fixture.facts.recordQsoFacts([a, b, c, outside, gone, moved]);
      const editedA = { ...a, call: 'K9ZZ', exchange: exchange(4), version: fact.nextVersion() };
      // A late, older version of b arrives after its edit: the edit stays.
      const editedB = { ...b, ts: at(40), version: fact.nextVersion() };
      await fixture.facts.recordQsoFacts([editedA, editedB, deletion(gone), { ...moved, ts: new Date(TO.getTime() + 5 * MINUTE), version: fact.nextVersion() }]);
      await fixture.facts.recordQsoFacts([b]);

      const all = await wholeWindow(fixture.reads, 2);
      expect(all.map((q) => q.qdoId)).toEqual([c.qdoId, a.qdoId, b.qdoId]);
      expect(all.map((q) => q.fields.ts)).toEqual(['2024-11-30T00:05:00Z', '2024-11-30T00:10:00Z', '2024-11-30T00:40:00Z']);
      expect(all.map((q) => q.version)).toEqual([c.version, editedA.version, editedB.version]);
      expect(all.every((q) => !q.deleted)).toBe(true);
      const edited = all.find((q) => q.qdoId === a.qdoId)!;
      expect(edited).toMatchObject({ stationUserId: 'u-DL1AA', stationCallsign: 'DL1AA', fields: { call: 'K9ZZ', band: '20m', mode: 'CW', freqHz: 14_025_000, dxcc: 291 } });
      // The exchange reads back as a CQ WW entry: what was received and sent.
      const [entry] = contestEntries(builtInRules('CQ-WW-CW')!, { dxcc: 230 }, [edited]).entries;
      expect(entry).toMatchObject({ call: 'K9ZZ', band: '20m', mode: 'CW', received: { rst: '599', zone: '4' }, sent: { rst: '599', zone: '14' } });
    });

    it('answers from a mark every QSO recorded after it, at its latest version, deletions included', async () => {
      const kept = fact('DL1AA', at(1));
      const edited = fact('DL1AA', at(2));
      const deleted = fact('DL2BB', at(3));
      await fixture.facts.recordQsoFacts([kept, edited, deleted]);
      const mark = await fixture.reads.mark();
      const added = fact('DL3CC', at(4));
      const edit = { ...edited, call: 'W1AW', version: fact.nextVersion() };
      const deletedNow = deletion(deleted);
      await fixture.facts.recordQsoFacts([added, edit, deletedNow]);

      const changed = await fixture.reads.changedSince(mark);
      const byId = new Map(changed.qsos.map((q) => [q.qdoId, q]));
      expect(byId.get(added.qdoId)).toMatchObject({ version: added.version, deleted: false, fields: { call: added.call } });
      expect(byId.get(edited.qdoId)).toMatchObject({ version: edit.version, deleted: false, fields: { call: 'W1AW' } });
      expect(byId.get(deleted.qdoId)).toMatchObject({ version: deletedNow.version, deleted: true, stationUserId: 'u-DL2BB' });
      // What it answers again (a reader may re-read a little) is only ever a QSO's latest version.
      if (byId.has(kept.qdoId)) expect(byId.get(kept.qdoId)!.version).toBe(kept.version);

      const later = fact('DL4DD', at(5));
      await fixture.facts.recordQsoFacts([later]);
      const next = await fixture.reads.changedSince(changed.mark);
      expect(next.qsos.map((q) => q.qdoId)).toContain(later.qdoId);
    });

    it('is emptied with the aggregates (a rebuild replays the log into it)', async () => {
      await fixture.facts.recordQsoFacts([fact('DL1AA', at(1))]);
      expect(await wholeWindow(fixture.reads, 10)).toHaveLength(1);
      await fixture.facts.reset();
      expect(await wholeWindow(fixture.reads, 10)).toEqual([]);
    });
  });
}
