import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentQsos,
  leaderboardQuery,
  leaderboardRowsOf,
  leaderboardsAnswer,
  LEADERBOARD_LISTS,
  LEADERBOARD_SIZE,
  leaderboardPeriods,
  topUsersOf,
  type LeaderboardListName,
  type LeaderboardsAnswer,
} from '@hamlog/domain';
import type { AggregatesStore, QsoFact } from '../src/ports/aggregates';
import type { LeaderboardsStore } from '../src/ports/leaderboards';
import { qsoFactMaker } from './qso-fact-builder';

export interface LeaderboardsFixture {
  /** Where the stream consumer records the facts (and the counts the boards read). */
  aggregates: AggregatesStore;
  leaderboards: LeaderboardsStore;
  /** Makes the store merge what it merges eventually (ClickHouse: OPTIMIZE ... FINAL). */
  mergeAll(): Promise<void>;
  /** Drops the leaderboards' own tables only, as on a database whose facts came before them. */
  dropLeaderboardTables(): Promise<void>;
  dispose(): Promise<void>;
}

/** A Wednesday: the week started Monday 13 May, the month on the 1st, 7 days on the 9th, 30 days on 16 April. */
const NOW = new Date('2024-05-15T12:00:30.400Z');
const at = (iso: string) => new Date(iso);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MIN = 60_000;

const fact = qsoFactMaker((n) => ({ call: `DX${n}` }));

const entries = (...pairs: [string, number][]) => pairs.map(([station_callsign, count]) => ({ station_callsign, count }));
const PERIOD_NAMES = LEADERBOARD_LISTS.filter((name) => !name.startsWith('lb_hot_now') && name !== 'lb_last_60_minutes');

/** The same lists from every LeaderboardsStore, equal to the domain's answer over the same QSOs. */
export function leaderboardsContract(name: string, make: () => Promise<LeaderboardsFixture>, options: { skip?: boolean } = {}) {
  describe.skipIf(options.skip ?? false)(`LeaderboardsStore contract: ${name}`, () => {
    let fixture: LeaderboardsFixture;
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
    const boards = async (excluded: string[] = [], now = NOW): Promise<LeaderboardsAnswer> =>
      leaderboardsAnswer(await fixture.leaderboards.leaderboards(leaderboardQuery(now, excluded)), now);
    const reference = (excluded: string[] = [], now = NOW): LeaderboardsAnswer =>
      leaderboardsAnswer(leaderboardRowsOf(currentQsos(recorded), leaderboardQuery(now, excluded)), now);
    /** The store's answer, checked against the reference and again after merges. */
    const checked = async (excluded: string[] = []): Promise<LeaderboardsAnswer> => {
      const answer = await boards(excluded);
      expect(answer).toEqual(reference(excluded));
      await fixture.mergeAll();
      expect(await boards(excluded)).toEqual(answer);
      return answer;
    };
    const nonEmpty = (answer: LeaderboardsAnswer) =>
      Object.fromEntries(LEADERBOARD_LISTS.filter((list) => answer[list].length > 0).map((list) => [list, answer[list]]));

    it('answers every list empty for an empty store', async () => {
      const answer = await boards();
      for (const list of LEADERBOARD_LISTS) expect(answer[list], list).toEqual([]);
      expect(answer.generated_at).toBe(NOW.toISOString());
      expect(await fixture.leaderboards.topUsers(leaderboardPeriods(NOW).today, [], 3)).toEqual([]);
    });

    it('counts the last 60 minutes up to the current second: since inclusive, until exclusive', async () => {
      await record([
        fact('W1AW', at('2024-05-15T12:00:30Z')), // the current second
        fact('W1AW', at('2024-05-15T11:00:31Z')), // exactly 60 minutes before the next second
        fact('K1TTT', at('2024-05-15T12:00:31Z')), // the next second: not yet
        fact('K1TTT', at('2024-05-15T11:00:30Z')), // one second too early
        fact('DL1ABC', ago(30 * MIN)),
      ]);
      const answer = await checked();
      expect(answer.lb_last_60_minutes).toEqual(entries(['W1AW', 2], ['DL1ABC', 1]));
    });

    it('cuts the day periods at UTC midnights: today, yesterday, 7 and 30 days, this week and this month', async () => {
      await record([
        fact('TODAY', at('2024-05-15T00:00:00Z')),
        fact('TODAY', at('2024-05-15T23:59:59Z')), // later today counts today
        fact('TOMORROW', at('2024-05-16T00:00:00Z')),
        fact('YDAY', at('2024-05-14T23:59:59Z')),
        fact('YDAY', at('2024-05-14T00:00:00Z')),
        fact('MONDAY', at('2024-05-13T00:00:00Z')),
        fact('SUNDAY', at('2024-05-12T23:59:59Z')),
        fact('D7', at('2024-05-09T00:00:00Z')),
        fact('D8', at('2024-05-08T23:59:59Z')),
        fact('MAY1', at('2024-05-01T00:00:00Z')),
        fact('APR30', at('2024-04-30T23:59:59Z')),
        fact('D30', at('2024-04-16T00:00:00Z')),
        fact('D31', at('2024-04-15T23:59:59Z')),
      ]);
      const answer = await checked();
      expect(answer.lb1).toEqual(entries(['TODAY', 2]));
      expect(answer.lb_yesterday).toEqual(entries(['YDAY', 2]));
      expect(answer.lb2).toEqual(entries(['TODAY', 2], ['YDAY', 2], ['D7', 1], ['MONDAY', 1], ['SUNDAY', 1]));
      expect(answer.lb_week).toEqual(entries(['TODAY', 2], ['YDAY', 2], ['MONDAY', 1]));
      expect(answer.lb_month).toEqual(entries(['TODAY', 2], ['YDAY', 2], ['D7', 1], ['D8', 1], ['MAY1', 1], ['MONDAY', 1], ['SUNDAY', 1]));
      expect(answer.lb3).toEqual(
        entries(['TODAY', 2], ['YDAY', 2], ['APR30', 1], ['D30', 1], ['D7', 1], ['D8', 1], ['MAY1', 1], ['MONDAY', 1], ['SUNDAY', 1]),
      );
    });

    it('sorts most first, ties by callsign in byte order, and keeps the top LEADERBOARD_SIZE', async () => {
      const calls = ['b', 'B', 'a', 'A', 'Z9', 'Ä1', 'Z10', '9A', 'AA', 'A0', 'Ab', 'aB'];
      await record(calls.map((c) => fact(c, ago(MIN))));
      await record([fact('Z10', ago(2 * MIN))]);
      const answer = await checked();
      const byBytes = [...calls].filter((c) => c !== 'Z10').sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
      expect(answer.lb1).toEqual(entries(['Z10', 2], ...byBytes.slice(0, LEADERBOARD_SIZE - 1).map((c): [string, number] => [c, 1])));
      expect(answer.lb1).toHaveLength(LEADERBOARD_SIZE);
    });

    it('counts by class of mode: voice, CW, SSTV and data (every other mode), a sub-mode as its parent', async () => {
      const today = ago(5 * MIN);
      await record([
        ...['SSB', 'USB', 'LSB', 'AM', 'FM', 'DIGITALVOICE', 'DMR', 'usb'].map((mode) => fact('VOICE', today, { mode })),
        ...['CW', 'PCW'].map((mode) => fact('MORSE', today, { mode })),
        fact('PICTURE', today, { mode: 'SSTV' }),
        ...['FT8', 'RTTY', 'PSK31', 'MFSK', ''].map((mode) => fact('DIGI', today, { mode })),
        fact('MIXED', today, { mode: 'CW' }),
        fact('MIXED', today, { mode: 'FT8' }),
        fact('MIXED', at('2024-05-14T10:00:00Z'), { mode: 'SSTV' }),
        fact('MIXED', at('2024-05-10T10:00:00Z'), { mode: 'SSB' }),
      ]);
      const answer = await checked();
      expect(answer.lb_voice1).toEqual(entries(['VOICE', 8]));
      expect(answer.lbcw1).toEqual(entries(['MORSE', 2], ['MIXED', 1]));
      expect(answer.lb_sstv1).toEqual(entries(['PICTURE', 1]));
      expect(answer.leader_board_2_data).toEqual(entries(['DIGI', 5], ['MIXED', 1]));
      expect(answer.lb1).toEqual(entries(['VOICE', 8], ['DIGI', 5], ['MIXED', 2], ['MORSE', 2], ['PICTURE', 1]));
      expect(answer.lb_yesterday_sstv).toEqual(entries(['MIXED', 1]));
      expect(answer.lb_yesterday_voice).toEqual([]);
      expect(answer.lb_voice2).toEqual(entries(['VOICE', 8], ['MIXED', 1]));
      expect(answer.lb_week_voice).toEqual(entries(['VOICE', 8]));
      expect(answer.lb_month_sstv).toEqual(entries(['MIXED', 1], ['PICTURE', 1]));
      expect(answer.leader_board_3_data).toEqual(entries(['DIGI', 5], ['MIXED', 1]));
    });

    it("Hot Stations: most QSOs in the last 60 minutes per station, band and mode", async () => {
      await record([
        ...[1, 2, 3].map((m) => fact('W1AW', ago(m * MIN), { band: '20m', mode: 'CW' })),
        ...[4, 5].map((m) => fact('W1AW', ago(m * MIN), { band: '40m', mode: 'CW' })),
        ...[6, 7].map((m) => fact('DL1ABC', ago(m * MIN), { band: '20m', mode: 'FT8' })),
        fact('DL1ABC', ago(61 * MIN), { band: '20m', mode: 'FT8' }), // too old
        fact('K1TTT', ago(59 * MIN), { band: '10m', mode: 'SSB' }),
      ]);
      const answer = await checked();
      expect(answer.lb_hot_now_1).toEqual([
        { station_callsign: 'W1AW', band: '20m', mode: 'CW', count: 3 },
        { station_callsign: 'DL1ABC', band: '20m', mode: 'FT8', count: 2 },
        { station_callsign: 'W1AW', band: '40m', mode: 'CW', count: 2 },
        { station_callsign: 'K1TTT', band: '10m', mode: 'SSB', count: 1 },
      ]);
    });

    it('Active Pile Ups: most distinct calls in the last 10 minutes, from 2 on, with the mode and kHz of the latest QSO', async () => {
      await record([
        // Three distinct calls (DL1 twice); the latest QSO is on 7.074 MHz FT8.
        fact('PILE', ago(9 * MIN), { call: 'DL1', mode: 'SSB', freqHz: 14_250_000 }),
        fact('PILE', ago(8 * MIN), { call: 'DL1', mode: 'SSB', freqHz: 14_250_000 }),
        fact('PILE', ago(3 * MIN), { call: 'G4X', mode: 'SSB', freqHz: 14_250_500 }),
        fact('PILE', ago(1 * MIN), { call: 'JA1Y', mode: 'FT8', freqHz: 7_074_000 }),
        fact('PILE', ago(11 * MIN), { call: 'VK2Z', mode: 'SSB' }), // outside 10 minutes
        // A contest station: its frequency is masked.
        fact('CONTEST', ago(2 * MIN), { call: 'A1', contestName: 'CQ-WW-CW', mode: 'CW', freqHz: 7_010_000 }),
        fact('CONTEST', ago(2 * MIN), { call: 'A2', contestName: 'CQ-WW-CW', mode: 'CW', freqHz: 7_011_000 }),
        // The same call twice is one caller: not a pile-up.
        fact('LONELY', ago(2 * MIN), { call: 'B1' }),
        fact('LONELY', ago(1 * MIN), { call: 'B1' }),
        // A short contest name (4 characters) is not a contest.
        fact('SHORT', ago(4 * MIN), { call: 'C1', contestName: 'ABCD', freqHz: 3_573_000, mode: 'FT8' }),
        fact('SHORT', ago(4 * MIN), { call: 'C2', contestName: 'ABCD', freqHz: 3_573_000, mode: 'FT8' }),
      ]);
      const answer = await checked();
      expect(answer.lb_hot_now_2).toEqual([
        { station_callsign: 'PILE', mode: 'FT8', freq: 7074, count: 3 },
        { station_callsign: 'CONTEST', mode: 'CW', freq: null, count: 2 },
        { station_callsign: 'SHORT', mode: 'FT8', freq: 3573, count: 2 },
      ]);
    });

    it('the most-worked calls: how many stations logged each call in the last 60 minutes', async () => {
      await record([
        fact('W1AW', ago(MIN), { call: 'TX5S' }),
        fact('W1AW', ago(2 * MIN), { call: 'TX5S' }), // the same station again
        fact('DL1ABC', ago(3 * MIN), { call: 'TX5S' }),
        fact('K1TTT', ago(59 * MIN), { call: 'TX5S' }),
        fact('K1TTT', ago(4 * MIN), { call: '3Y0J' }),
        fact('G4ABC', ago(61 * MIN), { call: '3Y0J' }), // too old
      ]);
      const answer = await checked();
      expect(answer.lb_hot_now_3).toEqual([
        { station_callsign: 'TX5S', call: 'TX5S', count: 3 },
        { station_callsign: '3Y0J', call: '3Y0J', count: 1 },
      ]);
    });

    it('leaves the stations that asked for it out of every list', async () => {
      const today = ago(2 * MIN);
      const hidden = (over: Partial<QsoFact> = {}) => fact('HIDDEN', today, { stationUserId: "u-'hidden", ...over });
      await record([
        hidden({ call: 'P1', mode: 'CW' }),
        hidden({ call: 'P2', mode: 'CW' }),
        hidden({ call: 'P3', mode: 'SSTV' }),
        hidden({ ts: at('2024-05-14T09:00:00Z') }),
        fact('SHOWN', today, { call: 'P1' }),
      ]);
      const all = await checked();
      expect(all.lb1).toEqual(entries(['HIDDEN', 3], ['SHOWN', 1]));
      const answer = await checked(["u-'hidden", 'u-nobody']);
      const everything = JSON.stringify(answer);
      expect(everything).not.toContain('HIDDEN');
      expect(answer.lb1).toEqual(entries(['SHOWN', 1]));
      expect(answer.lb_hot_now_3).toEqual([{ station_callsign: 'P1', call: 'P1', count: 1 }]);
      expect(await fixture.leaderboards.topUsers(leaderboardPeriods(NOW).today, ["u-'hidden"], 3)).toEqual([{ stationUserId: 'u-SHOWN', count: 1 }]);
    });

    it('moves an edited QSO between boards and drops a deleted one; a restore brings it back', async () => {
      const qso = fact('W1AW', ago(5 * MIN), { qdoId: 'edit-me', mode: 'CW', version: 1000 });
      await record([qso, fact('W1AW', ago(6 * MIN), { mode: 'SSB' })]);
      let answer = await checked();
      expect(nonEmpty(answer)).toMatchObject({ lbcw1: entries(['W1AW', 1]), lb1: entries(['W1AW', 2]), lb_last_60_minutes: entries(['W1AW', 2]) });

      // Edited to yesterday evening, as SSB: out of today, the last hour and CW; into yesterday's voice.
      await record([{ ...qso, ts: at('2024-05-14T20:00:00Z'), mode: 'SSB', version: 1001 }]);
      answer = await checked();
      expect(answer.lbcw1).toEqual([]);
      expect(answer.lb1).toEqual(entries(['W1AW', 1]));
      expect(answer.lb_last_60_minutes).toEqual(entries(['W1AW', 1]));
      expect(answer.lb_yesterday_voice).toEqual(entries(['W1AW', 1]));
      expect(answer.lb_week_voice).toEqual(entries(['W1AW', 2]));

      // A redelivered older version changes nothing.
      await record([qso]);
      expect(await checked()).toEqual(answer);

      await record([{ ...qso, deleted: true, ts: new Date(0), band: '', mode: '', call: '', freqHz: 0, stationCallsign: '', version: 1002 }]);
      answer = await checked();
      expect(answer.lb_yesterday).toEqual([]);
      expect(answer.lb_week).toEqual(entries(['W1AW', 1]));

      await record([{ ...qso, ts: at('2024-05-14T20:00:00Z'), mode: 'SSB', version: 1003 }]); // restored
      answer = await checked();
      expect(answer.lb_yesterday_voice).toEqual(entries(['W1AW', 1]));

      // Back to the last hour, as CW; then moved within the same day.
      await record([{ ...qso, mode: 'CW', version: 1004 }]);
      await record([{ ...qso, mode: 'CW', ts: ago(3 * MIN), version: 1005 }]);
      answer = await checked();
      expect(answer.lbcw1).toEqual(entries(['W1AW', 1]));
      expect(answer.lb_last_60_minutes).toEqual(entries(['W1AW', 2]));
      expect(answer.lb_yesterday).toEqual([]);
    });

    it('applies the highest version whatever the order, also within one batch, and counts a redelivered batch once', async () => {
      const a = fact('W1AW', ago(5 * MIN), { qdoId: 'ooo-a', version: 10 });
      const b = fact('W1AW', ago(5 * MIN), { qdoId: 'ooo-b', version: 20, mode: 'CW' });
      const batch = [
        { ...a, deleted: true, ts: new Date(0), version: 11 },
        a,
        { ...b, ts: at('2024-05-10T10:00:00Z'), version: 21 },
        b,
        fact('DL1ABC', ago(7 * MIN)),
      ];
      await record(batch);
      await record(batch);
      await record([...batch].reverse());
      const answer = await checked();
      expect(answer.lb1).toEqual(entries(['DL1ABC', 1]));
      expect(answer.lb2).toEqual(entries(['DL1ABC', 1], ['W1AW', 1]));
      expect(answer.lbcw1).toEqual([]);
    });

    it('takes one batch spanning years of scattered days (an imported log) and counts every day', async () => {
      const DAY = 24 * 60 * MIN;
      // Every third day over about six years: some 700 runs of one day each.
      const facts = Array.from({ length: 700 }, (_, i) => fact(i % 2 ? 'OLD1' : 'OLD2', ago(i * 3 * DAY + MIN), { stationUserId: `u-${i % 2}` }));
      // One query per day run took 18 s here and minutes for a real import; runs are now recounted in groups.
      await record(facts);
      await checked();
      const longAgo = new Date(Date.UTC(2020, 0, 1));
      for (const day of [0, 1, 2].map((d) => new Date(longAgo.getTime() + d * DAY))) {
        const period = { since: day, until: new Date(day.getTime() + DAY) };
        expect(await fixture.leaderboards.topUsers(period, [], 3)).toEqual(topUsersOf(currentQsos(recorded), period, [], 3));
      }
    }, 60_000);

    it('answers the top stations of a day by user, for the operators of the day', async () => {
      await record([
        ...[1, 2, 3].map((m) => fact('B', ago(m * MIN), { stationUserId: 'u-b' })),
        ...[1, 2, 3].map((m) => fact('A', ago(m * MIN), { stationUserId: 'u-a' })),
        fact('A2', ago(4 * MIN), { stationUserId: 'u-a' }), // the same user under a second callsign
        ...[1, 2].map((m) => fact('C', ago(m * MIN), { stationUserId: 'u-c' })),
        fact('D', ago(4 * MIN), { stationUserId: 'u-d' }),
        fact('E', at('2024-05-14T23:00:00Z'), { stationUserId: 'u-e' }),
      ]);
      const today = leaderboardPeriods(NOW).today;
      const top = await fixture.leaderboards.topUsers(today, [], 3);
      expect(top).toEqual([
        { stationUserId: 'u-a', count: 4 },
        { stationUserId: 'u-b', count: 3 },
        { stationUserId: 'u-c', count: 2 },
      ]);
      expect(top).toEqual(topUsersOf(currentQsos(recorded), today, [], 3));
      expect(await fixture.leaderboards.topUsers(today, ['u-a'], 2)).toEqual([
        { stationUserId: 'u-b', count: 3 },
        { stationUserId: 'u-c', count: 2 },
      ]);
      await expect(fixture.leaderboards.topUsers({ since: ago(MIN), until: NOW }, [], 3)).rejects.toThrow(/whole UTC days/);
    });

    it('answers as the domain does over a mixed history of logs, edits, deletes and redeliveries', async () => {
      let state = 0x2545f491;
      const random = (n: number) => {
        // mulberry32: a small seeded generator, so a failure repeats
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
      };
      const stations = ['W1AW', 'DL1ABC', 'K1TTT', 'JA1XYZ', 'VK2AA', 'G4ABC', 'F5XYZ', "O'BRIEN", 'EA8ZZ', 'PY2AA', 'ZL1XX', '9A1A'];
      const modes = ['SSB', 'USB', 'CW', 'FT8', 'SSTV', 'RTTY', 'FM', 'DMR', 'FT4'];
      const bands = ['20m', '40m', '10m'];
      const when = () =>
        random(3) === 0
          ? new Date(NOW.getTime() - random(12 * 60) * 1000 * 5) // the last hour, mostly
          : new Date(NOW.getTime() - random(40 * 24 * 3600) * 1000 + 12 * 3600_000); // 40 days back to the end of today
      const live: QsoFact[] = [];
      let version = 50_000;
      for (let round = 0; round < 6; round++) {
        const batch: QsoFact[] = [];
        for (let i = 0; i < 250; i++) {
          const roll = random(10);
          if (roll < 6 || live.length === 0) {
            const f = fact(stations[random(stations.length)]!, when(), {
              mode: modes[random(modes.length)]!,
              band: bands[random(bands.length)]!,
              call: `C${random(40)}`,
              freqHz: 7_000_000 + random(300) * 1000,
              contestName: random(8) === 0 ? 'CQ-WPX-SSB' : '',
              version: ++version,
            });
            live.push(f);
            batch.push(f);
          } else {
            const target = live[random(live.length)]!;
            const next: QsoFact =
              roll < 8
                ? { ...target, ts: when(), mode: modes[random(modes.length)]!, version: ++version }
                : roll < 9
                  ? { ...target, deleted: true, ts: new Date(0), mode: '', band: '', version: ++version }
                  : { ...target, deleted: false, version: ++version };
            live[live.indexOf(target)] = next;
            batch.push(next);
          }
        }
        await record(batch);
        if (round % 2 === 1) await record(batch.slice(0, 100)); // a redelivered part
      }
      const stationIds = [...new Set(recorded.map((f) => f.stationUserId))];
      for (const excluded of [[], stationIds.slice(0, 3)]) {
        const answer = await checked(excluded);
        expect(PERIOD_NAMES.filter((list) => answer[list as LeaderboardListName].length > 0).length).toBeGreaterThan(20);
      }
      const today = leaderboardPeriods(NOW).today;
      expect(await fixture.leaderboards.topUsers(today, [], 5)).toEqual(topUsersOf(currentQsos(recorded), today, [], 5));
    });

    it('reset() empties every board; recording again fills them', async () => {
      const qso = fact('W1AW', ago(MIN));
      await record([qso]);
      expect((await boards()).lb1).toEqual(entries(['W1AW', 1]));
      await fixture.aggregates.reset();
      expect(nonEmpty(await boards())).toEqual({});
      await fixture.aggregates.recordQsoFacts([qso]);
      expect((await boards()).lb1).toEqual(entries(['W1AW', 1]));
    });

    it('fills its tables from the facts when they are created after the facts', async () => {
      await record([
        fact('W1AW', ago(MIN), { mode: 'CW' }),
        fact('W1AW', at('2024-05-14T10:00:00Z'), { mode: 'FT8' }),
        fact('DL1ABC', ago(3 * MIN), { call: 'K1', contestName: 'CQ-WW-CW' }),
        fact('DL1ABC', ago(4 * MIN), { call: 'K2' }),
      ]);
      const edited = fact('K1TTT', ago(5 * MIN), { version: 9_000 });
      await record([edited]);
      await record([{ ...edited, ts: at('2024-05-01T10:00:00Z'), version: 9_001 }]);
      await record([{ ...fact('GONE', ago(MIN)), version: 9_002, qdoId: 'gone' }]);
      await record([{ ...fact('', new Date(0)), version: 9_003, qdoId: 'gone', deleted: true, mode: '', band: '' }]);
      const before = await checked();
      await fixture.dropLeaderboardTables();
      await fixture.aggregates.migrate();
      expect(await checked()).toEqual(before);
      // And they are kept from there on.
      await record([{ ...edited, ts: ago(2 * MIN), version: 9_004 }]);
      expect((await checked()).lb_last_60_minutes).toEqual(entries(['DL1ABC', 2], ['K1TTT', 1], ['W1AW', 1]));
    });

    it('refuses period windows that are not whole UTC days', async () => {
      const query = leaderboardQuery(NOW, []);
      await expect(fixture.leaderboards.leaderboards({ ...query, periods: [{ since: ago(MIN), until: NOW, modeClass: null }] })).rejects.toThrow(/whole UTC days/);
    });
  });
}
