import { contestQsoFields, contestTime, type ContestExchangeFacts } from '@hamlog/domain';
import type { ContestQso } from '../ports/contest-qsos';

/** A contest fact as both stores keep it: its columns, and its exchange as recorded (JSON). */
export interface ContestQsoRow {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  ts: Date;
  call: string;
  band: string;
  mode: string;
  freqHz: number;
  dxcc: number;
  exchange: Partial<ContestExchangeFacts>;
  deleted: boolean;
  version: number;
}

/** A stored contest fact as the contest check reads it. */
export function contestQsoOf(row: ContestQsoRow): ContestQso {
  const { qdoId, stationUserId, stationCallsign, version, deleted, ts, call, band, mode, freqHz, dxcc, exchange } = row;
  return { qdoId, stationUserId, stationCallsign, version, deleted, fields: contestQsoFields({ ts: contestTime(ts), call, freqHz, band, mode, dxcc }, exchange) };
}
