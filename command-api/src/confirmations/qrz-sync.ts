import { setTimeout as sleep } from 'node:timers/promises';
import { isFailure } from '@hamlog/infra/confirmations/outcome';
import type { QrzLogbookSyncClient } from '@hamlog/infra/confirmations/qrz-logbook-sync-client';
import { reportedConfirmations } from './report-records';
import type { ServiceSync, UploadResult } from './service-sync';
import { uploadRecord } from './service-sync';

const dayBefore = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

/** QRZ takes one QSO per call; users report about 60 calls a minute as its limit. */
const QRZ_CALL_GAP_MS = 1_000;

/**
 * QRZ Logbook: ACTION=INSERT per QSO (OPTION=REPLACE for a corrected one, status M); its
 * confirmations by ACTION=FETCH with MODSINCE the last sync's day.
 */
export function qrzSync(client: QrzLogbookSyncClient, gapMs = QRZ_CALL_GAP_MS): ServiceSync {
  return {
    batchSize: 50,
    async upload(context, qsos) {
      const key = context.connection.secrets.api_key ?? '';
      const result: UploadResult = { sent: [], rejected: [] };
      for (const [i, qso] of qsos.entries()) {
        if (i > 0) await sleep(gapMs);
        const replace = qso.fields.details?.QRZCOM_QSO_UPLOAD_STATUS === 'M';
        const outcome = await client.insert(key, uploadRecord(qso), { replace });
        if (outcome.kind === 'ok' || outcome.kind === 'duplicate') result.sent.push(qso);
        else if (outcome.kind === 'rejected') result.rejected.push({ qso, reason: outcome.reason });
        else return { ...result, failure: outcome };
      }
      return result;
    },
    async download(context) {
      const { connection, now } = context;
      const since = connection.cursor.modSince ?? '1970-01-01';
      const fetched = await client.fetchConfirmed(connection.secrets.api_key ?? '', since);
      if (isFailure(fetched)) return fetched;
      // From the day before: a confirmation QRZ records while this sync runs is fetched again next time (applying it twice changes nothing).
      return { confirmations: reportedConfirmations(fetched.adif, now), cursor: { modSince: dayBefore(now) } };
    },
  };
}
