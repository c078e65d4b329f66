/**
 * Where a QSO stands with each confirmation service, read from its ADIF detail fields: the one
 * place that says which fields mean "sent" and "confirmed" for LoTW, QRZ Logbook, Club Log, eQSL
 * and the paper card.
 */
import type { QsoDetails } from './details';

export const CONFIRMATION_SERVICES = ['lotw', 'qrz', 'clublog', 'eqsl', 'paper'] as const;
export type ConfirmationService = (typeof CONFIRMATION_SERVICES)[number];

export const SERVICE_NAMES: Readonly<Record<ConfirmationService, string>> = {
  lotw: 'LoTW',
  qrz: 'QRZ Logbook',
  clublog: 'Club Log',
  eqsl: 'eQSL',
  paper: 'Paper card',
};

interface ServiceFields {
  sent: string;
  sentDate: string;
  rcvd?: string;
  rcvdDate?: string;
  /** The upload status fields (QRZ, Club Log) say Y for accepted, M for changed since. */
  upload?: true;
}

export const SERVICE_FIELDS: Readonly<Record<ConfirmationService, ServiceFields>> = {
  lotw: { sent: 'LOTW_QSL_SENT', sentDate: 'LOTW_QSLSDATE', rcvd: 'LOTW_QSL_RCVD', rcvdDate: 'LOTW_QSLRDATE' },
  qrz: { sent: 'QRZCOM_QSO_UPLOAD_STATUS', sentDate: 'QRZCOM_QSO_UPLOAD_DATE', rcvd: 'QRZCOM_QSO_DOWNLOAD_STATUS', rcvdDate: 'QRZCOM_QSO_DOWNLOAD_DATE', upload: true },
  clublog: { sent: 'CLUBLOG_QSO_UPLOAD_STATUS', sentDate: 'CLUBLOG_QSO_UPLOAD_DATE', rcvd: 'APP_HAMLOG_CLUBLOG_QSL_RCVD', rcvdDate: 'APP_HAMLOG_CLUBLOG_QSLRDATE', upload: true },
  eqsl: { sent: 'EQSL_QSL_SENT', sentDate: 'EQSL_QSLSDATE', rcvd: 'EQSL_QSL_RCVD', rcvdDate: 'EQSL_QSLRDATE' },
  paper: { sent: 'QSL_SENT', sentDate: 'QSLSDATE', rcvd: 'QSL_RCVD', rcvdDate: 'QSLRDATE' },
};

export type ConfirmationState = 'not-sent' | 'queued' | 'requested' | 'sent' | 'accepted' | 'rejected' | 'confirmed';

export interface ConfirmationStatus {
  service: ConfirmationService;
  state: ConfirmationState;
  /** YYYYMMDD of the state (sent, accepted or confirmed), when the log says. */
  on?: string;
}

/** The QSO's status with one service. */
export function confirmationStatus(details: QsoDetails | undefined, service: ConfirmationService): ConfirmationStatus {
  const f = SERVICE_FIELDS[service];
  const d = details ?? {};
  const rcvd = f.rcvd ? d[f.rcvd] : undefined;
  if (rcvd === 'Y' || (service !== 'qrz' && rcvd === 'V')) return dated(service, 'confirmed', f.rcvdDate && d[f.rcvdDate]);
  const sent = d[f.sent];
  if (f.upload) {
    if (sent === 'Y') return dated(service, 'accepted', d[f.sentDate]);
    if (sent === 'M') return { service, state: 'queued' };
    return { service, state: 'not-sent' };
  }
  if (sent === 'Y') return dated(service, 'sent', d[f.sentDate]);
  if (sent === 'Q') return { service, state: 'queued' };
  if (sent === 'R') return { service, state: 'requested' };
  return { service, state: 'not-sent' };
}

function dated(service: ConfirmationService, state: ConfirmationState, on: string | undefined | false): ConfirmationStatus {
  return on ? { service, state, on } : { service, state };
}

/** A bit per service that confirmed the QSO (the logbook's filter column). */
export const CONFIRMED_BIT: Readonly<Record<ConfirmationService, number>> = { paper: 1, lotw: 2, eqsl: 4, qrz: 8, clublog: 16 };

export function confirmedMask(details: QsoDetails | undefined): number {
  if (!details) return 0;
  let mask = 0;
  for (const service of CONFIRMATION_SERVICES) if (confirmationStatus(details, service).state === 'confirmed') mask |= CONFIRMED_BIT[service];
  return mask;
}

/** Services whose upload can be replaced by a corrected one (QRZ's OPTION=REPLACE, Club Log's realtime). */
const REPLACEABLE: readonly ConfirmationService[] = ['qrz', 'clublog'];

/**
 * An edit of an uploaded contact (its contact fields, not its confirmations) marks the upload
 * 'M' (modified since upload), so the corrected QSO is sent again; an edit that sets the status
 * itself is left as it says.
 */
export function markModifiedUploads(before: QsoDetails | undefined, after: QsoDetails | undefined, contactChanged: () => boolean): QsoDetails | undefined {
  if (!before) return after;
  const uploaded = REPLACEABLE.map((service) => SERVICE_FIELDS[service].sent).filter((name) => before[name] === 'Y' && after?.[name] === 'Y');
  // Most edits are of QSOs never uploaded: the contact fields are compared only when it matters.
  if (uploaded.length === 0 || !contactChanged()) return after;
  return { ...after, ...Object.fromEntries(uploaded.map((name) => [name, 'M'])) };
}
