import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAdif } from '@hamlog/domain';
import { decodeQrzAdif, parseQrzAnswer, QrzLogbookClient, QrzLogbookError } from '../src/qrz/qrz-logbook-client';
import { startFakeQrzLogbook, type FakeQrzLogbook } from '../src/testing/fake-qrz-logbook';

const KEY = 'ABCD-0A0B-1C1D-2E2F';
const WINDOW = { from: '2026-11-09', to: '2026-11-23' };

const qso = (call: string, date: string, extra: Record<string, string> = {}) => ({
  fields: { CALL: call, QSO_DATE: date, TIME_ON: '1830', BAND: '20m', MODE: 'FT8', STATION_CALLSIGN: 'W1AW', ...extra },
});

const records = (pages: string[]) => pages.flatMap((page) => readAdif(page).records.map((r) => r.fields));

async function failure(promise: Promise<unknown>): Promise<QrzLogbookError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QrzLogbookError);
  return error as QrzLogbookError;
}

describe('parseQrzAnswer (QRZ name=value answers)', () => {
  it('form-decodes the pairs and takes ADIF, the last one, whole with its entities decoded', () => {
    const body = 'RESULT=OK&COUNT=2&LOGIDS=7%2C9&ADIF=&lt;call:4&gt;W1AW&lt;comment:11&gt;R&amp;R a=b&c&lt;eor&gt;\n';
    const { params, adif } = parseQrzAnswer(body);
    expect(params).toEqual({ RESULT: 'OK', COUNT: '2', LOGIDS: '7,9' });
    expect(adif).toBe('<call:4>W1AW<comment:11>R&R a=b&c<eor>\n');
  });

  it('reads a REASON written with + and %-escapes, and an answer without ADIF', () => {
    expect(parseQrzAnswer('RESULT=FAIL&REASON=Unable+to+add+QSO%3A+duplicate&EXTENDED=')).toEqual({
      params: { RESULT: 'FAIL', REASON: 'Unable to add QSO: duplicate', EXTENDED: '' },
      adif: null,
    });
  });

  it('decodes entities once, numeric ones too, and form-decodes only an ADIF that has no readable tag', () => {
    expect(decodeQrzAdif('&lt;NAME:4&gt;Jos&#233;&lt;COMMENT:4&gt;&amp;lt;&lt;eor&gt;')).toBe('<NAME:4>José<COMMENT:4>&lt;<eor>');
    expect(decodeQrzAdif('%26lt%3Bcall%3A4%26gt%3BW1AW%26lt%3Beor%26gt%3B')).toBe('<call:4>W1AW<eor>');
    expect(decodeQrzAdif('&lt;COMMENT:8&gt;50%3C100&lt;eor&gt;')).toBe('<COMMENT:8>50%3C100<eor>');
  });
});

describe('QrzLogbookClient against a local QRZ Logbook API', () => {
  let fake: FakeQrzLogbook;

  beforeAll(async () => {
    fake = await startFakeQrzLogbook({ logbooks: { [KEY]: [] } });
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.misbehave(null);
  });

  it('pages with MAX and AFTERLOGID (one more than the highest logid) until a page is short', async () => {
    const book = 'PAGING-KEY';
    for (let i = 0; i < 8; i += 1) fake.add(book, { logid: 100 + i * 10, ...qso(`DL${i}ABC`, '20261115') });
    const client = new QrzLogbookClient({ url: fake.url, pageSize: 3 });
    const result = await client.fetchBetween(book, WINDOW);
    expect(records(result.adifPages).map((r) => r.CALL)).toEqual(['DL0ABC', 'DL1ABC', 'DL2ABC', 'DL3ABC', 'DL4ABC', 'DL5ABC', 'DL6ABC', 'DL7ABC']);
    expect(result.requests).toBe(3);
    expect(fake.requests.map((r) => r.form.OPTION)).toEqual([
      'BETWEEN:2026-11-09+2026-11-23,MAX:3,AFTERLOGID:0,TYPE:ADIF',
      'BETWEEN:2026-11-09+2026-11-23,MAX:3,AFTERLOGID:121,TYPE:ADIF',
      'BETWEEN:2026-11-09+2026-11-23,MAX:3,AFTERLOGID:151,TYPE:ADIF',
    ]);
    expect(fake.requests[0]).toMatchObject({ form: { KEY: book, ACTION: 'FETCH' } });
    expect(fake.requests[0]!.userAgent).toMatch(/^HamLog\//);
  });

  it('stops after a full last page when the next one finds no entries', async () => {
    const book = 'EXACT-KEY';
    for (let i = 0; i < 4; i += 1) fake.add(book, qso(`G${i}XYZ`, '20261110'));
    const result = await new QrzLogbookClient({ url: fake.url, pageSize: 2 }).fetchBetween(book, WINDOW);
    expect(records(result.adifPages)).toHaveLength(4);
    expect(result.requests).toBe(3);
  });

  it('asks for the window only; QSOs dated outside it are not sent', async () => {
    const book = 'WINDOW-KEY';
    fake.add(book, qso('OLD1', '20261108'));
    fake.add(book, qso('FIRST', '20261109'));
    fake.add(book, qso('LAST', '20261123'));
    fake.add(book, qso('LATER', '20261124'));
    const result = await new QrzLogbookClient({ url: fake.url }).fetchBetween(book, WINDOW);
    expect(records(result.adifPages).map((r) => r.CALL)).toEqual(['FIRST', 'LAST']);
  });

  it('keeps every character: entities, accents, ampersands and angle brackets in values', async () => {
    const book = 'TEXT-KEY';
    fake.add(book, qso('F4ABC', '20261120', { NAME: 'José Müller', COMMENT: 'R&R <3 "73" ñ', QTH: 'Zürich' }));
    const result = await new QrzLogbookClient({ url: fake.url }).fetchBetween(book, WINDOW);
    expect(records(result.adifPages)[0]).toMatchObject({ NAME: 'José Müller', COMMENT: 'R&R <3 "73" ñ', QTH: 'Zürich', APP_QRZLOG_LOGID: expect.stringMatching(/^\d+$/) });
  });

  it('reads an ADIF value that was form-encoded as well', async () => {
    const other = await startFakeQrzLogbook({ logbooks: { [KEY]: [qso('K1JT', '20261112', { COMMENT: 'a & b < c' })] }, formEncodeAdif: true });
    try {
      const result = await new QrzLogbookClient({ url: other.url }).fetchBetween(KEY, WINDOW);
      expect(records(result.adifPages)[0]).toMatchObject({ CALL: 'K1JT', COMMENT: 'a & b < c' });
    } finally {
      await other.close();
    }
  });

  it('an empty window is no QSOs, in one request', async () => {
    const result = await new QrzLogbookClient({ url: fake.url }).fetchBetween(KEY, WINDOW);
    expect(result).toEqual({ adifPages: [], requests: 1 });
  });

  it('a wrong key is an auth failure, whether QRZ answers AUTH or FAIL with its reason', async () => {
    const auth = await failure(new QrzLogbookClient({ url: fake.url }).fetchBetween('WRONG', WINDOW));
    expect(auth).toMatchObject({ failure: 'auth', reason: 'invalid api key' });
    const other = await startFakeQrzLogbook({ logbooks: {}, wrongKey: 'fail' });
    try {
      expect(await failure(new QrzLogbookClient({ url: other.url }).fetchBetween('WRONG', WINDOW))).toMatchObject({ failure: 'auth', reason: 'invalid api key' });
    } finally {
      await other.close();
    }
  });

  it('a FAIL with another reason is a refusal carrying that reason', async () => {
    const error = await failure(new QrzLogbookClient({ url: fake.url }).fetchBetween(KEY, { from: '2026-11-09', to: 'tomorrow' }));
    expect(error).toMatchObject({ failure: 'refused', reason: 'invalid BETWEEN value: 2026-11-09+tomorrow' });
  });

  it('an HTTP error, a hang past the timeout and a page that is not QRZ are clear failures', async () => {
    fake.misbehave({ status: 503 });
    expect(await failure(new QrzLogbookClient({ url: fake.url }).fetchBetween(KEY, WINDOW))).toMatchObject({ failure: 'unreachable', reason: 'HTTP 503' });
    fake.misbehave({ hangMs: 2_000 });
    const started = Date.now();
    expect(await failure(new QrzLogbookClient({ url: fake.url, timeoutMs: 300 }).fetchBetween(KEY, WINDOW))).toMatchObject({ failure: 'unreachable', reason: 'no answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(1_500);
    fake.misbehave({ status: 200, body: '<html><body>Maintenance</body></html>' });
    expect(await failure(new QrzLogbookClient({ url: fake.url }).fetchBetween(KEY, WINDOW))).toMatchObject({ failure: 'unreadable' });
  });

  it('a server nobody listens on is unreachable', async () => {
    const closed = await startFakeQrzLogbook({ logbooks: {} });
    await closed.close();
    expect(await failure(new QrzLogbookClient({ url: closed.url }).fetchBetween(KEY, WINDOW))).toMatchObject({ failure: 'unreachable', reason: 'the connection failed' });
  });
});
