/** Analytics aggregates port: QSO counts per station per hour (leaderboards start here). */

export interface QsoFact {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  /** QSO time (UTC). */
  ts: Date;
  band: string;
  mode: string;
  /** A deleted QSO no longer counts. */
  deleted: boolean;
  /** Global event position that produced this fact: the highest version of a qdoId wins. */
  version: number;
}

export interface StationCount {
  stationCallsign: string;
  count: number;
}

export interface HourCount {
  /** Start of the UTC hour. */
  hour: Date;
  count: number;
}

export interface AggregatesStore {
  /** Creates the tables it needs (idempotent). */
  migrate(): Promise<void>;
  /** Idempotent: recording the same fact twice, or an older version after a newer one, changes nothing. */
  recordQsoFacts(facts: QsoFact[]): Promise<void>;
  /** QSO counts of one station per UTC hour in [from, to). */
  hourlyCounts(stationCallsign: string, from: Date, to: Date): Promise<HourCount[]>;
  /** Stations with the most QSOs whose time is in [since, until), most first, ties by callsign. */
  topStations(since: Date, until: Date, limit: number): Promise<StationCount[]>;
  close(): Promise<void>;
}
