/**
 * A station's statistics (GET /api/vstats) over the stream's aggregates: the counters
 * AggregatesStore.recordQsoFacts keeps per station (domain statsKeysOf). Every adapter answers
 * exactly what the domain's stationStatsCountsOf answers over the same QSOs (the latest version
 * of each, deleted ones left out).
 */
import type { StationStatsCount } from '@hamlog/domain';

export interface StationStatsStore {
  /** The station's counters above zero, by key in byte order. */
  stationCounts(stationUserId: string): Promise<StationStatsCount[]>;
  close(): Promise<void>;
}
