/**
 * A contest checked in one pass (domain checkedBoard): every participant's QSOs in the window read
 * in one query, a log per station with the category it chose, checked against each other. Runs in
 * the check worker's thread (check-worker.ts).
 */
import type pg from 'pg';
import {
  CHECKED_BOARD_MAX_QSOS,
  checkedBoard,
  contestEntries,
  contestLocationOf,
  contestOccurrence,
  contestSummary,
  matchingCall,
  stationCategory,
  type CheckedBoardAnswer,
  type CheckedEntry,
  type ContestChecksAnswer,
  type ContestEntry,
  type StationProblem,
  type Contest,
  type ContestRules,
} from '@hamlog/domain';
import { chosenCategories } from '@hamlog/infra/read-models/contest-entries/queries';
import { qsosBetween, type QsoRow } from '@hamlog/infra/read-models/logbook/queries';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';

/** A contest checked: its board (every station, unfiltered), what the check found for each station's QSOs (by call, then QSO id), and the organiser's list. */
export interface CheckedContest {
  answer: CheckedBoardAnswer;
  checks: Map<string, Map<string, CheckedEntry>>;
  /** What the organiser's page lists: each station's contacts the check did not confirm. */
  problems: ContestChecksAnswer['stations'];
}

export async function checkContest(pool: pg.Pool, contest: Contest, rules: ContestRules, at: Date): Promise<CheckedContest> {
  const { startsAt, endsAt } = contestOccurrence(contest, at);
  const qsos = await qsosBetween(pool, startsAt, endsAt, CHECKED_BOARD_MAX_QSOS);
  const byStation = new Map<string, QsoRow[]>();
  for (const qso of qsos) {
    const list = byStation.get(qso.stationUserId);
    if (list) list.push(qso);
    else byStation.set(qso.stationUserId, [qso]);
  }
  const [people, chosen] = await Promise.all([communityUserSummaries(pool, [...byStation.keys()]), chosenCategories(pool, contest.id)]);
  const fallback = stationCategory(rules, {}).category;
  const stations = [...byStation].map(([userId, rows]) => {
    const call = people.get(userId)?.my_callsign || rows[0]!.stationCallsign;
    const location = contestLocationOf(call);
    return { call, location, category: chosen.get(userId) ?? fallback, entries: contestEntries(rules, location, rows).entries };
  });
  const { rows, checks } = checkedBoard(rules, stations, at);
  return {
    answer: {
      contest: contestSummary(contest, at),
      rules: { cabrillo_name: rules.cabrilloName, name: rules.name, categories: rules.categories },
      filter: {},
      board: rows,
      qsos: qsos.length,
      generated_at: at.toISOString(),
    },
    checks: new Map([...checks].map(([call, found]) => [matchingCall(call), new Map(found.map((entry) => [entry.id, entry]))])),
    problems: stationProblems(stations, checks),
  };
}

/** Each station's contacts the check did not confirm, in time order; stations without any left out. */
function stationProblems(stations: readonly { call: string; entries: readonly ContestEntry[] }[], checks: ReadonlyMap<string, readonly CheckedEntry[]>): ContestChecksAnswer['stations'] {
  const entryById = new Map(stations.flatMap((station) => station.entries.map((entry) => [entry.id, entry] as const)));
  const listed: ContestChecksAnswer['stations'] = [];
  for (const [call, found] of checks) {
    const problems = found.flatMap((check): StationProblem[] => {
      if (check.verdict === 'ok' || check.verdict === 'unchecked') return [];
      const entry = entryById.get(check.id)!;
      return [{ qdo_id: check.id, ts: new Date(entry.at).toISOString(), band: entry.band, mode: entry.mode, call: entry.call, verdict: check.verdict, reason: check.reason, ...(check.correction === undefined ? {} : { correction: check.correction }) }];
    });
    if (problems.length > 0) listed.push({ my_callsign: call, problems });
  }
  return listed.sort((a, b) => (a.my_callsign < b.my_callsign ? -1 : 1));
}
