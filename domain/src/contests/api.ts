/** The contest calls' answers beside the board (community/api-shapes.ts has the board's). */
import type { ContestSummary } from '../community/api-shapes';

/** POST /api/vcontest/create and /api/vcontest/update. */
export interface ContestAnswer {
  contest: ContestSummary;
}

/** GET /api/vcontests: the built-in contests and every organiser's, newest start first; with ?mine=1 the caller's own only. */
export interface ContestsAnswer {
  contests: ContestSummary[];
}
