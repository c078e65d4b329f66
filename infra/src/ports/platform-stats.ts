/**
 * The platform over time, for the admin analytics view (POST /api/vadmin/stats), over the same
 * aggregates as the leaderboards (the day counts per station) and the stations' statistics (the
 * counters per entity). ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL; both answer the
 * same over the same QSOs (infra/test/platform-stats.contract.ts).
 */
export interface PlatformDay {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  qsos: number;
  /** Stations with at least one QSO that day. */
  activeStations: number;
}

export interface EntityCount {
  dxcc: number;
  qsos: number;
}

export interface PlatformStatsStore {
  /** QSOs and active stations per UTC day of [from, to); days without a QSO left out. */
  days(from: Date, to: Date): Promise<PlatformDay[]>;
  /** The entities (ADIF DXCC, 0 left out) with the most QSOs of all time, most first, ties by number. */
  topEntities(limit: number): Promise<EntityCount[]>;
  close(): Promise<void>;
}
