import { readCloudlogQsos, type CloudlogStation, type QsoOutcome } from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { logQso } from '../qso/log-qso';
import { loadStationCallsign } from '../users/station';

export interface AdifQsosLogged {
  outcome: QsoOutcome;
  /** The last append (null when nothing was written). */
  appended: AppendResult | null;
}

/**
 * POST /api/qso's use case: every contact of the ADIF string is logged under the station with
 * the logging use case (log-qso.ts), so the duplicate rule makes a resent QSO the one already in
 * the log, never a second one. Each record is all-or-nothing on its own; a dry run reads and
 * checks them and writes nothing.
 */
export async function logAdifQsos(
  store: EventStore,
  station: CloudlogStation,
  adif: string,
  options: { now: Date; dryRun: boolean; metadata: (stationCallsign: string) => EventMetadata },
): Promise<AdifQsosLogged> {
  const read = readCloudlogQsos(adif, options.now);
  const outcome: QsoOutcome = { read: read.read, written: 0, duplicates: 0, failures: read.failures, dryRun: options.dryRun };
  if (options.dryRun || read.qsos.length === 0) return { outcome, appended: null };

  const stationCallsign = await loadStationCallsign(store, station.userId);
  const metadata = options.metadata(stationCallsign);
  let appended: AppendResult | null = null;
  for (const qso of read.qsos) {
    const { handled } = await logQso(store, { stationUserId: station.userId, stationCallsign, fields: qso.fields }, metadata);
    if (handled.events.some((event) => event.type === 'QsoLogged')) outcome.written += 1;
    else outcome.duplicates += 1;
    if (handled.appended) appended = handled.appended;
  }
  return { outcome, appended };
}
