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
