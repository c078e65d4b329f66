/**
 * A contest's check kept between passes (decision 0060), in the check worker's thread
 * (check-worker.ts). Its logs are the stream's contest facts (ContestQsoReads: ClickHouse in
 * production, PostgreSQL embedded). The first pass reads every participant's QSOs in the window, a
 * page at a time, and checks them all; each later pass reads only the QSOs recorded since the
 * mark it last read (and which categories changed), and the kept cross-check redoes only what they
 * touch: the stations whose verdicts moved are scored again.
 */
import type pg from 'pg';
import {
  contestEntries,
  contestLocationOf,
  contestSummary,
  IncrementalCrossCheck,
  matchingCall,
  rankedRows,
  scoreStation,
  stationCategory,
  type BoardStation,
  type CallsignLocation,
  type CheckedBoardAnswer,
  type CheckedEntry,
  type Contest,
  type ContestChecksAnswer,
  type ContestEntry,
  type ContestRules,
  type ScoredStation,
  type StationCategory,
  type StationProblem,
} from '@hamlog/domain';
import { chosenCategories } from '@hamlog/infra/read-models/contest-entries/queries';
import type { ContestQso, ContestQsoMark, ContestQsoReads } from '@hamlog/infra/ports/contest-qsos';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';

/** A contest's whole board: every station ranked, unfiltered (the board route answers pages of it). */
export type WholeBoard = Pick<CheckedBoardAnswer, 'contest' | 'rules' | 'board' | 'qsos' | 'generated_at'>;

/** A contest checked: its board and the organiser's list. */
export interface CheckedContest {
  answer: WholeBoard;
  /** What the organiser's page lists: each station's contacts the check did not confirm. */
  problems: ContestChecksAnswer['stations'];
}

/** QSOs per read of the first pass. */
const PAGE = 20_000;

interface Participant {
  call: string;
  /** Where its call is (looked up once: every QSO of its log is read with it). */
  location: CallsignLocation;
  /** Its contest entries by QSO id. */
  entries: Map<string, ContestEntry>;
  /** Its QSOs in the window, contest bands and modes or not. */
  inWindow: Set<string>;
}

/** One call's station on the board: its participants' logs together (a call and its portable form, two accounts). */
interface BoardCall {
  name: string;
  station: BoardStation;
  scored: ScoredStation;
  problems: StationProblem[];
}

export class KeptContestCheck {
  private readonly check: IncrementalCrossCheck;
  private readonly participants = new Map<string, Participant>();
  private readonly calls = new Map<string, BoardCall>();
  private categories = new Map<string, StationCategory>();
  /** Where the contest facts were last read; null before the first pass. */
  private mark: ContestQsoMark | null = null;
  /** The version of each QSO taken: a fact read again (the reads may overlap) is nothing new. */
  private readonly versions = new Map<string, number>();

  constructor(
    /** The read models: categories and callsigns. */
    private readonly pool: pg.Pool,
    private readonly facts: ContestQsoReads,
    private contest: Contest,
    readonly rules: ContestRules,
    /** The window this check was made for: a contest whose times or rules change is checked anew. */
    readonly window: { startsAt: Date; endsAt: Date },
  ) {
    this.check = new IncrementalCrossCheck(rules);
  }

  /** Brings the check up to the contest facts now and answers the board at `at` (the contest as it is now: its name may change). */
  async refresh(at: Date, contest: Contest): Promise<CheckedContest> {
    this.contest = contest;
    const changed = this.mark === null ? await this.readAll() : await this.readChanged(this.mark);
    const chosen = await chosenCategories(this.pool, this.contest.id);
    const recategorised = [...chosen.keys(), ...this.categories.keys()].filter((userId) => JSON.stringify(this.categories.get(userId)) !== JSON.stringify(chosen.get(userId)));
    for (const userId of recategorised) {
      const participant = this.participants.get(userId);
      if (participant) changed.add(matchingCall(participant.call));
    }
    this.categories = chosen;
    this.apply(changed);
    let qsos = 0;
    for (const participant of this.participants.values()) qsos += participant.inWindow.size;
    return {
      answer: {
        contest: contestSummary(this.contest, at),
        rules: { cabrillo_name: this.rules.cabrilloName, name: this.rules.name, categories: this.rules.categories },
        board: rankedRows([...this.calls.values()].map((call) => call.scored), at, this.window),
        qsos,
        generated_at: at.toISOString(),
      },
      problems: [...this.calls.values()]
        .filter((call) => call.problems.length > 0)
        .map((call) => ({ my_callsign: call.name, problems: call.problems }))
        .sort((a, b) => (a.my_callsign < b.my_callsign ? -1 : 1)),
    };
  }

  /** A station's verdicts by QSO id, by its call (matchingCall), or undefined when it has no log. */
  stationChecks(call: string): CheckedEntry[] | undefined {
    const name = this.calls.get(matchingCall(call))?.name;
    return name === undefined ? undefined : this.check.station(name);
  }

  /** Reads every participant's log; answers the calls read. */
  private async readAll(): Promise<Set<string>> {
    // Taken first: what is recorded while the pages are read comes again in the next pass.
    this.mark = await this.facts.mark();
    const read = new Set<string>();
    let after: { ts: string; qdoId: string } | null = null;
    for (;;) {
      const page = await this.facts.inWindow(this.window.startsAt, this.window.endsAt, after, PAGE);
      if (page.length === 0) break;
      for (const key of await this.take(page)) read.add(key);
      const last = page.at(-1)!;
      after = { ts: last.fields.ts, qdoId: last.qdoId };
    }
    return read;
  }

  /** Takes the QSOs recorded since the mark (a QSO out of the window or deleted leaves its log); answers their calls. */
  private async readChanged(mark: ContestQsoMark): Promise<Set<string>> {
    const changed = await this.facts.changedSince(mark);
    this.mark = changed.mark;
    return this.take(changed.qsos.filter((qso) => qso.version > (this.versions.get(qso.qdoId) ?? -1)));
  }

  private async take(rows: readonly ContestQso[]): Promise<Set<string>> {
    const starts = this.window.startsAt.getTime();
    const ends = this.window.endsAt.getTime();
    const inWindow = (qso: ContestQso) => {
      const at = Date.parse(qso.fields.ts);
      return at >= starts && at < ends;
    };
    await this.names(groupByStation(rows.filter((qso) => !qso.deleted && inWindow(qso))));
    const keys = new Set<string>();
    for (const qso of rows) {
      const participant = this.participants.get(qso.stationUserId);
      if (!participant) continue;
      keys.add(matchingCall(participant.call));
      if (qso.deleted || !inWindow(qso)) {
        this.versions.delete(qso.qdoId);
        participant.inWindow.delete(qso.qdoId);
        participant.entries.delete(qso.qdoId);
        if (participant.inWindow.size === 0) this.participants.delete(qso.stationUserId);
        continue;
      }
      this.versions.set(qso.qdoId, qso.version);
      participant.inWindow.add(qso.qdoId);
      const [entry] = contestEntries(this.rules, participant.location, [qso]).entries;
      if (entry) participant.entries.set(qso.qdoId, entry);
      else participant.entries.delete(qso.qdoId);
    }
    return keys;
  }

  /** Registers the stations first seen in these rows with their callsign. */
  private async names(rows: Map<string, ContestQso[]>): Promise<void> {
    const unknown = [...rows.keys()].filter((userId) => !this.participants.has(userId));
    if (unknown.length === 0) return;
    const people = await communityUserSummaries(this.pool, unknown);
    for (const userId of unknown) {
      const call = people.get(userId)?.my_callsign || rows.get(userId)![0]!.stationCallsign;
      this.participants.set(userId, { call, location: contestLocationOf(call), entries: new Map(), inWindow: new Set() });
    }
  }

  /** Checks these calls again, and scores every call whose log or verdicts moved. */
  private apply(keys: Set<string>): void {
    const fallback = stationCategory(this.rules, {}).category;
    const members = new Map<string, { userId: string; participant: Participant }[]>();
    for (const [userId, participant] of this.participants) {
      const key = matchingCall(participant.call);
      if (keys.has(key)) members.set(key, [...(members.get(key) ?? []), { userId, participant }]);
    }
    const logs: { call: string; entries: readonly ContestEntry[] | null }[] = [];
    const stations = new Map<string, BoardStation>();
    for (const key of keys) {
      const present = (members.get(key) ?? []).filter((m) => m.participant.inWindow.size > 0).sort((a, b) => (a.userId < b.userId ? -1 : 1));
      const old = this.calls.get(key);
      const name = present[0]?.participant.call;
      if (old && old.name !== name) logs.push({ call: old.name, entries: null });
      if (name === undefined) {
        this.calls.delete(key);
        continue;
      }
      const station: BoardStation = { call: name, location: present[0]!.participant.location, category: this.categories.get(present[0]!.userId) ?? fallback, entries: present.flatMap((m) => [...m.participant.entries.values()]).sort(byTime) };
      stations.set(key, station);
      logs.push({ call: name, entries: station.entries });
    }
    const moved = this.check.update(logs);
    for (const [key, station] of stations) this.calls.set(key, this.scored(station));
    for (const [key, call] of this.calls) if (moved.has(call.name) && !stations.has(key)) this.calls.set(key, this.scored(call.station));
  }

  private scored(station: BoardStation): BoardCall {
    const verdicts = this.check.station(station.call) ?? [];
    return { name: station.call, station, scored: scoreStation(this.rules, station, verdicts), problems: stationProblems(station.entries, verdicts) };
  }
}

function byTime(a: ContestEntry, b: ContestEntry): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function groupByStation(rows: readonly ContestQso[]): Map<string, ContestQso[]> {
  const byStation = new Map<string, ContestQso[]>();
  for (const row of rows) {
    const list = byStation.get(row.stationUserId);
    if (list) list.push(row);
    else byStation.set(row.stationUserId, [row]);
  }
  return byStation;
}

/** A station's contacts the check did not confirm, in its log's order. */
function stationProblems(entries: readonly ContestEntry[], verdicts: readonly CheckedEntry[]): StationProblem[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return verdicts.flatMap((check): StationProblem[] => {
    if (check.verdict === 'ok' || check.verdict === 'unchecked') return [];
    const entry = byId.get(check.id)!;
    return [{ qdo_id: check.id, ts: new Date(entry.at).toISOString(), band: entry.band, mode: entry.mode, call: entry.call, verdict: check.verdict, reason: check.reason, ...(check.correction === undefined ? {} : { correction: check.correction }) }];
  });
}
