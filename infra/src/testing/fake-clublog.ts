/**
 * A local stand-in for Club Log (confirmations/clublog-client.ts): realtime.php (form POST, one
 * ADIF record: 200 'OK', 200 'Dupe' for a QSO it holds, 400 with a reason for a record it cannot
 * take), putlogs.php (multipart, field file; clear=1 replaces the log), getmatches.php (the JSON
 * rows the test seeded, from startyear/startmonth/startday on). Wrong credentials or API key
 * answer 403; after `blockAfter` 403s the address is blocked (403 to everything) until unblock(),
 * as Club Log's firewall does for about an hour.
 */
import { readAdif } from '@hamlog/domain';
import { startFakeService, type FakeAnswer, type FakeRequest, type FakeService } from './fake-service';

export type ClubLogMatchRow = [call: string, dxcc: number, when: string, band: number | string, mode: string];

export interface FakeClubLog extends FakeService {
  addAccount(account: { email: string; password: string; callsign: string }): void;
  /** The ADIF records Club Log holds for the callsign. */
  log(callsign: string): readonly Record<string, string>[];
  /** A QSO Club Log matched with the other station's log. */
  addMatch(callsign: string, row: ClubLogMatchRow): void;
  /** Whether the firewall blocks the address now. */
  readonly blocked: boolean;
  unblock(): void;
}

interface Account {
  email: string;
  password: string;
  callsign: string;
  log: Record<string, string>[];
  matches: ClubLogMatchRow[];
}

const dupeKey = (f: Record<string, string>) => [f.CALL, f.QSO_DATE, (f.TIME_ON ?? '').slice(0, 4), f.BAND, f.MODE].map((v) => (v ?? '').toUpperCase()).join('|');
const text = (status: number, body: string): FakeAnswer => ({ status, contentType: 'text/plain; charset=utf-8', body });

export async function startFakeClubLog(options: { apiKeys: string[]; blockAfter?: number }): Promise<FakeClubLog> {
  const accounts = new Map<string, Account>();
  const blockAfter = options.blockAfter ?? 5;
  let refusals = 0;
  let firewall = false;

  /** The account the request's credentials name, or the 403 to answer. */
  function authorise(fields: Record<string, string>): Account | FakeAnswer {
    const account = accounts.get((fields.callsign ?? '').toUpperCase());
    if (options.apiKeys.includes(fields.api ?? '') && account && account.email === fields.email && account.password === fields.password) return account;
    refusals += 1;
    if (refusals >= blockAfter) firewall = true;
    return text(403, 'Access denied: invalid credentials or API key');
  }

  function records(adif: string): Record<string, string>[] | string {
    const read = readAdif(adif);
    if (read.records.length === 0) return 'No ADIF record found';
    for (const { fields } of read.records) {
      const missing = ['CALL', 'QSO_DATE', 'TIME_ON', 'BAND'].filter((name) => !fields[name]);
      if (missing.length > 0) return `Invalid ADIF: missing ${missing.join(', ')}`;
    }
    return read.records.map((r) => r.fields);
  }

  function realtime(request: FakeRequest): FakeAnswer {
    const f = request.fields;
    if (!f.email || !f.password || !f.callsign || !f.api || f.adif === undefined) return text(400, 'Missing parameters');
    const account = authorise(f);
    if (!('log' in account)) return account;
    const read = records(f.adif);
    if (typeof read === 'string') return text(400, read);
    if (read.length !== 1) return text(400, 'realtime.php takes one QSO; use putlogs.php for a file');
    const qso = read[0]!;
    if (account.log.some((held) => dupeKey(held) === dupeKey(qso))) return text(200, 'Dupe');
    account.log.push(qso);
    return text(200, 'OK');
  }

  function putlogs(request: FakeRequest): FakeAnswer {
    const account = authorise(request.fields);
    if (!('log' in account)) return account;
    const file = request.files.file;
    if (!file) return text(400, 'No file uploaded');
    const read = records(file.bytes.toString('utf8'));
    if (typeof read === 'string') return text(400, read);
    if (request.fields.clear === '1') account.log.length = 0;
    for (const qso of read) if (!account.log.some((held) => dupeKey(held) === dupeKey(qso))) account.log.push(qso);
    return text(200, 'Upload OK: the file will be processed shortly');
  }

  function getmatches(request: FakeRequest): FakeAnswer {
    const account = authorise(request.query);
    if (!('log' in account)) return account;
    const q = request.query;
    const from = q.startyear ? `${q.startyear}-${(q.startmonth ?? '1').padStart(2, '0')}-${(q.startday ?? '1').padStart(2, '0')}` : '';
    const rows = account.matches.filter((row) => row[2].slice(0, 10) >= from);
    return { contentType: 'application/json', body: JSON.stringify(rows) };
  }

  const service = await startFakeService((request) => {
    if (firewall) return text(403, 'Forbidden');
    if (request.method === 'POST' && request.path === '/realtime.php') return realtime(request);
    if (request.method === 'POST' && request.path === '/putlogs.php') return putlogs(request);
    if (request.path === '/getmatches.php') return getmatches(request);
    return text(404, 'Not Found');
  });

  const accountOf = (callsign: string) => {
    const account = accounts.get(callsign.toUpperCase());
    if (!account) throw new Error(`no Club Log account ${callsign}`);
    return account;
  };

  return {
    ...service,
    addAccount: ({ email, password, callsign }) => {
      accounts.set(callsign.toUpperCase(), { email, password, callsign: callsign.toUpperCase(), log: [], matches: [] });
    },
    log: (callsign) => accountOf(callsign).log,
    addMatch: (callsign, row) => {
      accountOf(callsign).matches.push(row);
    },
    get blocked() {
      return firewall;
    },
    unblock: () => {
      firewall = false;
      refusals = 0;
    },
  };
}
