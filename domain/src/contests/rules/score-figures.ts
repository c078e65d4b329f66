/** What a board and the logger show of a score, and a station's rate. */
import type { ScoreFigures } from './api';
import type { ContestScore } from './scorer';

/** The figures a board and the logger show of a score. */
export const scoreFigures = (score: ContestScore): ScoreFigures => ({ qsos: score.qsos, points: score.points, multipliers: score.multiplierTotal, score: score.score });

/** How many of `times` (ms) fall in the `minutes` up to and including `at`: a station's rate. */
export function countWithin(times: readonly number[], at: number, minutes: number): number {
  const since = at - minutes * 60_000;
  return times.filter((time) => time > since && time <= at).length;
}

/** The most hours a rate graph shows: a 48-hour contest whole, the last two days of a longer one. */
export const RATE_GRAPH_HOURS = 48;

/**
 * How many of `times` (ms) fall in each hour from `startsAt` up to `at` (the hour holding `at`
 * last), oldest first, at most the last RATE_GRAPH_HOURS: a station's rate graph.
 */
export function hourlyCounts(times: readonly number[], startsAt: number, at: number): number[] {
  if (at < startsAt) return [];
  const hours = Math.floor((at - startsAt) / 3_600_000) + 1;
  const first = Math.max(0, hours - RATE_GRAPH_HOURS);
  const counts = new Array<number>(hours - first).fill(0);
  for (const time of times) {
    const hour = Math.floor((time - startsAt) / 3_600_000) - first;
    if (time <= at && hour >= 0 && hour < counts.length) counts[hour]! += 1;
  }
  return counts;
}
