/**
 * Contest scores from the stream's aggregates: per-station tallies over the QSO facts the stream
 * consumer writes (stream/src/qso-facts-consumer.ts). Every adapter answers exactly what the
 * domain's tallyContest answers over the same QSOs (the latest version of each, deleted ones
 * left out, first upload kept).
 */
import type { ContestWindow, StationTally } from '@hamlog/domain';

export interface ContestScores {
  /** Each station with a counted contact in the window, by station user id (byte order). */
  tallies(window: ContestWindow): Promise<StationTally[]>;
  close(): Promise<void>;
}
