/**
 * PROVISIONAL: stands in for the ADIF import's core (command-api/src/import/) until it lands; the
 * QRZ import then hands its records to that and this file goes.
 */
import { adifRecordToQso, dedupeKey, qsoDecider, qsoIdFor, qsoStreamName, type AdifRecord } from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { loadStream } from '../handling/handle-command';
import { logQso } from '../qso/log-qso';

export interface RecordsReport {
  imported: number;
  duplicates: number;
  failed: { record: AdifRecord; message: string }[];
  lastAppend: AppendResult | null;
}

export async function importRecords(
  deps: { store: EventStore; now: () => Date },
  input: { userId: string; stationCallsign: string; records: AdifRecord[]; metadata: EventMetadata },
): Promise<RecordsReport> {
  const report: RecordsReport = { imported: 0, duplicates: 0, failed: [], lastAppend: null };
  for (const record of input.records) {
    const read = adifRecordToQso(record, deps.now());
    if (!read.ok) {
      report.failed.push({ record, message: read.message });
      continue;
    }
    // A contact already in the log is left as it is, even when QRZ holds more fields for it.
    const key = dedupeKey(input.userId, read.fields);
    const { state } = await loadStream(deps.store, qsoStreamName(qsoIdFor(key, 0)), qsoDecider);
    if (state && !state.deleted && state.dedupeKey === key) {
      report.duplicates += 1;
      continue;
    }
    const { handled } = await logQso(deps.store, { stationUserId: input.userId, stationCallsign: input.stationCallsign, fields: read.fields }, input.metadata);
    if (handled.appended) {
      report.imported += 1;
      report.lastAppend = handled.appended;
    } else report.duplicates += 1;
  }
  return report;
}
