/**
 * Club Log: one QSO as it happens (realtime.php), a backlog file (putlogs.php; Club Log asks that
 * it never carry single QSOs) and the QSOs Club Log matched (getmatches.php).
 *
 * Answers: 200 is taken (a duplicate says so in the text); 400 is a refusal with Club Log's reason;
 * 403 means the email, application password, callsign or API key were refused, and Club Log
 * blocks the address of a client that keeps trying, so it is 'blocked': stop at once; 5xx: later.
 */
import { blocked, rejected, retry, serverTrouble, unreachable, type Fetched, type ServiceFailure, type ServiceOutcome } from './outcome';
import { pageText } from './page-text';
import { form, multipart, request, serviceUrl, type HttpAnswer, type ServiceHttpOptions } from './service-http';

export interface ClubLogCredentials {
  email: string;
  /** The Club Log application password (not the website password). */
  password: string;
  callsign: string;
  /** HamLog's developer API key. */
  apiKey: string;
}

export interface ClubLogMatch {
  call: string;
  dxcc: number;
  /** UTC, ISO 8601. */
  at: string;
  band: string;
  mode: string;
}

export interface ClubLogClientOptions {
  /** Club Log's address (https://clublog.org). */
  baseUrl?: string;
  timeoutMs?: number;
  userAgent?: string;
}

export const CLUBLOG_BASE_URL = 'https://clublog.org';
const USER_AGENT = 'HamLog/1.0 (Club Log sync)';
const DUPLICATE = /\bdupe\b|duplicate/i;
const BLOCKED =
  'Club Log refused the email, application password, callsign or API key (HTTP 403). HamLog has stopped sending to Club Log for this account: ' +
  'check the Club Log settings (an application password is needed, not the website password). Retrying now would get uploads blocked for an hour.';

/** The text Club Log put in a refusal, short and readable. */
function reasonOf(answer: HttpAnswer): string {
  const text = /<[a-z!][^>]*>/i.test(answer.text) ? pageText(answer.text) : answer.text.trim();
  return text.slice(0, 300) || 'no reason given';
}

/** A non-2xx answer as an outcome. */
function failureOf(answer: HttpAnswer): ServiceFailure {
  if (answer.status === 403) return blocked(BLOCKED);
  const trouble = serverTrouble('Club Log', answer.status);
  if (trouble) return trouble;
  return rejected(`Club Log refused it: ${reasonOf(answer)}`);
}

export class ClubLogClient {
  private readonly baseUrl: string;
  private readonly http: ServiceHttpOptions;

  constructor(options: ClubLogClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? CLUBLOG_BASE_URL;
    this.http = { timeoutMs: options.timeoutMs ?? 20_000, userAgent: options.userAgent ?? USER_AGENT };
  }

  private fields(creds: ClubLogCredentials): Record<string, string> {
    return { email: creds.email, password: creds.password, callsign: creds.callsign, api: creds.apiKey };
  }

  /** One QSO (one ADIF record), as it is logged. */
  async realtime(creds: ClubLogCredentials, adifRecord: string): Promise<ServiceOutcome> {
    const body = form({ ...this.fields(creds), adif: adifRecord });
    const answer = await request(serviceUrl(this.baseUrl, '/realtime.php'), { method: 'POST', body }, this.http);
    if (!answer.answered) return unreachable('Club Log', answer);
    if (answer.status !== 200) return failureOf(answer);
    return DUPLICATE.test(answer.text) ? { kind: 'duplicate' } : { kind: 'ok' };
  }

  /** A backlog, as an ADIF file; `clear` replaces the whole Club Log log with it. Club Log processes it a minute or so later. */
  async putlogs(creds: ClubLogCredentials, adifText: string, options: { clear?: boolean } = {}): Promise<ServiceOutcome> {
    const body = multipart(
      { ...this.fields(creds), clear: options.clear ? '1' : undefined },
      { file: { filename: 'hamlog.adi', content: adifText, type: 'text/plain' } },
    );
    const answer = await request(serviceUrl(this.baseUrl, '/putlogs.php'), { method: 'POST', body }, this.http);
    if (!answer.answered) return unreachable('Club Log', answer);
    if (answer.status !== 200) return failureOf(answer);
    return { kind: 'ok' };
  }

  /** The QSOs Club Log matched with the other station's log, since a day (yyyy-mm-dd) when given. */
  async getMatches(creds: ClubLogCredentials, since?: string): Promise<Fetched<{ matches: ClubLogMatch[] }>> {
    const day = since ? /^(\d{4})-(\d{2})-(\d{2})/.exec(since) : null;
    const url = serviceUrl(this.baseUrl, '/getmatches.php', {
      ...this.fields(creds),
      startyear: day?.[1],
      startmonth: day ? String(Number(day[2])) : undefined,
      startday: day ? String(Number(day[3])) : undefined,
    });
    const answer = await request(url, { method: 'GET', accept: 'application/json' }, this.http);
    if (!answer.answered) return unreachable('Club Log', answer);
    if (answer.status !== 200) return failureOf(answer);
    let rows: unknown;
    try {
      rows = JSON.parse(answer.text);
    } catch {
      return retry('Club Log sent matches HamLog could not read; HamLog will try again later.');
    }
    if (!Array.isArray(rows)) return retry('Club Log sent matches HamLog could not read; HamLog will try again later.');
    const matches: ClubLogMatch[] = [];
    for (const row of rows) {
      if (!Array.isArray(row) || row.length < 5) continue;
      const [call, dxcc, when, band, mode] = row as unknown[];
      const at = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(String(when));
      if (typeof call !== 'string' || !at) continue;
      matches.push({ call: call.toUpperCase(), dxcc: Number(dxcc), at: `${at[1]}T${at[2]}Z`, band: String(band), mode: String(mode).toUpperCase() });
    }
    return { kind: 'ok', matches };
  }
}
