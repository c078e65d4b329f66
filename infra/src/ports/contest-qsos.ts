/**
 * The stream's contest facts: every QSO's latest version with what a contest reads of it (where,
 * when, the exchange), written by the QSO facts consumer beside the other aggregates
 * (stream/src/qso-facts-consumer.ts; ClickHouse in production, PostgreSQL embedded). The contest
 * check reads its logs from here: a whole window once, then only what changed since a mark.
 */
import type { ContestQsoFields } from '@hamlog/domain';

export interface ContestQso {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  /** The log position of this version: a later read of the same QSO with a version not above it is nothing new. */
  version: number;
  deleted: boolean;
  fields: ContestQsoFields;
}

/** Where a reader stood: what changedSince(mark) answers from. Opaque to the reader. */
export type ContestQsoMark = string;

export interface ContestQsoReads {
  /** Taken before a whole read: changedSince(mark) then answers everything recorded after it (and possibly a little before). */
  mark(): Promise<ContestQsoMark>;
  /** The live QSOs with from <= ts < to, oldest first (ties by qdo_id in byte order), after the last one read. */
  inWindow(from: Date, to: Date, after: { ts: string; qdoId: string } | null, limit: number): Promise<ContestQso[]>;
  /** The latest version of every QSO recorded since the mark (deleted ones too), and the mark to read from next. */
  changedSince(mark: ContestQsoMark): Promise<{ qsos: ContestQso[]; mark: ContestQsoMark }>;
  close(): Promise<void>;
}
