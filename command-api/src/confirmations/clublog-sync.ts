import { normaliseBandName } from '@hamlog/domain';
import type { ClubLogClient, ClubLogCredentials } from '@hamlog/infra/confirmations/clublog-client';
import { isFailure } from '@hamlog/infra/confirmations/outcome';
import { adifToday } from './report-records';
import { uploadRecord, type ServiceSync, type SyncContext, type UploadResult } from './service-sync';

/** Club Log names bands by their wavelength as a number (20, 0.7): as ADIF names them. */
function clublogBand(band: string): string {
  const metres = Number(band);
  if (!Number.isFinite(metres) || band.trim() === '') return normaliseBandName(band) ?? band.toLowerCase();
  return normaliseBandName(metres >= 1 ? `${metres}m` : `${Math.round(metres * 100)}cm`) ?? band;
}

/** A backlog bigger than this goes by putlogs.php; Club Log asks that it never be used for single QSOs. */
const REALTIME_MAX = 5;

function credentials(context: SyncContext, apiKey: string): ClubLogCredentials {
  const { settings, secrets } = context.connection;
  return { email: settings.email ?? '', password: secrets.password ?? '', callsign: (settings.callsign || context.stationCallsign).toUpperCase(), apiKey };
}

/**
 * Club Log: realtime.php per new QSO, putlogs.php for a backlog; getmatches.php for the QSOs Club
 * Log matched with the other station's log. A 403 stops the sync at once (Club Log blocks
 * addresses that repeat them).
 */
export function clublogSync(client: ClubLogClient, apiKey: string): ServiceSync {
  return {
    batchSize: 500,
    async upload(context, qsos) {
      const creds = credentials(context, apiKey);
      if (qsos.length > REALTIME_MAX) {
        const outcome = await client.putlogs(creds, qsos.map(uploadRecord).join(''));
        if (outcome.kind === 'ok' || outcome.kind === 'duplicate') return { sent: [...qsos], rejected: [] };
        if (outcome.kind === 'rejected') return { sent: [], rejected: qsos.map((qso) => ({ qso, reason: outcome.reason })) };
        return { sent: [], rejected: [], failure: outcome };
      }
      const result: UploadResult = { sent: [], rejected: [] };
      for (const qso of qsos) {
        const outcome = await client.realtime(creds, uploadRecord(qso));
        if (outcome.kind === 'ok' || outcome.kind === 'duplicate') result.sent.push(qso);
        else if (outcome.kind === 'rejected') result.rejected.push({ qso, reason: outcome.reason });
        else return { ...result, failure: outcome };
      }
      return result;
    },
    async download(context) {
      const { now } = context;
      // getmatches' start date limits the QSOs' dates, not when they matched: every match is asked for (applying one twice changes nothing).
      const fetched = await client.getMatches(credentials(context, apiKey));
      if (isFailure(fetched)) return fetched;
      const on = adifToday(now);
      const confirmations = fetched.matches.map((m) => {
        const details = { APP_HAMLOG_CLUBLOG_QSL_RCVD: 'Y', APP_HAMLOG_CLUBLOG_QSLRDATE: on };
        return { call: m.call, band: clublogBand(m.band), mode: m.mode, at: Date.parse(m.at), details, confirmations: details };
      });
      return { confirmations, cursor: {} };
    },
  };
}
