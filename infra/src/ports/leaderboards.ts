/**
 * The leaderboards over the stream's aggregates (the tables AggregatesStore.recordQsoFacts keeps).
 * Every adapter answers exactly what the domain's leaderboardRowsOf / topUsersOf answer over the
 * same QSOs (the latest version of each, deleted ones left out).
 */
import { isUtcMidnight, type LeaderboardQuery, type LeaderboardRows, type LeaderboardWindow, type UserTotal } from '@hamlog/domain';

export interface LeaderboardsStore {
  /** Every list of GET /api/vleaderboards. Period windows must be whole UTC days. */
  leaderboards(query: LeaderboardQuery): Promise<LeaderboardRows>;
  /** Stations (by user id) with the most QSOs in a window of whole UTC days, ties by user id. */
  topUsers(window: LeaderboardWindow, excludedUserIds: readonly string[], limit: number): Promise<UserTotal[]>;
  close(): Promise<void>;
}

/** Refuses a period window that does not start and end at UTC midnight (the day counts answer those). */
export function assertWholeDays(window: LeaderboardWindow): void {
  if (!isUtcMidnight(window.since) || !isUtcMidnight(window.until) || window.until <= window.since) {
    throw new Error(`a period must be whole UTC days: ${window.since.toISOString()} to ${window.until.toISOString()}`);
  }
}

export function assertLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`invalid limit: ${limit}`);
}
