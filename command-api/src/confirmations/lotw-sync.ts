import { resolveCallsign } from '@hamlog/domain';
import type { LotwClient } from '@hamlog/infra/confirmations/lotw-client';
import { isFailure, rejected } from '@hamlog/infra/confirmations/outcome';
import type { LotwQso } from '@hamlog/infra/confirmations/lotw-tq8';
import { reportedConfirmations, reportedContacts } from './report-records';
import { allRejected, type ServiceSync, type SyncContext } from './service-sync';

/** LoTW takes a signed file of up to a few thousand QSOs at once. */
const LOTW_BATCH = 2_000;

function station(context: SyncContext) {
  const { settings } = context.connection;
  const callsign = (settings.station_callsign || context.stationCallsign).toUpperCase();
  const dxcc = resolveCallsign(callsign)?.dxcc ?? 0;
  return {
    callsign,
    dxcc,
    ...(settings.gridsquare ? { gridsquare: settings.gridsquare } : {}),
    ...(settings.state ? { state: settings.state } : {}),
    ...(settings.county ? { county: settings.county } : {}),
  };
}

/**
 * LoTW: QSOs go in one .tq8 signed in this process with the user's certificate (decision 0057);
 * confirmations come from lotwreport.adi with qso_qsl=yes since the last APP_LoTW_LASTQSL, and
 * what LoTW holds from us (the receipt of uploads, and QSOs signed elsewhere) from qso_qsl=no
 * since the last APP_LoTW_LASTQSORX.
 */
export function lotwSync(client: LotwClient): ServiceSync {
  return {
    batchSize: LOTW_BATCH,
    async upload(context, qsos) {
      const { secrets } = context.connection;
      if (!secrets.certificate) return { sent: [], rejected: [], failure: rejected('No LoTW certificate is stored: connect LoTW again with your .p12 file.') };
      const contacts: LotwQso[] = qsos.map((q) => {
        const ts = q.fields.ts;
        return {
          call: q.fields.call,
          band: q.fields.band,
          mode: q.fields.mode,
          ...(q.fields.subMode ? { submode: q.fields.subMode } : {}),
          ...(q.fields.freqHz > 0 ? { freqMhz: q.fields.freqHz / 1e6 } : {}),
          qsoDate: ts.slice(0, 10).replace(/-/g, ''),
          timeOn: ts.slice(11, 19).replace(/:/g, ''),
          ...(q.fields.details?.PROP_MODE ? { propMode: q.fields.details.PROP_MODE } : {}),
          ...(q.fields.details?.SAT_NAME ? { satName: q.fields.details.SAT_NAME } : {}),
        };
      });
      const outcome = await client.upload(contacts, station(context), { p12: Buffer.from(secrets.certificate, 'base64'), password: secrets.certificate_password ?? '' });
      if (outcome.kind === 'ok' || outcome.kind === 'duplicate') return { sent: [...qsos], rejected: [] };
      if (outcome.kind === 'rejected') return allRejected(qsos, outcome.reason);
      return { sent: [], rejected: [], failure: outcome };
    },
    async download(context) {
      const { connection, now } = context;
      const login = { login: connection.settings.login ?? '', password: connection.secrets.password ?? '' };
      const confirmed = await client.downloadReport({ ...login, mode: 'qsl', ...(connection.cursor.lastQsl ? { since: connection.cursor.lastQsl } : {}) });
      if (isFailure(confirmed)) return confirmed;
      const received = await client.downloadReport({ ...login, mode: 'received', ...(connection.cursor.lastQsoRx ? { since: connection.cursor.lastQsoRx } : {}) });
      if (isFailure(received)) return received;
      return {
        confirmations: reportedConfirmations(confirmed.adif, now),
        // What LoTW holds is sent, not confirmed: only the sent flag is taken from it.
        held: reportedContacts(received.adif, now).map((contact) => ({ ...contact, details: {}, confirmations: { LOTW_QSL_SENT: 'Y' } })),
        cursor: { ...(confirmed.lastQsl ? { lastQsl: confirmed.lastQsl } : {}), ...(received.lastQsoRx ? { lastQsoRx: received.lastQsoRx } : {}) },
      };
    },
  };
}
