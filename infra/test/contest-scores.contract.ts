import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contestWindow, MEGASTREAM, MEMBERS_FT4_FT8_2024, tallyContest, type ContestQso, type ContestWindow, type StationTally } from '@hamlog/domain';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import type { ContestScores } from '../src/ports/contest-scores';
import { qsoFactMaker } from './qso-fact-builder';

export interface ContestScoresFixture {
  /** Where the facts are written (what the stream consumer writes to). */
  facts: AggregatesStore;
  scores: ContestScores;
  dispose(): Promise<void>;
}

const START = new Date('2024-11-02T09:00:00Z');
const END = new Date('2024-11-02T21:00:00Z');
const HOUR = 3600_000;
const at = (ms: number) => new Date(ms);
const members = (now = new Date('2024-11-10T00:00:00Z')) => contestWindow(MEMBERS_FT4_FT8_2024, now);

const fact = qsoFactMaker((n, ts) => ({ mode: 'FT8', call: `DL${n}XX`, freqHz: 14_074_000, uploadedAt: new Date(ts.getTime() + 60_000) }));
/** A later version of the same QSO. */
function edit(of: QsoFact, over: Partial<QsoFact>): QsoFact {
  return { ...of, uploadedAt: new Date(of.uploadedAt.getTime() + HOUR), ...over, version: fact.nextVersion() };
}
function deletion(of: QsoFact, uploadedAt = new Date(of.uploadedAt.getTime() + HOUR)): QsoFact {
  return { ...of, ts: new Date(0), band: '', mode: '', subMode: '', call: '', freqHz: 0, contestName: '', dxcc: 0, uploadedAt, deleted: true, version: fact.nextVersion() };
}

/** The reference: the latest version of each QSO, deleted ones left out, first upload kept, scored by the domain. */
function reference(window: ContestWindow, facts: QsoFact[]): StationTally[] {
  const latest = new Map<string, { fact: QsoFact; firstUpload: Date }>();
  for (const f of facts) {
    const seen = latest.get(f.qdoId);
    const firstUpload = seen && seen.firstUpload < f.uploadedAt ? seen.firstUpload : f.uploadedAt;
    latest.set(f.qdoId, { fact: !seen || f.version > seen.fact.version ? f : seen.fact, firstUpload });
  }
  const live: ContestQso[] = [...latest.values()].filter(({ fact: f }) => !f.deleted).map(({ fact: f, firstUpload }) => ({ ...f, uploadedAt: firstUpload }));
  return tallyContest(window, live);
}

/** The same answers from every ContestScores adapter; `make` gives one on empty storage. */
export function contestScoresContract(name: string, make: () => Promise<ContestScoresFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`ContestScores contract: ${name}`, () => {
    let fixture: ContestScoresFixture;
    let recorded: QsoFact[];

    beforeEach(async () => {
      fixture = await make();
      await fixture.facts.migrate();
      recorded = [];
    });
    afterEach(async () => {
      await fixture?.dispose();
    });

    async function record(...facts: QsoFact[]): Promise<void> {
      recorded.push(...facts);
      await fixture.facts.recordQsoFacts(facts);
    }
    /** The adapter's tallies, checked against the domain's over the same facts. */
    async function tallies(window: ContestWindow): Promise<StationTally[]> {
      const answer = await fixture.scores.tallies(window);
      expect(answer).toEqual(reference(window, recorded));
      return answer;
    }
    const contacts = (list: StationTally[]) => Object.fromEntries(list.map((t) => [t.stationUserId, t.contacts]));

    it('answers nothing for an empty store', async () => {
      expect(await tallies(members())).toEqual([]);
    });

    it('counts QSO times from the start (inclusive) to the end (exclusive), by station user id', async () => {
      await record(
        fact('W1AW', START),
        fact('W1AW', at(END.getTime() - 1000), { freqHz: 7_074_000 }),
        fact('W1AW', END),
        fact('W1AW', at(START.getTime() - 1000)),
        fact('DL1ABC', at(START.getTime() + HOUR)),
      );
      expect(await tallies(members())).toEqual([
        { stationUserId: 'u-DL1ABC', stationCallsign: 'DL1ABC', contacts: 1, lastQsoAt: at(START.getTime() + HOUR), lastFreqHz: 14_074_000, lastContestName: '', recentContacts: 0 },
        { stationUserId: 'u-W1AW', stationCallsign: 'W1AW', contacts: 2, lastQsoAt: at(END.getTime() - 1000), lastFreqHz: 7_074_000, lastContestName: '', recentContacts: 0 },
      ]);
    });

    it('counts the contest’s modes only (FT4 is MFSK/FT4; other MFSK sub-modes do not count), or every mode when it names none', async () => {
      await record(
        fact('W1AW', START, { mode: 'FT8' }),
        fact('W1AW', START, { mode: 'MFSK', subMode: 'FT4' }),
        fact('W1AW', START, { mode: 'MFSK', subMode: 'JS8' }),
        fact('W1AW', START, { mode: 'SSB' }),
        fact('W1AW', START, { mode: "CW' OR 1=1" }),
      );
      expect(contacts(await tallies(members()))).toEqual({ 'u-W1AW': 2 });
      expect(contacts(await tallies({ ...members(), modes: [] }))).toEqual({ 'u-W1AW': 5 });
      expect(contacts(await tallies({ ...members(), modes: ['JS8', 'SSB'] }))).toEqual({ 'u-W1AW': 2 });
      expect(contacts(await tallies({ ...members(), modes: ["CW' OR 1=1"] }))).toEqual({ 'u-W1AW': 1 });
    });

    it('applies each duplicate rule; of duplicates the earliest counts, ties by id', async () => {
      const t = (h: number) => at(START.getTime() + h * HOUR);
      await record(
        fact('W1AW', t(1), { call: 'K1ABC', band: '20m', freqHz: 14_074_000 }),
        fact('W1AW', t(2), { call: 'K1ABC', band: '40m', freqHz: 7_074_000 }),
        fact('W1AW', t(3), { call: 'K1ABC', band: '20m', freqHz: 14_075_000 }),
        fact('W1AW', t(3), { call: 'K1ABC', band: '40m', freqHz: 7_075_000 }),
        fact('K1JT', t(1), { call: 'K1ABC' }),
        // Same time and call: the lower id is the one that counts, in every store.
        fact('G4XYZ', t(4), { call: 'N1XX', freqHz: 21_074_000 }),
        fact('G4XYZ', t(4), { call: 'N1XX', freqHz: 28_074_000 }),
      );
      const call = await tallies({ ...members(), duplicateRule: 'call' });
      expect(contacts(call)).toEqual({ 'u-G4XYZ': 1, 'u-K1JT': 1, 'u-W1AW': 1 });
      expect(call.find((x) => x.stationUserId === 'u-G4XYZ')?.lastFreqHz).toBe(21_074_000);
      expect(call.find((x) => x.stationUserId === 'u-W1AW')).toMatchObject({ lastQsoAt: t(1), lastFreqHz: 14_074_000 });
      const callBand = await tallies({ ...members(), duplicateRule: 'call-band' });
      expect(contacts(callBand)).toEqual({ 'u-G4XYZ': 1, 'u-K1JT': 1, 'u-W1AW': 2 });
      expect(callBand.find((x) => x.stationUserId === 'u-W1AW')).toMatchObject({ lastQsoAt: t(2), lastFreqHz: 7_074_000 });
      const none = await tallies({ ...members(), duplicateRule: 'none' });
      expect(contacts(none)).toEqual({ 'u-G4XYZ': 2, 'u-K1JT': 1, 'u-W1AW': 4 });
      // The last of two QSOs at the same second is the one with the higher id.
      expect(none.find((x) => x.stationUserId === 'u-G4XYZ')?.lastFreqHz).toBe(28_074_000);
      expect(none.find((x) => x.stationUserId === 'u-W1AW')?.lastFreqHz).toBe(7_075_000);
    });

    it('counts a QSO first uploaded within the late allowance (to the second), not one after it', async () => {
      const deadline = END.getTime() + 48 * HOUR;
      await record(
        fact('W1AW', START, { uploadedAt: at(deadline) }),
        fact('W1AW', START, { uploadedAt: at(deadline + 999) }),
        fact('W1AW', START, { uploadedAt: at(deadline + 1000) }),
        fact('K1JT', START, { uploadedAt: at(deadline + 5 * HOUR) }),
      );
      expect(contacts(await tallies(members()))).toEqual({ 'u-W1AW': 2 });
    });

    it('drops a deleted QSO, counts an edited one as edited, and keeps the first upload across versions', async () => {
      const kept = fact('W1AW', at(START.getTime() + HOUR), { call: 'K1ABC' });
      const deleted = fact('W1AW', at(START.getTime() + 2 * HOUR), { call: 'K2ABC' });
      const movedOut = fact('W1AW', at(START.getTime() + 3 * HOUR), { call: 'K3ABC' });
      const movedIn = fact('K1JT', at(START.getTime() - 3 * HOUR), { call: 'K4ABC' });
      const toDuplicate = fact('K1JT', at(START.getTime() + 4 * HOUR), { call: 'K5ABC' });
      const relogged = fact('G4XYZ', at(START.getTime() + 5 * HOUR));
      await record(kept, deleted, movedOut, movedIn, toDuplicate, relogged);
      expect(contacts(await tallies(members()))).toEqual({ 'u-G4XYZ': 1, 'u-K1JT': 1, 'u-W1AW': 3 });
      await record(
        deletion(deleted),
        edit(movedOut, { ts: at(END.getTime() + HOUR) }),
        // Edited into the window 3 days after the contest: it was first uploaded in time, so it counts.
        edit(movedIn, { ts: at(START.getTime() + 6 * HOUR), uploadedAt: at(END.getTime() + 72 * HOUR) }),
        edit(toDuplicate, { call: 'K4ABC', band: '40m', ts: at(START.getTime() + 7 * HOUR) }),
        deletion(relogged),
      );
      const now = await tallies(members());
      expect(contacts(now)).toEqual({ 'u-K1JT': 1, 'u-W1AW': 1 });
      expect(now.find((x) => x.stationUserId === 'u-K1JT')?.lastQsoAt).toEqual(at(START.getTime() + 6 * HOUR));
      // Logged again after the delete, at a higher version: it counts again.
      await record(edit(relogged, {}));
      expect(contacts(await tallies(members()))).toEqual({ 'u-G4XYZ': 1, 'u-K1JT': 1, 'u-W1AW': 1 });
    });

    it('changes nothing when facts are delivered again, or an older version after a newer one', async () => {
      const first = fact('W1AW', START, { call: 'K1ABC' });
      const second = edit(first, { call: 'K2ABC', ts: at(START.getTime() + HOUR) });
      await record(first, second);
      await record(first, second);
      await fixture.facts.recordQsoFacts([first]);
      expect(await fixture.scores.tallies(members())).toEqual(reference(members(), [first, second]));
      expect((await fixture.scores.tallies(members()))[0]).toMatchObject({ contacts: 1, lastQsoAt: at(START.getTime() + HOUR) });
    });

    it('counts the last 10 minutes for the streamers’ board, masks nothing itself, and keeps the contest name', async () => {
      const now = new Date('2024-11-02T12:00:30.500Z');
      const day = contestWindow({ ...MEGASTREAM, startsAt: '2024-11-02T00:00:00Z', endsAt: '2024-11-03T00:00:00Z' }, now);
      await record(
        fact('W1AW', new Date('2024-11-02T11:50:30Z')),
        fact('W1AW', new Date('2024-11-02T11:50:29Z')),
        fact('W1AW', new Date('2024-11-02T11:59:00Z'), { mode: 'SSB', freqHz: 14_250_000, contestName: 'CQ-WW-SSB' }),
        fact('K1JT', new Date('2024-11-02T01:00:00Z'), { mode: 'CW', call: 'K1ABC' }),
        fact('K1JT', new Date('2024-11-02T01:00:01Z'), { mode: 'CW', call: 'K1ABC' }),
      );
      expect(await tallies(day)).toEqual([
        { stationUserId: 'u-K1JT', stationCallsign: 'K1JT', contacts: 2, lastQsoAt: new Date('2024-11-02T01:00:01Z'), lastFreqHz: 14_074_000, lastContestName: '', recentContacts: 0 },
        { stationUserId: 'u-W1AW', stationCallsign: 'W1AW', contacts: 3, lastQsoAt: new Date('2024-11-02T11:59:00Z'), lastFreqHz: 14_250_000, lastContestName: 'CQ-WW-SSB', recentContacts: 2 },
      ]);
    });

    it('scores many stations and QSOs the same as the domain', async () => {
      const facts: QsoFact[] = [];
      for (let i = 0; i < 3000; i += 1) {
        const station = `S${i % 37}`;
        const ts = at(START.getTime() - HOUR + ((i * 7919) % (14 * 3600)) * 1000);
        facts.push(fact(station, ts, { call: `K${i % 53}X`, band: i % 3 === 0 ? '40m' : '20m', mode: i % 5 === 0 ? 'SSB' : 'FT8', uploadedAt: at(ts.getTime() + (i % 11) * 12 * HOUR) }));
      }
      await record(...facts);
      await record(...facts.filter((_, i) => i % 17 === 0).map((f) => deletion(f)));
      for (const duplicateRule of ['call', 'call-band', 'none'] as const) {
        const answer = await tallies({ ...members(new Date('2024-11-02T15:00:00Z')), duplicateRule });
        expect(answer.length).toBe(37);
      }
    });
  });
}
