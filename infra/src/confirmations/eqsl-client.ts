/**
 * eQSL.cc: upload QSOs (ImportADIF.cfm, multipart POST, the ADIF in field Filename) and download
 * the inbox of eQSLs received (DownloadInBox.cfm builds a .adi under downloadedfiles/, which is
 * then fetched). Both answer HTML pages, classified by the texts eQSL writes in them. eQSL
 * throttles heavy clients: callers keep requests few and one at a time.
 */
import { adifLength } from '@hamlog/domain/adif/writer';
import { authFailure, rejected, retry, serverTrouble, unreachable, type Fetched, type ServiceFailure } from './outcome';
import { pageText } from './page-text';
import { multipart, request, serviceUrl, type ServiceHttpOptions } from './service-http';

export interface EqslCredentials {
  user: string;
  password: string;
  /** The QTH profile, for accounts with more than one. */
  qthNickname?: string;
}

export interface EqslCounts {
  /** 'Result: added out of total records added'. */
  added: number;
  total: number;
  /** Records eQSL already had ('Bad record: Duplicate'). */
  duplicates: number;
  /** The page's other warnings and errors about records, as eQSL wrote them. */
  problems: string[];
}

export type EqslUploadOutcome = ({ kind: 'ok' } | { kind: 'duplicate' } | ServiceFailure) & { counts?: EqslCounts };

export interface EqslClientOptions {
  /** eQSL's address (https://www.eqsl.cc). */
  baseUrl?: string;
  timeoutMs?: number;
  userAgent?: string;
}

export const EQSL_BASE_URL = 'https://www.eqsl.cc';
const USER_AGENT = 'HamLog/1.0 (eQSL sync)';
const LOGIN_REFUSED = 'eQSL refused the user name or password. Check them in Settings.';
const nicknameRefused = (nickname: string | undefined) =>
  `eQSL has no QTH profile named "${nickname ?? ''}" for this account. The QTH nickname in Settings must match one of your eQSL QTH nicknames exactly.`;

const adifField = (name: string, value: string) => `<${name}:${adifLength(value)}>${value}`;

/** The ADIF with the credentials in its header and the QTH nickname in each record that lacks one. */
export function eqslUploadAdif(adifText: string, creds: EqslCredentials): string {
  const fields = `${adifField('EQSL_USER', creds.user)}\n${adifField('EQSL_PSWD', creds.password)}\n`;
  const eoh = /<eoh>/i.exec(adifText);
  const header = eoh ? `${adifText.slice(0, eoh.index)}${fields}<EOH>` : `HamLog upload to eQSL\n${fields}<EOH>\n`;
  let records = eoh ? adifText.slice(eoh.index + eoh[0].length) : adifText;
  if (creds.qthNickname) {
    const nickname = adifField('APP_EQSL_QTH_NICKNAME', creds.qthNickname);
    records = records.replace(/([\s\S]*?)<eor>/gi, (whole, body: string) => (/<APP_EQSL_QTH_NICKNAME:/i.test(body) ? whole : `${body}${nickname}<EOR>`));
  }
  return header + records;
}

/** The counts of an upload page. */
function countsOf(text: string): EqslCounts | undefined {
  const result = /Result:\s*(\d+)\s+out\s+of\s+(\d+)\s+records?\s+added/i.exec(text);
  if (!result) return undefined;
  const lines = text.split('\n').map((line) => line.trim());
  return {
    added: Number(result[1]),
    total: Number(result[2]),
    duplicates: lines.filter((line) => /Bad record:\s*Duplicate/i.test(line)).length,
    problems: lines.filter((line) => /^(Bad record|Warning|Error|Rejected)\b/i.test(line) && !/Bad record:\s*Duplicate/i.test(line)),
  };
}

/** The first 'Error: ...' line of a page. */
const errorLine = (text: string) => /Error:\s*([^\n]+)/i.exec(text)?.[1]?.trim();

export class EqslClient {
  private readonly baseUrl: string;
  private readonly http: ServiceHttpOptions;

  constructor(options: EqslClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? EQSL_BASE_URL;
    this.http = { timeoutMs: options.timeoutMs ?? 60_000, userAgent: options.userAgent ?? USER_AGENT };
  }

  /** Uploads an ADIF file of QSOs. A partly taken file is 'ok' with counts that say what was not. */
  async upload(creds: EqslCredentials, adifText: string): Promise<EqslUploadOutcome> {
    const body = multipart(
      { EQSL_USER: creds.user, EQSL_PSWD: creds.password },
      { Filename: { filename: 'hamlog.adi', content: eqslUploadAdif(adifText, creds), type: 'text/plain' } },
    );
    const answer = await request(serviceUrl(this.baseUrl, '/qslcard/ImportADIF.cfm'), { method: 'POST', body, accept: 'text/html, */*' }, this.http);
    if (!answer.answered) return unreachable('eQSL', answer);
    const trouble = serverTrouble('eQSL', answer.status);
    if (trouble) return trouble;
    const text = pageText(answer.text);
    if (/No match on eQSL_User\s*\/\s*eQSL_Pswd/i.test(text)) return authFailure(LOGIN_REFUSED);
    if (/No match on APP_EQSL_QTH_NICKNAME/i.test(text)) return authFailure(nicknameRefused(creds.qthNickname));
    const counts = countsOf(text);
    if (!counts) {
      const error = errorLine(text);
      if (error && answer.status === 200) return rejected(`eQSL refused the upload: ${error}`);
      return retry(`eQSL answered the upload with a page HamLog does not recognise (HTTP ${answer.status}); HamLog will try again later.`);
    }
    if (counts.total > 0 && counts.added === 0 && counts.duplicates >= counts.total) return { kind: 'duplicate', counts };
    if (counts.added === 0 && counts.total > 0) {
      const why = counts.problems[0] ?? errorLine(text) ?? 'no reason given';
      return { ...rejected(`eQSL did not take the QSO${counts.total > 1 ? 's' : ''}: ${why}`), counts };
    }
    return { kind: 'ok', counts };
  }

  /** The ADIF of the eQSLs received since a time (YYYYMMDDHHMM, UTC), or all; '' when there are none. */
  async downloadInbox(creds: EqslCredentials, rcvdSince?: string): Promise<Fetched<{ adif: string }>> {
    const url = serviceUrl(this.baseUrl, '/qslcard/DownloadInBox.cfm', {
      UserName: creds.user,
      Password: creds.password,
      QTHNickname: creds.qthNickname,
      RcvdSince: rcvdSince,
    });
    const page = await request(url, { method: 'GET', accept: 'text/html, */*' }, this.http);
    if (!page.answered) return unreachable('eQSL', page);
    const trouble = serverTrouble('eQSL', page.status);
    if (trouble) return trouble;
    const text = pageText(page.text);
    if (/No such Username\s*\/\s*Password found/i.test(text)) return authFailure(LOGIN_REFUSED);
    if (/You have no log entries/i.test(text)) return { kind: 'ok', adif: '' };
    const link = /href\s*=\s*["']?([^"'\s>]*downloadedfiles\/[^"'\s>]+\.adi)/i.exec(page.text)?.[1];
    if (!link) return this.pageFailure(text, creds);
    const file = await request(new URL(link, url), { method: 'GET', accept: 'text/plain, */*' }, this.http);
    if (!file.answered) return unreachable('eQSL', file);
    if (file.status !== 200) return serverTrouble('eQSL', file.status) ?? retry(`eQSL's inbox file could not be fetched (HTTP ${file.status}); HamLog will try again later.`);
    if (!/<eoh>|<eor>/i.test(file.text)) return retry("eQSL's inbox file is not ADIF; HamLog will try again later.");
    return { kind: 'ok', adif: file.text };
  }

  private pageFailure(text: string, creds: EqslCredentials): ServiceFailure {
    const error = errorLine(text);
    if (error && /QTH\s*Nickname/i.test(error)) return authFailure(nicknameRefused(creds.qthNickname));
    if (error) return rejected(`eQSL refused the inbox download: ${error}`);
    return retry('eQSL answered the inbox download with a page HamLog does not recognise; HamLog will try again later.');
  }
}
