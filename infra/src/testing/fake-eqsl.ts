/**
 * A local stand-in for eQSL.cc (confirmations/eqsl-client.ts), answering HTML pages with eQSL's
 * texts:
 * - POST /qslcard/ImportADIF.cfm (multipart, the ADIF in field Filename; EQSL_USER/EQSL_PSWD as
 *   form fields or ADIF header fields; APP_EQSL_QTH_NICKNAME in the header or a record): 'Error: No
 *   match on eQSL_User/eQSL_Pswd', 'Error: No match on APP_EQSL_QTH_NICKNAME', a 'Warning: ... Bad
 *   record: ...' line per refused record (a duplicate: 'Bad record: Duplicate') and
 *   'Result: n out of m records added'.
 * - GET /qslcard/DownloadInBox.cfm (UserName, Password, QTHNickname, RcvdSince): 'Error: No such
 *   Username/Password found', 'You have no log entries', or 'Your ADIF log file has been built'
 *   with a link to a .adi under downloadedfiles/, served once built.
 */
import { randomBytes } from 'node:crypto';
import { readAdif, writeAdifHeader, writeAdifRecord } from '@hamlog/domain';
import { htmlPage, startFakeService, type FakeAnswer, type FakeRequest, type FakeService } from './fake-service';

export interface FakeEqslInboxQsl {
  /** ADIF fields as eQSL writes them (CALL, QSO_DATE, TIME_ON, BAND, MODE, QSL_SENT, QSLRDATE...). */
  fields: Record<string, string>;
  /** When the eQSL arrived, YYYYMMDDHHMM (what RcvdSince compares). */
  rcvd: string;
  /** The QTH profile it was sent to. */
  nickname?: string;
}

export interface FakeEqsl extends FakeService {
  addAccount(account: { user: string; password: string; nicknames?: string[] }): void;
  /** The records eQSL took from uploads. */
  log(user: string): readonly Record<string, string>[];
  /** An eQSL the other station sent. */
  addInbox(user: string, qsl: FakeEqslInboxQsl): void;
}

interface Account {
  user: string;
  password: string;
  nicknames: string[];
  log: Record<string, string>[];
  inbox: FakeEqslInboxQsl[];
}

const dupeKey = (f: Record<string, string>) => [f.CALL, f.QSO_DATE, (f.TIME_ON ?? '').slice(0, 4), f.BAND, f.MODE].map((v) => (v ?? '').toUpperCase()).join('|');
const page = (body: string): FakeAnswer => ({ body: htmlPage('eQSL.cc', body) });

export async function startFakeEqsl(): Promise<FakeEqsl> {
  const accounts = new Map<string, Account>();
  const files = new Map<string, string>();
  const accountFor = (user: string | undefined, password: string | undefined) => {
    const account = accounts.get((user ?? '').toUpperCase());
    return account && account.password === password ? account : undefined;
  };

  function importAdif(request: FakeRequest): FakeAnswer {
    const file = request.files.Filename;
    if (!file) return page('Error: No ADIF file received<BR>');
    const read = readAdif(file.bytes);
    const header = read.header?.fields ?? {};
    const account = accountFor(request.fields.EQSL_USER ?? header.EQSL_USER, request.fields.EQSL_PSWD ?? header.EQSL_PSWD);
    if (!account) return page(`Error: No match on eQSL_User/eQSL_Pswd for date ${new Date().toISOString().slice(0, 10)}<BR>`);
    let added = 0;
    const lines: string[] = [];
    for (const { fields } of read.records) {
      const nickname = fields.APP_EQSL_QTH_NICKNAME ?? header.APP_EQSL_QTH_NICKNAME;
      if (nickname && !account.nicknames.some((n) => n.toUpperCase() === nickname.toUpperCase())) {
        return page(`Error: No match on APP_EQSL_QTH_NICKNAME=${nickname}<BR>`);
      }
      const what = `Warning: Y=${(fields.QSO_DATE ?? '').slice(0, 4)} M=${(fields.QSO_DATE ?? '').slice(4, 6)} D=${(fields.QSO_DATE ?? '').slice(6, 8)} ${fields.CALL ?? ''} ${fields.BAND ?? ''} ${fields.MODE ?? ''}`;
      const missing = ['CALL', 'QSO_DATE', 'TIME_ON', 'BAND', 'MODE'].filter((name) => !fields[name]);
      if (missing.length > 0) lines.push(`${what} Bad record: missing ${missing.join(', ')}<BR>`);
      else if (account.log.some((held) => dupeKey(held) === dupeKey(fields))) lines.push(`${what} Bad record: Duplicate<BR>`);
      else {
        account.log.push(fields);
        added += 1;
      }
    }
    return page(`${lines.join('\n')}\nResult: ${added} out of ${read.records.length} records added<BR>`);
  }

  function downloadInbox(request: FakeRequest): FakeAnswer {
    const q = request.query;
    const account = accountFor(q.UserName, q.Password);
    if (!account) return page('Error: No such Username/Password found<BR>');
    const nickname = q.QTHNickname;
    if (nickname && !account.nicknames.some((n) => n.toUpperCase() === nickname.toUpperCase())) return page(`Error: No such QTH Nickname: ${nickname}<BR>`);
    const since = q.RcvdSince ?? '';
    const qsls = account.inbox.filter((qsl) => qsl.rcvd >= since && (!nickname || !qsl.nickname || qsl.nickname.toUpperCase() === nickname.toUpperCase()));
    if (qsls.length === 0) return page('You have no log entries<BR>');
    const name = `${account.user.toLowerCase()}${randomBytes(4).toString('hex')}.adi`;
    files.set(name, writeAdifHeader({ programId: 'eQSL.cc DownloadInBox' }) + qsls.map((qsl) => writeAdifRecord(qsl.fields)).join(''));
    return page(`Your ADIF log file has been built.<BR>\n<LI><A HREF="downloadedfiles/${name}">.ADI file</A>`);
  }

  const service = await startFakeService((request) => {
    if (request.method === 'POST' && request.path === '/qslcard/ImportADIF.cfm') return importAdif(request);
    if (request.method === 'GET' && request.path === '/qslcard/DownloadInBox.cfm') return downloadInbox(request);
    const built = /^\/qslcard\/downloadedfiles\/([^/]+)$/.exec(request.path)?.[1];
    if (request.method === 'GET' && built && files.has(built)) return { contentType: 'text/plain', body: files.get(built)! };
    return { status: 404, body: htmlPage('Not Found', '<p>File not found</p>') };
  });

  const accountOf = (user: string) => {
    const account = accounts.get(user.toUpperCase());
    if (!account) throw new Error(`no eQSL account ${user}`);
    return account;
  };

  return {
    ...service,
    addAccount: ({ user, password, nicknames }) => {
      accounts.set(user.toUpperCase(), { user: user.toUpperCase(), password, nicknames: nicknames ?? [], log: [], inbox: [] });
    },
    log: (user) => accountOf(user).log,
    addInbox: (user, qsl) => {
      accountOf(user).inbox.push(qsl);
    },
  };
}
