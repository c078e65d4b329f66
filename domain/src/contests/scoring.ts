/**
 * Scoring a contest. The stores answer per-station tallies (infra: contest-scores adapters, over
 * the QSO facts the stream builds); `tallyContest` is the same computation over plain QSOs, the
 * reference the stores are tested against. `contestBoard` ranks tallies into the board's rows.
 */
import type { CommunityUserSummary, ContestBoardAnswer, ContestRow } from '../community/api-shapes';
import { isContestQso } from '../community/rules';
import { MISSING_PROFILE_IMAGE } from '../api-types';
import { hzToKhz } from '../frequency';
import { contestOccurrence, contestSummary, type Contest, type ContestDefinition, type DuplicateRule } from './contest';

/** A live (not deleted) QSO in its latest version. */
export interface ContestQso {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  ts: Date;
  band: string;
  /** ADIF mode (a sub-mode's parent: FT4 is stored as MFSK). */
  mode: string;
  /** ADIF sub-mode ('' for none). */
  subMode: string;
  call: string;
  freqHz: number;
  contestName: string;
  /** When the QSO was first uploaded (its first version reached the log). */
  uploadedAt: Date;
}

/** What counts, every instant to the second (the analytics store keeps seconds). */
export interface ContestWindow {
  /** QSO time in [from, to). */
  from: Date;
  to: Date;
  /** First uploaded at or before this second. */
  uploadedBy: Date;
  /** ADIF modes or sub-modes a QSO must have (its mode or its sub-mode); empty: every mode. */
  modes: readonly string[];
  duplicateRule: DuplicateRule;
  /** Counted QSOs at or after this time make last_10_min_avg. */
  recentSince: Date;
}

/** One station's score: its counted contacts and its last counted QSO. */
export interface StationTally {
  stationUserId: string;
  /** The station callsign of the last counted QSO. */
  stationCallsign: string;
  contacts: number;
  lastQsoAt: Date;
  lastFreqHz: number;
  lastContestName: string;
  /** Counted contacts at or after the window's recentSince. */
  recentContacts: number;
}

export const CONTEST_RECENT_MINUTES = 10;
/** The most rows a board answers. */
export const CONTEST_BOARD_SIZE = 500;

const SECOND_MS = 1000;
const HOUR_MS = 60 * 60 * 1000;
const floorToSecond = (ms: number): number => Math.floor(ms / SECOND_MS) * SECOND_MS;

/**
 * The ADIF names a contest's modes match: a mode matches QSOs of that mode (SSB: LSB and USB too),
 * a sub-mode matches QSOs logged with that sub-mode only (FT4 is MFSK/FT4: not JS8 or Q65).
 */
export function contestAdifModes(modes: readonly string[]): string[] {
  return [...new Set(modes.map((mode) => mode.trim().toUpperCase()))];
}

/** Whether a QSO's mode or sub-mode is one of `modes` (empty: every mode). */
export function matchesContestModes(modes: readonly string[], qso: Pick<ContestQso, 'mode' | 'subMode'>): boolean {
  return modes.length === 0 || modes.includes(qso.mode) || (qso.subMode !== '' && modes.includes(qso.subMode));
}

/** What counts for the occurrence of `contest` shown at `now`. */
export function contestWindow(contest: ContestDefinition, now: Date): ContestWindow {
  const { startsAt, endsAt } = contestOccurrence(contest, now);
  return {
    from: new Date(floorToSecond(startsAt.getTime())),
    to: new Date(floorToSecond(endsAt.getTime())),
    uploadedBy: new Date(floorToSecond(endsAt.getTime()) + contest.lateUploadHours * HOUR_MS),
    modes: contestAdifModes(contest.modes),
    duplicateRule: contest.duplicateRule,
    recentSince: new Date(floorToSecond(now.getTime()) - CONTEST_RECENT_MINUTES * 60_000),
  };
}

export function countsInContest(window: ContestWindow, qso: ContestQso): boolean {
  const ts = qso.ts.getTime();
  return (
    ts >= window.from.getTime() &&
    ts < window.to.getTime() &&
    matchesContestModes(window.modes, qso) &&
    floorToSecond(qso.uploadedAt.getTime()) <= window.uploadedBy.getTime()
  );
}

/** What makes two QSOs of a station the same contact under the rule ('none': nothing does). */
export function duplicateKey(rule: DuplicateRule, qso: Pick<ContestQso, 'qdoId' | 'call' | 'band'>): string {
  switch (rule) {
    case 'call':
      return qso.call;
    case 'call-band':
      return `${qso.call} ${qso.band}`;
    case 'none':
      return qso.qdoId;
  }
}

/** Order of QSOs: by time, then id, so every store picks the same first and last one. */
function earlier(a: ContestQso, b: ContestQso): boolean {
  const byTime = a.ts.getTime() - b.ts.getTime();
  return byTime < 0 || (byTime === 0 && a.qdoId < b.qdoId);
}

/**
 * Each station's tally, by station user id. Of duplicates the earliest QSO counts; the last
 * counted QSO is the latest of those that count.
 */
export function tallyContest(window: ContestWindow, qsos: Iterable<ContestQso>): StationTally[] {
  const firsts = new Map<string, ContestQso>();
  for (const qso of qsos) {
    if (!countsInContest(window, qso)) continue;
    const key = `${qso.stationUserId}\n${duplicateKey(window.duplicateRule, qso)}`;
    const seen = firsts.get(key);
    if (!seen || earlier(qso, seen)) firsts.set(key, qso);
  }
  const tallies = new Map<string, { last: ContestQso; contacts: number; recent: number }>();
  const recentSince = window.recentSince.getTime();
  for (const qso of firsts.values()) {
    const tally = tallies.get(qso.stationUserId) ?? { last: qso, contacts: 0, recent: 0 };
    tally.contacts += 1;
    if (qso.ts.getTime() >= recentSince) tally.recent += 1;
    if (earlier(tally.last, qso)) tally.last = qso;
    tallies.set(qso.stationUserId, tally);
  }
  return [...tallies.values()]
    .map(({ last, contacts, recent }) => ({
      stationUserId: last.stationUserId,
      stationCallsign: last.stationCallsign,
      contacts,
      lastQsoAt: last.ts,
      lastFreqHz: last.freqHz,
      lastContestName: last.contestName,
      recentContacts: recent,
    }))
    .sort((a, b) => (a.stationUserId < b.stationUserId ? -1 : a.stationUserId > b.stationUserId ? 1 : 0));
}

/**
 * The board's rows: most points first; equal points rank by who reached them first (the earlier
 * last counted QSO), then by callsign. `people` gives names and pictures by station user id.
 */
export function contestBoard(
  contest: Pick<ContestDefinition, 'pointsPerContact'>,
  tallies: readonly StationTally[],
  people: ReadonlyMap<string, CommunityUserSummary>,
  now: Date,
): ContestRow[] {
  const rows = tallies.map((tally) => {
    const person = people.get(tally.stationUserId);
    return { tally, callsign: person?.my_callsign || tally.stationCallsign, person, points: tally.contacts * contest.pointsPerContact };
  });
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      a.tally.lastQsoAt.getTime() - b.tally.lastQsoAt.getTime() ||
      (a.callsign < b.callsign ? -1 : a.callsign > b.callsign ? 1 : 0),
  );
  return rows.slice(0, CONTEST_BOARD_SIZE).map(({ tally, callsign, person, points }, index) => {
    const seconds = Math.max(0, Math.floor((now.getTime() - tally.lastQsoAt.getTime()) / SECOND_MS));
    return {
      rank: index + 1,
      my_callsign: callsign,
      name: person?.name ?? '',
      profile_image_name: person?.profile_image_name || MISSING_PROFILE_IMAGE,
      contacts: tally.contacts,
      number_of_contacts: tally.contacts,
      points,
      freq: isContestQso(tally.lastContestName) || tally.lastFreqHz <= 0 ? null : hzToKhz(tally.lastFreqHz),
      last_qso_time_in_seconds: seconds,
      last_qso_time_in_minutes: Math.floor(seconds / 60),
      last_10_min_avg: tally.recentContacts / CONTEST_RECENT_MINUTES,
    };
  });
}

/** POST /vscores and /vscores4megastream. */
export function contestBoardAnswer(
  contest: Contest,
  tallies: readonly StationTally[],
  people: ReadonlyMap<string, CommunityUserSummary>,
  now: Date,
): ContestBoardAnswer {
  return { contest: contestSummary(contest, now), contest_lb: contestBoard(contest, tallies, people, now), generated_at: now.toISOString() };
}
