/**
 * Confirmations that arrive as ADIF (a LoTW report, a QRZ or eQSL download, a logger's export):
 * what a record confirms, which logged QSO it confirms, and the QSO's details afterwards.
 */
import { CONFIRMATION_SERVICES, SERVICE_FIELDS } from './confirmations';
import type { QsoDetails } from './details';

/**
 * A service's report names its confirmation in the generic fields: LoTW's lotwreport.adi says
 * QSL_RCVD/QSLRDATE (with APP_LoTW_ fields beside, which the reader names in upper case), QRZ's fetch APP_QRZLOG_STATUS=C with
 * APP_QRZLOG_QSLDATE. Moved to the service's own fields, so a LoTW report never reads as paper cards.
 */
export function serviceReportDetails(details: QsoDetails | undefined, extra: Readonly<Record<string, string>> | undefined): QsoDetails | undefined {
  if (!extra) return details;
  if (isLotwReportRecord(extra) && details?.QSL_RCVD) {
    const { QSL_RCVD, QSLRDATE, ...rest } = details;
    return { ...rest, LOTW_QSL_RCVD: QSL_RCVD, ...(QSLRDATE ? { LOTW_QSLRDATE: QSLRDATE } : {}), ...(QSL_RCVD === 'Y' ? { LOTW_QSL_SENT: 'Y' } : {}) };
  }
  if (extra.APP_QRZLOG_STATUS?.trim().toUpperCase() === 'C' && details?.QRZCOM_QSO_DOWNLOAD_STATUS === undefined) {
    const confirmed: Record<string, string> = { ...details, QRZCOM_QSO_DOWNLOAD_STATUS: 'Y' };
    const on = extra.APP_QRZLOG_QSLDATE?.trim() ?? '';
    if (/^\d{8}$/.test(on)) confirmed.QRZCOM_QSO_DOWNLOAD_DATE = on;
    return confirmed;
  }
  return details;
}

/**
 * A record of LoTW's own report (lotwreport.adi): every one is a QSO the user uploaded, so it
 * confirms a logged QSO or none; it never becomes a new one.
 */
export function isLotwReportRecord(extra: Readonly<Record<string, string>> | undefined): boolean {
  return extra !== undefined && ('APP_LOTW_RXQSL' in extra || 'APP_LOTW_RXQSO' in extra || 'APP_LOTW_OWNCALL' in extra || 'APP_LOTW_MODEGROUP' in extra);
}

/** The confirmation fields of the services a record confirms (received Y and its date); null when it confirms nothing. */
export function confirmationsIn(details: QsoDetails | undefined): QsoDetails | null {
  if (!details) return null;
  let found: Record<string, string> | null = null;
  for (const service of CONFIRMATION_SERVICES) {
    const f = SERVICE_FIELDS[service];
    if (!f.rcvd || details[f.rcvd] !== 'Y') continue;
    found ??= {};
    found[f.rcvd] = 'Y';
    if (f.rcvdDate && details[f.rcvdDate]) found[f.rcvdDate] = details[f.rcvdDate]!;
  }
  return found;
}

/**
 * A logged QSO's details once a report's record confirms it: the confirmation fields are the
 * report's; the record's other details only fill what the log does not have (the operator's own
 * entries are never overwritten by a report).
 */
export function withConfirmations(current: QsoDetails | undefined, record: QsoDetails, confirmations: QsoDetails): QsoDetails {
  const merged: Record<string, string> = { ...current };
  for (const name in record) if (merged[name] === undefined) merged[name] = record[name]!;
  return Object.assign(merged, confirmations);
}

export type ModeGroup = 'CW' | 'PHONE' | 'DATA';

const PHONE = new Set(['SSB', 'AM', 'FM', 'DIGITALVOICE', 'DSTAR', 'C4FM', 'DMR', 'FREEDV', 'M17', 'USB', 'LSB']);

/** LoTW's mode groups: CW, phone and data (everything else). */
export function modeGroup(mode: string): ModeGroup {
  const upper = mode.toUpperCase();
  if (upper === 'CW') return 'CW';
  return PHONE.has(upper) ? 'PHONE' : 'DATA';
}

/** ARRL matches call, band and time within 30 minutes. */
export const CONFIRMATION_WINDOW_MS = 30 * 60 * 1000;

/** A confirmation a report names (a service's answer, a report file's record): the contact, its details and what it confirms. */
export interface ReportedConfirmation {
  call: string;
  band: string;
  mode: string;
  /** ms since the epoch. */
  at: number;
  details: QsoDetails;
  /** The confirmation fields among the details (confirmationsIn), or what the service's answer means. */
  confirmations: QsoDetails;
}

export interface MatchCandidate {
  qdoId: string;
  call: string;
  band: string;
  mode: string;
  /** ms since the epoch. */
  at: number;
}

/**
 * The logged QSO a report's record confirms, as ARRL advises: the same call and band within 30
 * minutes; the mode group only decides between several; then the nearest in time. Null: none.
 */
export function matchConfirmation(record: Omit<MatchCandidate, 'qdoId'>, logged: readonly MatchCandidate[]): MatchCandidate | null {
  const call = record.call.toUpperCase();
  const band = record.band.toLowerCase();
  let near = logged.filter((q) => q.call.toUpperCase() === call && q.band.toLowerCase() === band && Math.abs(q.at - record.at) <= CONFIRMATION_WINDOW_MS);
  if (near.length > 1) {
    const group = modeGroup(record.mode);
    const sameGroup = near.filter((q) => modeGroup(q.mode) === group);
    if (sameGroup.length > 0) near = sameGroup;
  }
  let best: MatchCandidate | null = null;
  for (const q of near) if (!best || Math.abs(q.at - record.at) < Math.abs(best.at - record.at)) best = q;
  return best;
}
