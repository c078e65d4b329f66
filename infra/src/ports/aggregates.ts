/** Analytics aggregates port: QSO counts per station per hour (leaderboards start here). */
import type { ContestExchangeFacts } from '@hamlog/domain';

export interface QsoFact {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  /** QSO time (UTC). */
  ts: Date;
  band: string;
  mode: string;
  /** ADIF sub-mode ('' for none): FT4 is mode MFSK, sub-mode FT4. */
  subMode: string;
  /** The worked station's callsign. */
  call: string;
  /** Integer Hz. */
  freqHz: number;
  /** '' outside a contest; a contest QSO's name is longer than 4 characters. */
  contestName: string;
  /** ADIF DXCC number of the worked station; 0 for none. */
  dxcc: number;
  /** The worked station's continent (AF, AN, AS, EU, NA, OC, SA); '' or absent for none. */
  continent?: string;
  /**
   * When this version reached the log (the event's time). The first upload of a QSO is the
   * earliest of its versions' times: stores keep the earliest.
   */
  uploadedAt: Date;
  /** What a contest's exchange is read from (contestExchangeOf); absent for a deletion. */
  exchange?: ContestExchangeFacts;
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
  /** Drops every aggregate table and creates them empty again (a rebuild from the event log follows). */
  reset(): Promise<void>;
  /** QSO counts of one station per UTC hour in [from, to). */
  hourlyCounts(stationCallsign: string, from: Date, to: Date): Promise<HourCount[]>;
  /** Stations with the most QSOs whose time is in [since, until), most first, ties by callsign. */
  topStations(since: Date, until: Date, limit: number): Promise<StationCount[]>;
  close(): Promise<void>;
}
