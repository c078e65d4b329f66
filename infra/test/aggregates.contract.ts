import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import { qsoFactMaker } from './qso-fact-builder';

export interface AggregatesFixture {
  store: AggregatesStore;
  dispose(): Promise<void>;
}

const NOW = new Date('2024-05-01T12:00:00Z');
const at = (iso: string) => new Date(iso);
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const SINCE = minutesAgo(60);

const fact = qsoFactMaker();

/** The same behaviour for every AggregatesStore; `make` gives a store on empty storage. */
export function aggregatesContract(name: string, make: () => Promise<AggregatesFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`AggregatesStore contract: ${name}`, () => {
    let fixture: AggregatesFixture;
    let store: AggregatesStore;

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
      await store.migrate();
      await store.migrate(); // idempotent
    });
    afterEach(async () => {
      await fixture?.dispose();
    });

    const top = (limit = 10) => store.topStations(SINCE, NOW, limit);

    it('counts top stations in the last 60 minutes, since inclusive, until exclusive, ties by callsign', async () => {
      await store.recordQsoFacts([
        fact('W1AW', minutesAgo(1)),
        fact('W1AW', minutesAgo(30)),
        fact('W1AW', minutesAgo(59)),
        fact('DL1ABC', SINCE), // exactly at since: counts
        fact('DL1ABC', minutesAgo(10)),
        fact('DL1ABC', new Date(NOW.getTime() - 1000)),
        fact('K1TTT', NOW), // exactly at until: outside
        fact('K1TTT', new Date(SINCE.getTime() - 1000)), // one second too early
        fact('K1TTT', minutesAgo(61)),
        fact('K1TTT', minutesAgo(20)),
        fact('JA1XYZ', minutesAgo(5)),
        fact('JA1XYZ', minutesAgo(6)),
        fact('VK2AA', minutesAgo(600)),
      ]);
      expect(await top()).toEqual([
        { stationCallsign: 'DL1ABC', count: 3 },
        { stationCallsign: 'W1AW', count: 3 },
        { stationCallsign: 'JA1XYZ', count: 2 },
        { stationCallsign: 'K1TTT', count: 1 },
      ]);
      expect(await top(2)).toEqual([
        { stationCallsign: 'DL1ABC', count: 3 },
        { stationCallsign: 'W1AW', count: 3 },
      ]);
      expect(await top(0)).toEqual([]);
    });

    it('returns nothing for an empty store', async () => {
      expect(await top()).toEqual([]);
      expect(await store.hourlyCounts('W1AW', SINCE, NOW)).toEqual([]);
    });

    it('counts one station per UTC hour in [from, to)', async () => {
      await store.recordQsoFacts([
        fact('W1AW', at('2024-05-01T09:59:59Z')),
        fact('W1AW', at('2024-05-01T10:00:00Z')),
        fact('W1AW', at('2024-05-01T10:59:59Z')),
        fact('W1AW', at('2024-05-01T11:30:00Z')),
        fact('W1AW', at('2024-05-01T12:59:59Z')),
        fact('W1AW', at('2024-05-01T13:00:00Z')),
        fact('W1AW', at('2024-05-01T10:15:00Z'), { deleted: true }),
        fact('DL1ABC', at('2024-05-01T10:30:00Z')),
      ]);
      expect(await store.hourlyCounts('W1AW', at('2024-05-01T10:00:00Z'), at('2024-05-01T13:00:00Z'))).toEqual([
        { hour: at('2024-05-01T10:00:00Z'), count: 2 },
        { hour: at('2024-05-01T11:00:00Z'), count: 1 },
        { hour: at('2024-05-01T12:00:00Z'), count: 1 },
      ]);
      expect(await store.hourlyCounts('NOBODY', at('2024-05-01T00:00:00Z'), at('2024-05-02T00:00:00Z'))).toEqual([]);
    });

    it('is idempotent: the same facts recorded twice count once', async () => {
      const facts = [fact('W1AW', minutesAgo(1)), fact('W1AW', minutesAgo(2)), fact('DL1ABC', minutesAgo(3))];
      await store.recordQsoFacts(facts);
      await store.recordQsoFacts(facts);
      await store.recordQsoFacts([...facts, ...facts]);
      expect(await top()).toEqual([
        { stationCallsign: 'W1AW', count: 2 },
        { stationCallsign: 'DL1ABC', count: 1 },
      ]);
    });

    it('ignores an older version recorded after a newer one', async () => {
      const newer = fact('W1AW', minutesAgo(5), { qdoId: 'edit-1', version: 50 });
      await store.recordQsoFacts([newer]);
      await store.recordQsoFacts([
        { ...newer, stationCallsign: 'DL1ABC', version: 40 },
        { ...newer, deleted: true, version: 49 },
        { ...newer, ts: minutesAgo(600), version: 1 },
      ]);
      expect(await top()).toEqual([{ stationCallsign: 'W1AW', count: 1 }]);
    });

    it('applies the highest version whatever the order, also within one call', async () => {
      const base = fact('W1AW', minutesAgo(5), { qdoId: 'ooo-1', version: 10 });
      await store.recordQsoFacts([{ ...base, deleted: true, version: 11 }, base]);
      expect(await top()).toEqual([]);
      const moved = fact('W1AW', minutesAgo(5), { qdoId: 'ooo-2', version: 20 });
      await store.recordQsoFacts([{ ...moved, ts: minutesAgo(600), version: 21 }, moved]); // edited out of the window
      expect(await top()).toEqual([]);
    });

    it('a delete removes the QSO from counts; re-logging at a higher version counts again', async () => {
      const qso = fact('W1AW', minutesAgo(5), { qdoId: 'del-1', version: 100 });
      await store.recordQsoFacts([qso, fact('W1AW', minutesAgo(6))]);
      expect(await top()).toEqual([{ stationCallsign: 'W1AW', count: 2 }]);

      await store.recordQsoFacts([{ ...qso, deleted: true, version: 200 }]);
      expect(await top()).toEqual([{ stationCallsign: 'W1AW', count: 1 }]);
      expect(await store.hourlyCounts('W1AW', SINCE, NOW)).toEqual([{ hour: at('2024-05-01T11:00:00Z'), count: 1 }]);

      await store.recordQsoFacts([qso]); // a replay of the old version changes nothing
      expect(await top()).toEqual([{ stationCallsign: 'W1AW', count: 1 }]);

      await store.recordQsoFacts([{ ...qso, version: 300 }]);
      expect(await top()).toEqual([{ stationCallsign: 'W1AW', count: 2 }]);
    });

    it('stores callsigns with quotes, backslashes and SQL unchanged', async () => {
      const nasty = [`O'Brien\\x`, `x' OR 1=1 --`, `a\\'); DROP TABLE qso_facts; --`, 'ÄÖ/€ "quoted"\ttab'];
      await store.recordQsoFacts(nasty.map((c, i) => fact(c, minutesAgo(i + 1))));
      const result = await top();
      expect(result.map((r) => r.stationCallsign).sort()).toEqual([...nasty].sort());
      expect(result.every((r) => r.count === 1)).toBe(true);
      for (const c of nasty) {
        expect(await store.hourlyCounts(c, SINCE, NOW)).toHaveLength(1);
      }
      expect(await store.hourlyCounts(`W1AW' OR '1'='1`, SINCE, NOW)).toEqual([]);
    });

    it('records 10,000 facts in one call', async () => {
      const stations = ['W1AW', 'DL1ABC', 'K1TTT', 'JA1XYZ', 'VK2AA', 'G4ABC', 'F5XYZ'];
      const expected = new Map<string, number>();
      const facts: QsoFact[] = [];
      for (let i = 0; i < 10_000; i++) {
        const station = stations[(i * i) % stations.length]!;
        const ts = new Date(NOW.getTime() - (1 + ((i * 7919) % 7199)) * 1000); // spread over the last two hours
        facts.push(fact(station, ts));
        if (ts >= SINCE) expected.set(station, (expected.get(station) ?? 0) + 1);
      }
      await store.recordQsoFacts(facts);
      const want = [...expected]
        .map(([stationCallsign, count]) => ({ stationCallsign, count }))
        .sort((a, b) => b.count - a.count || (a.stationCallsign < b.stationCallsign ? -1 : 1));
      expect(await top(100)).toEqual(want);
      const hours = await store.hourlyCounts('W1AW', new Date(NOW.getTime() - 7200_000), NOW);
      expect(hours.reduce((n, h) => n + h.count, 0)).toBe(facts.filter((f) => f.stationCallsign === 'W1AW').length);
    });
  });
}
