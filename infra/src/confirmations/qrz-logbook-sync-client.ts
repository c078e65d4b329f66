/**
 * QRZ Logbook for the sync: send a QSO (ACTION=INSERT, OPTION=REPLACE after an edit), read the
 * QSOs confirmed since a date (ACTION=FETCH, OPTION=MODSINCE:...,STATUS:CONFIRMED, paged as the
 * import pages), and ACTION=STATUS. Requests and answer parsing are qrz/qrz-logbook-client.ts's.
 *
 * OPTION pairs are joined with ',' as QRZ's documentation and the import do (the reference notes
 * write ';'; QRZ's fake accepts both).
 */
import { KEY_REJECTED, QrzLogbookClient, QrzLogbookError, type parseQrzAnswer } from '../qrz/qrz-logbook-client';
import { authFailure, rejected, retry, type Fetched, type ServiceFailure } from './outcome';

export interface QrzLogbookSyncClientOptions {
  /** QRZ Logbook's address; the API is `${baseUrl}/api`. */
  baseUrl?: string;
  /** Per request. */
  timeoutMs?: number;
  userAgent?: string;
  /** Records per FETCH page. */
  pageSize?: number;
}

export type QrzInsertOutcome = { kind: 'ok'; logId: string; replaced: boolean } | { kind: 'duplicate' } | ServiceFailure;

export const QRZ_LOGBOOK_BASE_URL = 'https://logbook.qrz.com';
const USER_AGENT = 'HamLog/1.0 (QRZ Logbook sync)';
const DUPLICATE = /duplicate/i;
type Answer = ReturnType<typeof parseQrzAnswer>;

function keyRefused(reason: string): ServiceFailure {
  const said = reason ? ` (QRZ said: ${reason})` : '';
  return authFailure(`QRZ Logbook refused the logbook's API key${said}. Check the key in your QRZ logbook settings; the API needs a QRZ subscription.`);
}

/** A QrzLogbookError as an outcome: the key, QRZ's refusal, or something worth another try. */
function failureOf(error: unknown): ServiceFailure {
  if (!(error instanceof QrzLogbookError)) return retry('Something went wrong talking to QRZ Logbook; HamLog will try again later.');
  switch (error.failure) {
    case 'auth':
      return keyRefused(error.reason);
    case 'refused':
      return rejected(`QRZ Logbook refused the request: ${error.reason}.`);
    case 'unreachable':
      return retry(`QRZ Logbook could not be reached (${error.reason}); HamLog will try again later.`);
    case 'unreadable':
      return retry(`QRZ Logbook sent an answer HamLog could not read (${error.reason}); HamLog will try again later.`);
  }
}

export class QrzLogbookSyncClient {
  private readonly qrz: QrzLogbookClient;

  constructor(options: QrzLogbookSyncClientOptions = {}) {
    this.qrz = new QrzLogbookClient({
      url: `${(options.baseUrl ?? QRZ_LOGBOOK_BASE_URL).replace(/\/+$/, '')}/api`,
      timeoutMs: options.timeoutMs,
      userAgent: options.userAgent ?? USER_AGENT,
      pageSize: options.pageSize,
    });
  }

  /** One QSO (one ADIF record). `replace` overwrites the QSO QRZ already has (after an edit); a duplicate counts as sent. */
  async insert(key: string, adifRecord: string, options: { replace?: boolean } = {}): Promise<QrzInsertOutcome> {
    const fields: Record<string, string> = { KEY: key, ACTION: 'INSERT', ADIF: adifRecord };
    if (options.replace) fields.OPTION = 'REPLACE';
    let answer: Answer;
    try {
      answer = await this.qrz.call(fields);
    } catch (error) {
      return failureOf(error);
    }
    const result = (answer.params.RESULT ?? '').toUpperCase();
    const reason = answer.params.REASON ?? '';
    if (result === 'OK' || result === 'REPLACE') return { kind: 'ok', logId: answer.params.LOGID ?? '', replaced: result === 'REPLACE' };
    if (result === 'AUTH') return keyRefused(reason);
    if (result === 'FAIL' && DUPLICATE.test(reason)) return { kind: 'duplicate' };
    if (result === 'FAIL' && KEY_REJECTED.test(reason)) return keyRefused(reason);
    if (result === 'FAIL') return rejected(`QRZ Logbook refused the QSO: ${reason || 'no reason given'}.`);
    return retry(`QRZ Logbook answered RESULT=${result} which HamLog does not know; HamLog will try again later.`);
  }

  /** The ADIF of every QSO QRZ holds as confirmed and changed on or after `modSince` (yyyy-mm-dd). */
  async fetchConfirmed(key: string, modSince: string): Promise<Fetched<{ adif: string; requests: number }>> {
    try {
      const result = await this.qrz.fetchPages(key, [`MODSINCE:${modSince}`, 'STATUS:CONFIRMED']);
      return { kind: 'ok', adif: result.adifPages.join(''), requests: result.requests };
    } catch (error) {
      return failureOf(error);
    }
  }

  /** The logbook's facts as QRZ reports them (e.g. CALLSIGN, COUNT, CONFIRMED), DATA's pairs included. */
  async status(key: string): Promise<Fetched<{ logbook: Record<string, string> }>> {
    let answer: Answer;
    try {
      answer = await this.qrz.call({ KEY: key, ACTION: 'STATUS' });
    } catch (error) {
      return failureOf(error);
    }
    const { RESULT: result = '', REASON: reason = '', DATA: data, ...rest } = answer.params;
    if (result.toUpperCase() === 'AUTH' || (result.toUpperCase() === 'FAIL' && KEY_REJECTED.test(reason))) return keyRefused(reason);
    if (result.toUpperCase() !== 'OK') return rejected(`QRZ Logbook refused the status request: ${reason || 'no reason given'}.`);
    const logbook: Record<string, string> = { ...rest };
    for (const [name, value] of new URLSearchParams(data ?? '')) logbook[name.toUpperCase()] = value;
    return { kind: 'ok', logbook };
  }
}
