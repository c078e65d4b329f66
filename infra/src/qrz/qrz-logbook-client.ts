/**
 * A client of QRZ's Logbook API (https://logbook.qrz.com/api, decision 0038): FETCH for the import;
 * confirmations/qrz-logbook-sync-client.ts sends INSERT and STATUS through call().
 *
 * The protocol, as QRZ documents it and the clients in use read it:
 * - request: POST, application/x-www-form-urlencoded, KEY (the logbook's access key), ACTION=FETCH,
 *   OPTION = comma-separated NAME:VALUE pairs, here BETWEEN:yyyy-mm-dd+yyyy-mm-dd (QSO dates,
 *   inclusive), MAX:n (page size), AFTERLOGID:n (records whose logid is >= n) and TYPE:ADIF;
 *   an identifying User-Agent is required.
 * - answer: name=value pairs joined by '&': RESULT (OK, FAIL, AUTH), COUNT (all matches, whatever
 *   MAX), LOGIDS (comma-separated, this page's), REASON (form-encoded text), and last ADIF, the
 *   page's records with '<' and '>' written as HTML entities (&lt; &gt;), not form-encoded.
 * - paging: ask MAX records from AFTERLOGID:0; while a page is full, ask again from one more
 *   than its highest logid.
 * - 'no log entries found' is an empty result, not a failure.
 */

import { request as httpRequest, seconds } from '../confirmations/service-http';

/** What went wrong, in terms the caller turns into a message: the key, QRZ's refusal, the network, or the answer. */
export type QrzFailure = 'auth' | 'refused' | 'unreachable' | 'unreadable';

export class QrzLogbookError extends Error {
  constructor(
    readonly failure: QrzFailure,
    /** QRZ's REASON (refused, auth) or what happened (unreachable, unreadable). */
    readonly reason: string,
  ) {
    super(`QRZ Logbook ${failure}: ${reason}`);
    this.name = 'QrzLogbookError';
  }
}

export interface QrzFetchWindow {
  /** First and last QSO date (UTC, yyyy-mm-dd), both included. */
  from: string;
  to: string;
}

export interface QrzLogbookClientOptions {
  /** The API's address (Config.qrzLogbookUrl). */
  url: string;
  /** Records per request. */
  pageSize?: number;
  /** Per request. */
  timeoutMs?: number;
  /** A bound on requests per fetch, so a server that never stops paging cannot hold an import forever. */
  maxPages?: number;
  userAgent?: string;
}

export interface QrzFetchResult {
  /** The pages' ADIF, decoded, in the order QRZ sent them. */
  adifPages: string[];
  requests: number;
}

export const QRZ_PAGE_SIZE = 250;
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_PAGES = 400;
const USER_AGENT = 'HamLog/1.0 (QRZ Logbook import)';
/** The REASON QRZ gives when nothing matches. */
const NOTHING_FOUND = /no log entries found/i;
/** REASONs of a FAIL that mean the key itself is wrong (QRZ answers some with FAIL rather than AUTH). */
export const KEY_REJECTED = /invalid.*key|key.*(invalid|not valid|not found)|access key|api key/i;

/** QRZ's name=value answer: every pair before ADIF form-decoded; ADIF (always last) taken whole. */
export function parseQrzAnswer(body: string): { params: Record<string, string>; adif: string | null } {
  const at = /(^|&)ADIF=/.exec(body);
  const head = at ? body.slice(0, at.index) : body;
  const params: Record<string, string> = {};
  for (const pair of head.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    params[pair.slice(0, eq).trim().toUpperCase()] = formDecode(pair.slice(eq + 1)).trim();
  }
  return { params, adif: at ? decodeQrzAdif(body.slice(at.index + at[0].length)) : null };
}

function formDecode(value: string): string {
  const spaced = value.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** HTML entities back to text, in one pass (so '&amp;lt;' is '&lt;', as it was written). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The ADIF value as QRZ sends it: HTML entities. Some proxies and older answers form-encode it as
 * well ('%26lt%3B'); that is undone first, but only when no tag is readable as sent, so a '%' in
 * a comment is never decoded by mistake.
 */
export function decodeQrzAdif(value: string): string {
  const readable = /<|&lt;/i.test(value);
  const formEncoded = !readable && /%3C|%26lt%3B/i.test(value);
  return decodeHtmlEntities(formEncoded ? formDecode(value) : value);
}

/** The highest logid of a page: LOGIDS when QRZ sent it, else each record's APP_QRZLOG_LOGID. */
function highestLogId(logIds: string | undefined, adif: string): number | null {
  const ids = logIds ? logIds.split(/[,\s]+/) : [...adif.matchAll(/<APP_QRZLOG_LOGID:\d+(?::[a-z])?>\s*(\d+)/gi)].map((m) => m[1]!);
  let highest: number | null = null;
  for (const id of ids) {
    const n = Number(id);
    if (Number.isSafeInteger(n) && n >= 0 && (highest === null || n > highest)) highest = n;
  }
  return highest;
}

function recordCount(adif: string): number {
  return (adif.match(/<eor>/gi) ?? []).length;
}

export class QrzLogbookClient {
  private readonly pageSize: number;
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  private readonly userAgent: string;

  constructor(private readonly options: QrzLogbookClientOptions) {
    this.pageSize = options.pageSize ?? QRZ_PAGE_SIZE;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    this.userAgent = options.userAgent ?? USER_AGENT;
  }

  /** Every QSO of the key's logbook dated within the window, page by page. */
  fetchBetween(key: string, window: QrzFetchWindow): Promise<QrzFetchResult> {
    return this.fetchPages(key, [`BETWEEN:${window.from}+${window.to}`]);
  }

  /** Every QSO of the key's logbook the OPTION filters (e.g. 'MODSINCE:2026-11-01', 'STATUS:CONFIRMED') select, page by page. */
  async fetchPages(key: string, filters: readonly string[]): Promise<QrzFetchResult> {
    const adifPages: string[] = [];
    let afterLogId = 0;
    for (let request = 1; request <= this.maxPages; request += 1) {
      const option = [...filters, `MAX:${this.pageSize}`, `AFTERLOGID:${afterLogId}`, 'TYPE:ADIF'].join(',');
      const { params, adif } = await this.call({ KEY: key, ACTION: 'FETCH', OPTION: option });
      const result = (params.RESULT ?? '').toUpperCase();
      const reason = params.REASON ?? '';
      if (result === 'AUTH') throw new QrzLogbookError('auth', reason || 'the key was not accepted');
      if (result === 'FAIL' && NOTHING_FOUND.test(reason)) return { adifPages, requests: request };
      if (result === 'FAIL') throw new QrzLogbookError(KEY_REJECTED.test(reason) ? 'auth' : 'refused', reason || 'no reason given');
      if (result !== 'OK') throw new QrzLogbookError('unreadable', `RESULT=${params.RESULT ?? '(none)'}`);
      const page = adif ?? '';
      const records = recordCount(page);
      if (records > 0) adifPages.push(page);
      if (records < this.pageSize) return { adifPages, requests: request };
      const highest = highestLogId(params.LOGIDS, page);
      if (highest === null || highest < afterLogId) throw new QrzLogbookError('unreadable', 'a full page without logids to continue from');
      afterLogId = highest + 1;
    }
    throw new QrzLogbookError('unreadable', `more than ${this.maxPages * this.pageSize} QSOs in the window`);
  }

  /** One request: QRZ's answer read, or a QrzLogbookError for no answer, an HTTP error or an answer without RESULT. */
  async call(fields: Record<string, string>): Promise<ReturnType<typeof parseQrzAnswer>> {
    const answer = await httpRequest(
      this.options.url,
      { method: 'POST', body: new URLSearchParams(fields), accept: 'text/plain, */*' },
      { timeoutMs: this.timeoutMs, userAgent: this.userAgent },
    );
    if (!answer.answered) throw new QrzLogbookError('unreachable', answer.failure === 'timeout' ? `no answer within ${seconds(this.timeoutMs)}` : 'the connection failed');
    if (answer.status < 200 || answer.status > 299) throw new QrzLogbookError('unreachable', `HTTP ${answer.status}`);
    const parsed = parseQrzAnswer(answer.text.trim());
    // Some answers to a wrong key carry STATUS=AUTH and no RESULT.
    if (!parsed.params.RESULT && parsed.params.STATUS?.toUpperCase() === 'AUTH') throw new QrzLogbookError('auth', parsed.params.REASON || 'the key was not accepted');
    if (!parsed.params.RESULT) throw new QrzLogbookError('unreadable', 'no RESULT in the answer');
    return parsed;
  }
}
