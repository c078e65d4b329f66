import type { ReportedConfirmation } from '@hamlog/domain';
import { qsoDetailField, qsoToAdifFields, writeAdifRecord } from '@hamlog/domain';
import type { ServiceFailure } from '@hamlog/infra/confirmations/outcome';
import type { ServiceConnection } from '@hamlog/infra/confirmations/connection-store';
import type { PendingQso } from '@hamlog/infra/read-models/logbook/service-queries';

/** What one upload of a batch did: the QSOs the service now has, the ones it refused and why, and a failure that stopped it. */
export interface UploadResult {
  sent: PendingQso[];
  rejected: { qso: PendingQso; reason: string }[];
  failure?: ServiceFailure;
}

export interface Downloaded {
  confirmations: ReportedConfirmation[];
  /** Contacts the service says it holds from us (LoTW's receipt report): marked sent, never sent again. */
  held?: ReportedConfirmation[];
  /** Where the next download starts. */
  cursor: Record<string, string>;
}

export interface SyncContext {
  connection: ServiceConnection;
  /** The user's callsign: the station of their QSOs, and the log at Club Log unless the settings name another. */
  stationCallsign: string;
  now: Date;
}

/** One service's side of a sync: sending QSOs and fetching confirmations, by its protocol. */
export interface ServiceSync {
  /** QSOs per upload call (one file for LoTW, Club Log and eQSL; QRZ takes one per call). */
  batchSize: number;
  upload(context: SyncContext, qsos: readonly PendingQso[]): Promise<UploadResult>;
  download(context: SyncContext): Promise<Downloaded | ServiceFailure>;
}

/** A QSO as the services get it: its ADIF record without our own confirmation bookkeeping. */
export function uploadRecord(qso: PendingQso): string {
  const details = qso.fields.details ? Object.fromEntries(Object.entries(qso.fields.details).filter(([name]) => qsoDetailField(name)?.group !== 'confirmations')) : undefined;
  return writeAdifRecord(qsoToAdifFields({ ...qso.fields, details }, qso.stationCallsign));
}

/** Every QSO of a batch refused for one reason (a whole file the service would not take). */
export function allRejected(qsos: readonly PendingQso[], reason: string): UploadResult {
  return { sent: [], rejected: qsos.map((qso) => ({ qso, reason })) };
}
