/**
 * A local stand-in for QRZ's Logbook API (https://logbook.qrz.com/api) speaking its documented
 * FETCH protocol (see qrz/qrz-logbook-client.ts and decision 0038), so the QRZ import is tested
 * without leaving the machine: form-encoded POST with KEY, ACTION and OPTION; unknown parameters
 * and options refused; BETWEEN, AFTERLOGID (>=), MAX, TYPE and ALL honoured; the answer's ADIF
 * last, with '<', '>' and '&' written as HTML entities.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeAdifRecord } from '@hamlog/domain';

export interface FakeQrzQso {
  /** QRZ's record id; given in increasing order when omitted. */
  logid?: number;
  /** ADIF fields, e.g. { CALL: 'DL1ABC', QSO_DATE: '20261120', TIME_ON: '1830', BAND: '20m', MODE: 'FT8' }. */
  fields: Record<string, string>;
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
  close(): Promise<void>;
}

const PARAMETERS = new Set(['KEY', 'ACTION', 'OPTION', 'ADIF', 'LOGIDS']);
const OPTIONS = new Set(['ALL', 'BETWEEN', 'AFTERLOGID', 'MAX', 'TYPE', 'STATUS', 'BAND', 'MODE', 'CALL', 'MODSINCE', 'DXCC', 'LOGIDS']);

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
    book.push({ logid, fields: qso.fields });
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
    const after = opts.AFTERLOGID === undefined ? 0 : Number(opts.AFTERLOGID);
    const max = opts.MAX === undefined ? Number.POSITIVE_INFINITY : Number(opts.MAX);
    if (!Number.isInteger(after) || after < 0 || !(max === Number.POSITIVE_INFINITY || (Number.isInteger(max) && max >= 0))) {
      return answer({ RESULT: 'FAIL', REASON: 'invalid AFTERLOGID or MAX' });
    }
    const type = (opts.TYPE ?? 'ADIF').toUpperCase();
    if (type !== 'ADIF' && type !== 'LOGIDS') return answer({ RESULT: 'FAIL', REASON: `invalid TYPE: ${opts.TYPE}` });
    const matching = book
      .filter((q) => q.logid >= after)
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
      else if (form.ACTION !== 'FETCH') text = answer({ RESULT: 'FAIL', REASON: `unsupported ACTION: ${form.ACTION ?? ''}` });
      else if (parseOptions(form.OPTION ?? '') === null) text = answer({ RESULT: 'FAIL', REASON: `invalid option: ${form.OPTION ?? ''}` });
      else text = fetchAnswer(form.KEY, opts);
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    misbehave: (next) => {
      misbehaviour = next;
    },
    add,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
