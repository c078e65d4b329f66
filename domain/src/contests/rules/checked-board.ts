/**
 * The board of a contest scored by real rules: each station's claimed score (its own log), and its
 * checked score, where a contact with another participant counts only when that station logged it
 * too (cross-check.ts): not-in-log, busted call and busted exchange are left out, a unique call is
 * counted and shown apart. Every participant's QSOs are here, so it is checked while the contest runs.
 */
import type { CallsignLocation } from '../../dxcc/index';
import { CHECKED_BOARD_PAGE, type CheckedBoardRow, type CheckedEntry } from './api';
import { countedIds, crossCheck, matchingCall, type Verdict } from './cross-check';
import type { ContestEntry, ContestRules, StationCategory } from './rules';
import { countWithin, hourlyCounts, scoreFigures } from './score-figures';
import { entryFacts, inLogOrder, scoreFacts } from './scorer';
import { contestLocationOf } from './station';


export interface BoardStation {
  call: string;
  location?: CallsignLocation;
  category: StationCategory;
  entries: readonly ContestEntry[];
}

/** Stations logging under one call (a call and its portable form, two accounts) are one station: their logs together. */
function oneLogPerCall(stations: readonly BoardStation[]): BoardStation[] {
  const byCall = new Map<string, BoardStation>();
  for (const station of stations) {
    const key = matchingCall(station.call);
    const seen = byCall.get(key);
    byCall.set(key, seen ? { ...seen, entries: [...seen.entries, ...station.entries] } : { ...station, entries: [...station.entries] });
  }
  return [...byCall.values()];
}

/** A station's board row without its rank and rates, and the times of its counted contacts (the rates at any time). */
export interface ScoredStation {
  row: Omit<CheckedBoardRow, 'rank' | 'rate_10' | 'rate_60' | 'rate_hours'>;
  countedTimes: number[];
}

/** A station's claimed score (its own log) and checked score (the contacts its verdicts count). */
export function scoreStation(rules: ContestRules, station: BoardStation, verdicts: readonly CheckedEntry[]): ScoredStation {
  const location = station.location ?? contestLocationOf(station.call);
  const scoredStation = { call: station.call, location, category: station.category };
  // Each contact's facts once; the claimed and the checked score are two passes over them.
  const facts = inLogOrder(station.entries).map((entry) => entryFacts(rules, location, entry));
  const claimed = scoreFacts(rules, scoredStation, facts);
  const kept = countedIds(verdicts);
  const checked = scoreFacts(rules, scoredStation, facts.filter((f) => kept.has(f.entry.id))).score;
  const count = (verdict: Verdict) => verdicts.filter((v) => v.verdict === verdict).length;
  return {
    row: {
      my_callsign: station.call,
      category: station.category,
      claimed: scoreFigures(claimed.score),
      checked: scoreFigures(checked),
      not_in_log: count('not-in-log'),
      busted_call: count('busted-call'),
      busted_exchange: count('busted-exchange'),
      unique: count('unique'),
    },
    countedTimes: claimed.qsos.flatMap((q, i) => (q.counts ? [facts[i]!.entry.at] : [])),
  };
}

/** The board's rows at `now` of the contest's `window`: each station's rates then, best checked score first (then claimed, then call), ranked. */
export function rankedRows(scored: Iterable<ScoredStation>, now: Date, window: { startsAt: Date; endsAt: Date }): CheckedBoardRow[] {
  const at = now.getTime();
  // After the contest its graph stays whole: its hours end with the contest.
  const graphEnd = Math.min(at, window.endsAt.getTime() - 1);
  const rows = [...scored].map(({ row, countedTimes }) => ({
    ...row,
    rate_10: countWithin(countedTimes, at, 10),
    rate_60: countWithin(countedTimes, at, 60),
    rate_hours: hourlyCounts(countedTimes, window.startsAt.getTime(), graphEnd),
  }));
  rows.sort((a, b) => b.checked.score - a.checked.score || b.claimed.score - a.claimed.score || (a.my_callsign < b.my_callsign ? -1 : a.my_callsign > b.my_callsign ? 1 : 0));
  return rows.map((row, index) => ({ rank: index + 1, ...row }));
}

/**
 * Every station's claimed and checked score, best checked score first (then claimed, then call),
 * and what the check found for each station's contacts (by the station's call).
 */
export function checkedBoard(rules: ContestRules, stations: readonly BoardStation[], now: Date, window: { startsAt: Date; endsAt: Date }): { rows: CheckedBoardRow[]; checks: Map<string, CheckedEntry[]> } {
  const merged = oneLogPerCall(stations).filter((station) => station.call !== '');
  const checks = crossCheck(rules, merged.map((station) => ({ call: station.call, entries: station.entries })));
  return { rows: rankedRows(merged.map((station) => scoreStation(rules, station, checks.get(station.call) ?? [])), now, window), checks };
}

/** The board of the category asked for: its stations (every field given must match), in the board's order. */
export function boardOfCategory(rows: readonly CheckedBoardRow[], filter: Partial<StationCategory>): readonly CheckedBoardRow[] {
  const fields = (Object.keys(filter) as (keyof StationCategory)[]).filter((field) => filter[field]);
  return fields.length === 0 ? rows : rows.filter((row) => fields.every((field) => row.category[field] === filter[field]));
}

/** A page of a category's board (boardOfCategory), ranked among its stations, CHECKED_BOARD_PAGE from `offset`; and how many there are. */
export function boardPage(shown: readonly CheckedBoardRow[], offset = 0): { board: CheckedBoardRow[]; total: number } {
  return { board: shown.slice(offset, offset + CHECKED_BOARD_PAGE).map((row, index) => ({ ...row, rank: offset + index + 1 })), total: shown.length };
}

/** A station's own row in a category's board (boardOfCategory), ranked among its stations wherever it ranks; null when it is not in it. */
export function ownBoardRow(shown: readonly CheckedBoardRow[], call: string): CheckedBoardRow | null {
  const key = matchingCall(call);
  const index = shown.findIndex((row) => matchingCall(row.my_callsign) === key);
  return index < 0 ? null : { ...shown[index]!, rank: index + 1 };
}
