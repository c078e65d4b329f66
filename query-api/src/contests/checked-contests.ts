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
import { contestCategories } from '@hamlog/infra/read-models/contest-entries/queries';
import { qsosBetween, type QsoRow } from '@hamlog/infra/read-models/logbook/queries';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';
import type { QueryDeps } from '../deps';

/** A contest checked: its board (every station, unfiltered), and what the check found for each station's QSOs (by call, then QSO id). */
export interface CheckedContest {
  answer: CheckedBoardAnswer;
  checks: Map<string, Map<string, CheckedEntry>>;
  /** What the organiser's page lists: each station's contacts the check did not confirm. */
  problems: ContestChecksAnswer['stations'];
}

/** How old a check may be before the next one starts: every participant polls the board every 10 s. */
const REFRESH_MS = 2_000;

interface Cached {
  /** The last check that finished, and when it started. */
  done: { at: number; result: CheckedContest } | null;
  /** The check running now, if one is. */
  running: Promise<CheckedContest> | null;
}

/**
 * Contests checked for every viewer at once: every participant's QSOs in the window read in one
 * query, a log per station, checked against each other (domain checkedBoard). A check older than
 * REFRESH_MS starts the next one, but the board answers from the last one that finished (a whole
 * contest takes seconds to check): only the very first request waits. One check per contest runs
 * at a time.
 */
export class CheckedContests {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly deps: QueryDeps,
    private readonly now: () => Date,
  ) {}

  async get(contest: Contest, rules: ContestRules): Promise<CheckedContest> {
    const cached = this.cache.get(contest.id) ?? { done: null, running: null };
    this.cache.set(contest.id, cached);
    const at = Date.now();
    if (!cached.running && (!cached.done || at - cached.done.at >= REFRESH_MS)) {
      const running = checkContest(this.deps, contest, rules, this.now());
      cached.running = running;
      running
        .then((result) => (cached.done = { at, result }))
        .catch((error: unknown) => this.deps.logger.error({ err: error, contestId: contest.id }, 'checking the contest failed'))
        .finally(() => (cached.running = null));
    }
    return cached.done?.result ?? cached.running!;
  }
}

async function checkContest(deps: QueryDeps, contest: Contest, rules: ContestRules, at: Date): Promise<CheckedContest> {
  const { startsAt, endsAt } = contestOccurrence(contest, at);
  const qsos = await qsosBetween(deps.pool, startsAt, endsAt, CHECKED_BOARD_MAX_QSOS);
  const byStation = new Map<string, QsoRow[]>();
  for (const qso of qsos) {
    const list = byStation.get(qso.stationUserId);
    if (list) list.push(qso);
    else byStation.set(qso.stationUserId, [qso]);
  }
  const [people, chosen] = await Promise.all([communityUserSummaries(deps.pool, [...byStation.keys()]), contestCategories(deps.pool, contest.id)]);
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
