import type { EqslClient, EqslCredentials } from '@hamlog/infra/confirmations/eqsl-client';
import { isFailure } from '@hamlog/infra/confirmations/outcome';
import { adifToday, reportedConfirmations } from './report-records';
import { allRejected, uploadRecord, type ServiceSync, type SyncContext } from './service-sync';

function credentials(context: SyncContext): EqslCredentials {
  const { settings, secrets } = context.connection;
  return { user: settings.user ?? '', password: secrets.password ?? '', ...(settings.qth_nickname ? { qthNickname: settings.qth_nickname } : {}) };
}

/** YYYYMMDDHHMM, as eQSL's RcvdSince takes it. */
const eqslMinute = (at: Date) => at.toISOString().slice(0, 16).replace(/[-T:]/g, '');

/**
 * eQSL: one ImportADIF.cfm upload per batch (eQSL throttles heavy clients: few requests, one at a
 * time); confirmations from the inbox (DownloadInBox.cfm) since the last sync, each record an
 * eQSL received for the contact it names.
 */
export function eqslSync(client: EqslClient): ServiceSync {
  return {
    batchSize: 200,
    async upload(context, qsos) {
      const outcome = await client.upload(credentials(context), qsos.map(uploadRecord).join(''));
      if (outcome.kind === 'ok' || outcome.kind === 'duplicate') return { sent: [...qsos], rejected: [] };
      if (outcome.kind === 'rejected') return allRejected(qsos, outcome.reason);
      return { sent: [], rejected: [], failure: outcome };
    },
    async download(context) {
      const { connection, now } = context;
      const fetched = await client.downloadInbox(credentials(context), connection.cursor.rcvdSince);
      if (isFailure(fetched)) return fetched;
      const today = adifToday(now);
      // The inbox's records are the other station's view (its QSL_SENT...): only the confirmation is taken.
      const confirmations = reportedConfirmations(fetched.adif, now, (details) => ({ EQSL_QSL_RCVD: 'Y', EQSL_QSLRDATE: details.QSLRDATE ?? today }));
      // From a day before: an eQSL that arrives while this sync runs comes again next time (applying it twice changes nothing).
      return { confirmations, cursor: { rcvdSince: eqslMinute(new Date(now.getTime() - 86_400_000)) } };
    },
  };
}
