/**
 * ARRL's Logbook of The World: the report of confirmed (or received) QSOs, lotwreport.adi, with
 * its cursors; and the upload of QSOs as a gzipped, signed .tq8 (lotw-tq8.ts, decision 0057).
 *
 * - Report: GET /lotwuser/lotwreport.adi with login, password, qso_query=1, qso_qsldetail=yes,
 *   qso_mydetail=yes, and qso_qsl=yes + qso_qslsince (confirmations) or qso_qsl=no + qso_qsorxsince
 *   (every QSO LoTW holds). The answer's header carries APP_LoTW_LASTQSL / APP_LoTW_LASTQSORX: the
 *   next call's `since`. LoTW's "since" is inclusive, so the last record comes again next time.
 *   A wrong login answers an HTML page instead of ADIF; a whole report ends with <APP_LoTW_EOF>.
 * - Upload: multipart POST /lotw/upload, field upfile. The page says `<!-- .UPL. accepted -->`
 *   or `<!-- .UPL. rejected -->`, with `<!-- .UPLMESSAGE. why -->`. LoTW answers nothing per QSO
 *   (nor about duplicates): a later qso_qsl=no report shows what it holds.
 */
import { gzipSync } from 'node:zlib';
import { openLotwCertificate } from './lotw-certificate';
import { buildTq8, lotwQsoProblem, type LotwQso, type LotwStation } from './lotw-tq8';
import { authFailure, isFailure, rejected, retry, serverTrouble, unreachable, type Fetched, type ServiceOutcome } from './outcome';
import { pageText } from './page-text';
import { multipart, request, serviceUrl, type ServiceHttpOptions } from './service-http';

export interface LotwClientOptions {
  /** LoTW's address (https://lotw.arrl.org). */
  baseUrl?: string;
  /** Per request (an upload of thousands of QSOs takes a while). */
  timeoutMs?: number;
  userAgent?: string;
  /** The clock certificates are checked against. */
  now?: () => Date;
}

export interface LotwReportQuery {
  login: string;
  password: string;
  /** The cursor from the last report (APP_LoTW_LASTQSL or APP_LoTW_LASTQSORX), or a date, 'YYYY-MM-DD[ HH:MM:SS]'. */
  since?: string;
  /** 'qsl': QSOs confirmed since; 'received': every QSO LoTW received since. */
  mode: 'qsl' | 'received';
  /** Only QSOs made as this one of the user's callsigns. */
  owncall?: string;
}

export type LotwReport = Fetched<{ adif: string; lastQsl?: string; lastQsoRx?: string; records: number }>;

export interface LotwCertificateFile {
  /** The .p12 TrustedQSL saves. */
  p12: Uint8Array;
  password: string;
}

export const LOTW_BASE_URL = 'https://lotw.arrl.org';
const USER_AGENT = 'HamLog/1.0 (LoTW sync)';
const LOGIN_REFUSED = 'LoTW refused the user name or password. Check them in Settings: they are your LoTW website login, not the certificate password.';

/** The value of a header field of an ADIF text (before <eoh>), by its length. */
function headerField(adif: string, name: string): string | undefined {
  const end = adif.search(/<eoh>/i);
  const header = end < 0 ? adif : adif.slice(0, end);
  const tag = new RegExp(`<${name}:(\\d+)(?::[a-z])?>`, 'i').exec(header);
  if (!tag) return undefined;
  const start = tag.index + tag[0].length;
  return header.slice(start, start + Number(tag[1])).trim() || undefined;
}

/** The upload page's verdict: `<!-- .UPL. accepted -->` and its `.UPLMESSAGE.`, or null for a page without one. */
function uploadVerdict(page: string): { accepted: boolean; message: string } | null {
  const status = /<!--\s*\.UPL\.\s*([^-]*?)\s*-->/i.exec(page);
  if (!status) return null;
  const message = /<!--\s*\.UPLMESSAGE\.\s*([\s\S]*?)\s*-->/i.exec(page)?.[1]?.trim() ?? '';
  return { accepted: /accepted/i.test(status[1]!), message };
}

export class LotwClient {
  private readonly baseUrl: string;
  private readonly http: ServiceHttpOptions;
  private readonly now: () => Date;

  constructor(options: LotwClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? LOTW_BASE_URL;
    this.http = { timeoutMs: options.timeoutMs ?? 120_000, userAgent: options.userAgent ?? USER_AGENT };
    this.now = options.now ?? (() => new Date());
  }

  async downloadReport(query: LotwReportQuery): Promise<LotwReport> {
    const confirmed = query.mode === 'qsl';
    const url = serviceUrl(this.baseUrl, '/lotwuser/lotwreport.adi', {
      login: query.login,
      password: query.password,
      qso_query: '1',
      qso_qsl: confirmed ? 'yes' : 'no',
      qso_qslsince: confirmed ? query.since : undefined,
      qso_qsorxsince: confirmed ? undefined : query.since,
      qso_owncall: query.owncall,
      qso_qsldetail: 'yes',
      qso_mydetail: 'yes',
    });
    const answer = await request(url, { method: 'GET', accept: 'text/plain, */*' }, this.http);
    if (!answer.answered) return unreachable('LoTW', answer);
    const trouble = serverTrouble('LoTW', answer.status);
    if (trouble) return trouble;
    if (answer.status !== 200) return retry(`LoTW answered the report request with HTTP ${answer.status}; HamLog will try again later.`);
    if (!/<eoh>/i.test(answer.text)) {
      const text = pageText(answer.text);
      if (/maintenance|temporarily|unavailable|try again later/i.test(text)) return retry(`LoTW is not serving reports right now ("${text.slice(0, 160)}"); HamLog will try again later.`);
      return authFailure(LOGIN_REFUSED);
    }
    if (!/<APP_LoTW_EOF>/i.test(answer.text)) return retry('LoTW\'s report was cut short; HamLog will ask again later.');
    return {
      kind: 'ok',
      adif: answer.text,
      lastQsl: headerField(answer.text, 'APP_LoTW_LASTQSL'),
      lastQsoRx: headerField(answer.text, 'APP_LoTW_LASTQSORX'),
      records: Number(headerField(answer.text, 'APP_LoTW_NUMREC') ?? (answer.text.match(/<eor>/gi) ?? []).length),
    };
  }

  /** Signs the QSOs with the user's certificate for one station location and uploads them as one .tq8. */
  async upload(qsos: readonly LotwQso[], station: LotwStation, certificateFile: LotwCertificateFile): Promise<ServiceOutcome> {
    if (qsos.length === 0) return { kind: 'ok' };
    for (const qso of qsos) {
      const problem = lotwQsoProblem(qso);
      if (problem) return rejected(problem);
    }
    const certificate = openLotwCertificate(certificateFile.p12, certificateFile.password, this.now());
    if (isFailure(certificate)) return certificate;
    const stationCall = station.callsign.trim().toUpperCase();
    if (certificate.callsign && certificate.callsign !== stationCall) {
      return authFailure(`Your LoTW certificate is for ${certificate.callsign}, but these QSOs were made as ${stationCall}. Upload the certificate for ${stationCall}.`);
    }
    let tq8: Uint8Array;
    try {
      tq8 = gzipSync(buildTq8(qsos, station, certificate));
    } catch {
      // E.g. a system crypto policy that forbids SHA-1 signatures: trying again will not help.
      return rejected('HamLog could not sign the QSOs with your LoTW certificate.');
    }
    return this.uploadTq8(tq8);
  }

  /** Uploads a gzipped .tq8 as it is. */
  async uploadTq8(tq8: Uint8Array): Promise<ServiceOutcome> {
    const body = multipart({}, { upfile: { filename: 'hamlog.tq8', content: tq8 } });
    const answer = await request(serviceUrl(this.baseUrl, '/lotw/upload'), { method: 'POST', body, accept: 'text/html, */*' }, this.http);
    if (!answer.answered) return unreachable('LoTW', answer);
    const trouble = serverTrouble('LoTW', answer.status);
    if (trouble) return trouble;
    const verdict = uploadVerdict(answer.text);
    if (!verdict) return retry(`LoTW answered the upload with a page HamLog does not recognise (HTTP ${answer.status}); HamLog will try again later.`);
    if (verdict.accepted) return { kind: 'ok' };
    return rejected(`LoTW rejected the upload${verdict.message ? `: ${verdict.message}` : '.'}`);
  }
}
