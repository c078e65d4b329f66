/**
 * A local stand-in for QRZ's Logbook API (https://logbook.qrz.com/api) speaking its documented
 * protocol (see qrz/qrz-logbook-client.ts and decision 0038), so the QRZ import and sync are tested
 * without leaving the machine: form-encoded POST with KEY, ACTION and OPTION; unknown parameters
 * and options refused. FETCH honours BETWEEN, MODSINCE, STATUS:CONFIRMED, AFTERLOGID (>=), MAX,
 * TYPE and ALL, the answer's ADIF last, with '<', '>' and '&' written as HTML entities. INSERT adds
 * one record (RESULT=OK&LOGID), refuses a duplicate (same call, date, minute, band and mode) with
 * QRZ's 'duplicate' REASON, and overwrites it with OPTION=REPLACE (RESULT=REPLACE). STATUS reports
 * the logbook's counts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAdif, writeAdifRecord } from '@hamlog/domain';

export interface FakeQrzQso {
  /** QRZ's record id; given in increasing order when omitted. */
  logid?: number;
  /** ADIF fields, e.g. { CALL: 'DL1ABC', QSO_DATE: '20261120', TIME_ON: '1830', BAND: '20m', MODE: 'FT8' }. */
  fields: Record<string, string>;
  /** When QRZ last changed the record (yyyy-mm-dd, what MODSINCE compares); today when omitted. */
  modified?: string;
}

export interface FakeQrzRequest {
  form: Record<string, string>;
  options: Record<string, string>;
  userAgent: string | undefined;
}

export interface FakeQrzOptions {
  /** Each valid key and its logbook. */
  logbooks: Record<string, FakeQrzQso[]>;
  /** How a wrong key is answered: RESULT=AUTH (default) or RESULT=FAIL with an 'invalid api key' REASON. */
  wrongKey?: 'auth' | 'fail';
  /** Also form-encode the ADIF value (an older answer shape the client must still read). */
  formEncodeAdif?: boolean;
}

export type Misbehaviour = { status: number; body?: string } | { hangMs: number };

export interface FakeQrzLogbook {
  url: string;
  /** Every request, in order. */
  readonly requests: FakeQrzRequest[];
  /** Answer the next requests with this status and body (e.g. 503, or 200 with a page that is not QRZ's), or hang this many ms; null to serve again. */
  misbehave(next: Misbehaviour | null): void;
  add(key: string, qso: FakeQrzQso): void;
  /** The logbook as QRZ holds it (inserted records included), or undefined for an unknown key. */
  logbook(key: string): readonly Required<FakeQrzQso>[] | undefined;
  /** The other station confirmed: the record with this logid gets APP_QRZLOG_STATUS=C, the QSL date and `on` as its modified date. */
  confirm(key: string, logid: number, on: string): void;
  /** `${baseUrl}/api` is `url`: for clients configured with the service's address. */
  baseUrl: string;
  close(): Promise<void>;
}

const PARAMETERS = new Set(['KEY', 'ACTION', 'OPTION', 'ADIF', 'LOGIDS']);
const OPTIONS = new Set(['ALL', 'BETWEEN', 'AFTERLOGID', 'MAX', 'TYPE', 'STATUS', 'BAND', 'MODE', 'CALL', 'MODSINCE', 'DXCC', 'LOGIDS', 'REPLACE']);
const ACTIONS = new Set(['FETCH', 'INSERT', 'STATUS']);
const today = () => new Date().toISOString().slice(0, 10);
/** QRZ's duplicate rule as the sync sees it: same call, date, minute, band and mode. */
const dupeKey = (f: Record<string, string>) =>
  [f.CALL, f.QSO_DATE, (f.TIME_ON ?? '').slice(0, 4), f.BAND, f.MODE].map((v) => (v ?? '').toUpperCase()).join('|');

function answer(pairs: Record<string, string | number>, adif?: string): string {
  const head = Object.entries(pairs).map(([name, value]) => `${name}=${encodeURIComponent(String(value)).replace(/%20/g, '+')}`);
  return adif === undefined ? head.join('&') : [...head, `ADIF=${adif}`].join('&');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** OPTION: NAME:VALUE pairs separated by ',' or ';' (BETWEEN's dates joined by '+'). */
function parseOptions(option: string): Record<string, string> | null {
  const options: Record<string, string> = {};
  for (const part of option.split(/[,;]/).map((p) => p.trim()).filter(Boolean)) {
    const colon = part.indexOf(':');
    const name = (colon < 0 ? part : part.slice(0, colon)).toUpperCase();
    if (!OPTIONS.has(name)) return null;
    options[name] = colon < 0 ? '' : part.slice(colon + 1);
  }
  return options;
}

const isoDate = (adifDate: string) => `${adifDate.slice(0, 4)}-${adifDate.slice(4, 6)}-${adifDate.slice(6, 8)}`;

export async function startFakeQrzLogbook(options: FakeQrzOptions): Promise<FakeQrzLogbook> {
  const logbooks = new Map<string, Required<FakeQrzQso>[]>();
  let nextLogId = 1_000_000;
  const add = (key: string, qso: FakeQrzQso) => {
    const book = logbooks.get(key) ?? [];
    const logid = qso.logid ?? (nextLogId += 7);
    book.push({ logid, fields: qso.fields, modified: qso.modified ?? today() });
    logbooks.set(key, book);
  };
  for (const [key, qsos] of Object.entries(options.logbooks)) {
    logbooks.set(key, []);
    for (const qso of qsos) add(key, qso);
  }
  const requests: FakeQrzRequest[] = [];
  let misbehaviour: Misbehaviour | null = null;

  function fetchAnswer(key: string, opts: Record<string, string>): string {
    const book = logbooks.get(key);
    if (!book) return options.wrongKey === 'fail' ? answer({ RESULT: 'FAIL', REASON: 'invalid api key' }) : answer({ RESULT: 'AUTH', REASON: 'invalid api key' });
    if (opts.ALL !== undefined && Object.keys(opts).some((name) => !['ALL', 'TYPE', 'STATUS'].includes(name))) {
      return answer({ RESULT: 'FAIL', REASON: 'ALL may only be combined with TYPE and STATUS' });
    }
    let from = '';
    let to = '9999-99-99';
    if (opts.BETWEEN !== undefined) {
      const dates = /^(\d{4}-\d{2}-\d{2})\+(\d{4}-\d{2}-\d{2})$/.exec(opts.BETWEEN);
      if (!dates) return answer({ RESULT: 'FAIL', REASON: `invalid BETWEEN value: ${opts.BETWEEN}` });
      [from, to] = [dates[1]!, dates[2]!];
    }
    const modSince = opts.MODSINCE ?? '';
    if (modSince && !/^\d{4}-\d{2}-\d{2}$/.test(modSince)) return answer({ RESULT: 'FAIL', REASON: `invalid MODSINCE value: ${modSince}` });
    const status = (opts.STATUS ?? 'ALL').toUpperCase();
    if (!['ALL', 'CONFIRMED'].includes(status)) return answer({ RESULT: 'FAIL', REASON: `invalid STATUS: ${opts.STATUS}` });
    const after = opts.AFTERLOGID === undefined ? 0 : Number(opts.AFTERLOGID);
    const max = opts.MAX === undefined ? Number.POSITIVE_INFINITY : Number(opts.MAX);
    if (!Number.isInteger(after) || after < 0 || !(max === Number.POSITIVE_INFINITY || (Number.isInteger(max) && max >= 0))) {
      return answer({ RESULT: 'FAIL', REASON: 'invalid AFTERLOGID or MAX' });
    }
    const type = (opts.TYPE ?? 'ADIF').toUpperCase();
    if (type !== 'ADIF' && type !== 'LOGIDS') return answer({ RESULT: 'FAIL', REASON: `invalid TYPE: ${opts.TYPE}` });
    const matching = book
      .filter((q) => q.logid >= after && q.modified >= modSince)
      .filter((q) => status === 'ALL' || q.fields.APP_QRZLOG_STATUS === 'C')
      .filter((q) => {
        const date = isoDate(q.fields.QSO_DATE ?? '');
        return date >= from && date <= to;
      })
      .sort((a, b) => a.logid - b.logid);
    if (matching.length === 0) return answer({ RESULT: 'FAIL', REASON: 'no log entries found', COUNT: 0 });
    const page = matching.slice(0, max);
    const logIds = page.map((q) => q.logid).join(',');
    if (type === 'LOGIDS' || page.length === 0) return answer({ RESULT: 'OK', COUNT: matching.length, LOGIDS: logIds });
    const adif = page.map((q) => writeAdifRecord({ ...q.fields, APP_QRZLOG_LOGID: String(q.logid) })).join('');
    const escaped = escapeHtml(adif);
    return answer({ RESULT: 'OK', COUNT: matching.length, LOGIDS: logIds }, options.formEncodeAdif ? encodeURIComponent(escaped) : escaped);
  }

  function insertAnswer(key: string, adif: string, replace: boolean): string {
    const book = logbooks.get(key);
    if (!book) return options.wrongKey === 'fail' ? answer({ RESULT: 'FAIL', REASON: 'invalid api key' }) : answer({ RESULT: 'AUTH', REASON: 'invalid api key' });
    const records = readAdif(adif).records;
    if (records.length !== 1) return answer({ RESULT: 'FAIL', REASON: `expected one ADIF record, got ${records.length}`, EXTENDED: '' });
    const fields = records[0]!.fields;
    const missing = ['CALL', 'QSO_DATE', 'TIME_ON', 'BAND', 'MODE'].filter((name) => !fields[name]);
    if (missing.length > 0) return answer({ RESULT: 'FAIL', REASON: `missing required field(s): ${missing.join(', ')}`, EXTENDED: '' });
    const existing = book.find((q) => dupeKey(q.fields) === dupeKey(fields));
    if (existing && !replace) return answer({ RESULT: 'FAIL', REASON: 'Unable to add QSO to database: duplicate', EXTENDED: '' });
    if (existing) {
      existing.fields = { ...fields, APP_QRZLOG_LOGID: String(existing.logid) };
      existing.modified = today();
      return answer({ RESULT: 'REPLACE', LOGID: existing.logid, COUNT: 1 });
    }
    add(key, { fields });
    return answer({ RESULT: 'OK', LOGID: book.at(-1)!.logid, COUNT: 1 });
  }

  function statusAnswer(key: string): string {
    const book = logbooks.get(key);
    if (!book) return options.wrongKey === 'fail' ? answer({ RESULT: 'FAIL', REASON: 'invalid api key' }) : answer({ RESULT: 'AUTH', REASON: 'invalid api key' });
    const confirmed = book.filter((q) => q.fields.APP_QRZLOG_STATUS === 'C').length;
    const data = new URLSearchParams({ BOOKID: '1', CALLSIGN: book[0]?.fields.STATION_CALLSIGN ?? '', COUNT: String(book.length), CONFIRMED: String(confirmed) });
    return answer({ RESULT: 'OK', DATA: data.toString() });
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const now = misbehaviour;
      if (now && 'hangMs' in now) await new Promise((resolve) => setTimeout(resolve, now.hangMs));
      if (now && 'status' in now) {
        res.writeHead(now.status, { 'content-type': 'text/html' }).end(now.body ?? '<html><body>Service Unavailable</body></html>');
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      const opts = parseOptions(form.OPTION ?? '') ?? {};
      requests.push({ form, options: opts, userAgent: req.headers['user-agent'] });
      let text: string;
      if (req.method !== 'POST') text = answer({ RESULT: 'FAIL', REASON: 'POST required' });
      else if (Object.keys(form).some((name) => !PARAMETERS.has(name))) text = answer({ RESULT: 'FAIL', REASON: 'unrecognized parameter' });
      else if (!form.KEY) text = answer({ RESULT: 'AUTH', REASON: 'missing KEY' });
      else if (!ACTIONS.has(form.ACTION ?? '')) text = answer({ RESULT: 'FAIL', REASON: `unsupported ACTION: ${form.ACTION ?? ''}` });
      else if (parseOptions(form.OPTION ?? '') === null) text = answer({ RESULT: 'FAIL', REASON: `invalid option: ${form.OPTION ?? ''}` });
      else if (form.ACTION === 'INSERT') text = insertAnswer(form.KEY, form.ADIF ?? '', opts.REPLACE !== undefined);
      else if (form.ACTION === 'STATUS') text = statusAnswer(form.KEY);
      else text = fetchAnswer(form.KEY, opts);
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    misbehave: (next) => {
      misbehaviour = next;
    },
    add,
    logbook: (key) => logbooks.get(key),
    confirm: (key, logid, on) => {
      const qso = logbooks.get(key)?.find((q) => q.logid === logid);
      if (!qso) throw new Error(`no QSO ${logid} in logbook ${key}`);
      qso.fields = { ...qso.fields, APP_QRZLOG_STATUS: 'C', APP_QRZLOG_QSLDATE: on.replace(/-/g, '') };
      qso.modified = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
