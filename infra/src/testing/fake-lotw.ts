/**
 * A local stand-in for ARRL's Logbook of The World (confirmations/lotw-client.ts), so uploads and
 * reports are tested without leaving the machine.
 *
 * - POST /lotw/upload (multipart, field upfile): gunzips the .tq8, reads its GAbbI records, checks
 *   the tCERT certificate (readable, in date, its callsign an account's and the tSTATION's), derives
 *   each tCONTACT's SIGNDATA from the records as LoTW does, and verifies SIGN_LOTW_V2.0 against the
 *   certificate's key. Any failure rejects the whole file (`<!-- .UPL. rejected -->` with a
 *   `.UPLMESSAGE.`); else the QSOs are stored (a QSO it already holds is not stored twice) and the
 *   page says `<!-- .UPL. accepted -->`.
 * - GET /lotwuser/lotwreport.adi: a wrong login answers LoTW's HTML page; else the report in the
 *   layout of LoTW's own (shared/data/adif/lotwreport.adi): qso_qsl=yes the QSOs confirmed at or
 *   after qso_qslsince with APP_LoTW_LASTQSL, qso_qsl=no those received at or after
 *   qso_qsorxsince with APP_LoTW_LASTQSORX (both cursors left out when no record matched).
 * - Tests seed QSOs received from elsewhere (receive) and confirmations (confirm). The clock moves
 *   one second at each stamp from 2026-11-20 12:00:00, so cursors are exact.
 */
import { X509Certificate, verify } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { readGabbi, type GabbiRecord } from '../confirmations/gabbi';
import { LOTW_CALLSIGN_OID } from '../confirmations/lotw-certificate';
import { lotwModeGroup } from '../confirmations/lotw-modes';
import { lotwSignData, SIGNATURE_FIELD } from '../confirmations/lotw-signdata';
import { htmlPage, startFakeService, type FakeAnswer, type FakeRequest, type FakeService } from './fake-service';

export interface FakeLotwQso {
  /** The user's callsign the QSO was made as. */
  owncall: string;
  call: string;
  /** LoTW's band ('20M') and mode ('FT8'). */
  band: string;
  mode: string;
  freq?: string;
  /** YYYYMMDD and HHMMSS. */
  qsoDate: string;
  timeOn: string;
  /** The tSTATION it came with (GRIDSQUARE, CQZ, ITUZ, US_STATE...). */
  station: Record<string, string>;
  /** When LoTW received it, 'YYYY-MM-DD HH:MM:SS'. */
  rxQso: string;
  /** When it was matched by the other station's upload (confirmed), and what that station's location says. */
  rxQsl?: string;
  qslDetail?: Record<string, string>;
}

export interface FakeLotwUpload {
  accepted: boolean;
  message: string;
  /** The .tq8's text, when it could be unpacked. */
  text?: string;
}

export interface FakeLotw extends FakeService {
  readonly uploads: FakeLotwUpload[];
  addAccount(account: { login: string; password: string; callsign: string }): void;
  /** The QSOs LoTW holds for the account. */
  qsos(login: string): readonly FakeLotwQso[];
  /** A QSO LoTW received from elsewhere (another program's upload). */
  receive(login: string, qso: Omit<FakeLotwQso, 'rxQso' | 'station'> & { station?: Record<string, string>; rxQso?: string }): FakeLotwQso;
  /** The other station uploaded its side: the held QSO with this call (and date) is confirmed now (or `at`). */
  confirm(login: string, match: { call: string; qsoDate?: string }, detail?: Record<string, string>, at?: string): FakeLotwQso;
  /** Set the clock, 'YYYY-MM-DD HH:MM:SS'. */
  setClock(stamp: string): void;
}

interface Account {
  login: string;
  password: string;
  callsign: string;
  qsos: FakeLotwQso[];
}

const REPORT_PATH = '/lotwuser/lotwreport.adi';
const UPLOAD_PATH = '/lotw/upload';

const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const field = (name: string, value: string, comment?: string) => `<${name}:${Buffer.byteLength(value)}>${value}${comment ? ` // ${comment}` : ''}\n`;
const sinceStamp = (since: string | undefined) => (since ? (since.length === 10 ? `${since} 00:00:00` : since) : '');

function uploadPage(accepted: boolean, message: string): string {
  const status = accepted ? 'accepted' : 'rejected';
  return htmlPage('Logbook of the World - Upload', `<!-- .UPL.  ${status} -->\n<!-- .UPLMESSAGE. ${message} -->\n<p>${message}</p>`);
}

/** The callsign attribute of a certificate's subject (Node prints an unnamed attribute by its OID). */
function callsignOf(cert: X509Certificate): string | null {
  const line = cert.subject.split('\n').find((l) => l.startsWith(`${LOTW_CALLSIGN_OID}=`));
  return line ? line.slice(LOTW_CALLSIGN_OID.length + 1).trim().toUpperCase() : null;
}

const adifDate = (gabbiDate: string) => gabbiDate.replace(/-/g, '');
const adifTime = (gabbiTime: string) => gabbiTime.replace(/[:Z]/g, '');

export async function startFakeLotw(): Promise<FakeLotw> {
  const accounts = new Map<string, Account>();
  const uploads: FakeLotwUpload[] = [];
  let clock = Date.parse('2026-11-20T12:00:00Z');
  const tick = () => {
    clock += 1000;
    return stampOf(new Date(clock));
  };
  const byCallsign = (call: string) => [...accounts.values()].find((a) => a.callsign === call);
  const sameQso = (a: FakeLotwQso, b: FakeLotwQso) =>
    a.owncall === b.owncall && a.call === b.call && a.band === b.band && a.mode === b.mode && a.qsoDate === b.qsoDate && a.timeOn === b.timeOn;

  /** The QSOs of a .tq8, or why LoTW rejects the file. */
  function checkTq8(text: string): { account: Account; qsos: FakeLotwQso[] } | string {
    const file = readGabbi(text);
    if (!file) return 'The file is not a TQSL log file.';
    const certRecord = file.records.find((r) => r.type === 'tCERT');
    if (!certRecord?.fields.CERTIFICATE) return 'The file carries no certificate.';
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(Buffer.from(certRecord.fields.CERTIFICATE.replace(/\s+/g, ''), 'base64'));
    } catch {
      return 'The certificate in the file could not be read.';
    }
    const callsign = callsignOf(cert);
    const account = callsign ? byCallsign(callsign) : undefined;
    if (!callsign || !account) return `The certificate${callsign ? ` for ${callsign}` : ''} is not a Logbook of the World certificate.`;
    if (Date.parse(cert.validTo) < clock) return `The certificate for ${callsign} has expired.`;
    const stations = new Map<string, GabbiRecord>();
    for (const r of file.records.filter((r) => r.type === 'tSTATION')) {
      if (r.fields.CERT_UID !== certRecord.fields.CERT_UID) return 'A station location refers to a certificate the file does not carry.';
      if ((r.fields.CALL ?? '').toUpperCase() !== callsign) return `The station location's call ${r.fields.CALL ?? '(none)'} is not the certificate's ${callsign}.`;
      stations.set(r.fields.STATION_UID ?? '', r);
    }
    const qsos: FakeLotwQso[] = [];
    for (const [index, contact] of file.records.filter((r) => r.type === 'tCONTACT').entries()) {
      const f = contact.fields;
      const what = `QSO ${index + 1} (${f.CALL ?? 'no call'})`;
      const station = stations.get(f.STATION_UID ?? '');
      if (!station) return `${what}: STATION_UID does not match any tSTATION.`;
      const missing = ['CALL', 'BAND', 'MODE', 'QSO_DATE', 'QSO_TIME', SIGNATURE_FIELD, 'SIGNDATA'].filter((name) => !f[name]);
      if (missing.length > 0) return `${what}: missing ${missing.join(', ')}.`;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(f.QSO_DATE!) || !/^\d{2}:\d{2}:\d{2}Z$/.test(f.QSO_TIME!)) return `${what}: Invalid Date/Time in tCONTACT record.`;
      const signData = lotwSignData(station.fields, f);
      if (signData !== f.SIGNDATA) return `${what}: the signed data does not match the QSO.`;
      const signature = Buffer.from(f[SIGNATURE_FIELD]!.replace(/\s+/g, ''), 'base64');
      if (!verify('sha1', Buffer.from(signData, 'utf8'), cert.publicKey, signature)) return `${what}: signature verification failed.`;
      qsos.push({
        owncall: callsign,
        call: f.CALL!.toUpperCase(),
        band: f.BAND!.toUpperCase(),
        mode: f.MODE!.toUpperCase(),
        freq: f.FREQ,
        qsoDate: adifDate(f.QSO_DATE!),
        timeOn: adifTime(f.QSO_TIME!),
        station: station.fields,
        rxQso: '',
      });
    }
    if (qsos.length === 0) return 'The file holds no QSO.';
    return { account, qsos };
  }

  function upload(request: FakeRequest): FakeAnswer {
    const file = request.files.upfile;
    let text: string | undefined;
    let verdict: { account: Account; qsos: FakeLotwQso[] } | string;
    if (!file) verdict = 'No file was uploaded.';
    else {
      try {
        text = gunzipSync(file.bytes).toString('utf8');
        verdict = checkTq8(text);
      } catch {
        verdict = 'The file is not a compressed TQSL log file (.tq8).';
      }
    }
    if (typeof verdict === 'string') {
      uploads.push({ accepted: false, message: verdict, text });
      return { body: uploadPage(false, verdict) };
    }
    for (const qso of verdict.qsos) {
      if (verdict.account.qsos.some((held) => sameQso(held, qso))) continue;
      verdict.account.qsos.push({ ...qso, rxQso: tick() });
    }
    const message = `File queued for processing: ${verdict.qsos.length} QSO record(s).`;
    uploads.push({ accepted: true, message, text });
    return { body: uploadPage(true, message) };
  }

  function reportRecord(q: FakeLotwQso, myDetail: boolean, qslDetail: boolean): string {
    let out = field('APP_LoTW_OWNCALL', q.owncall) + field('STATION_CALLSIGN', q.owncall);
    if (myDetail) {
      const s = q.station;
      if (s.DXCC) out += field('MY_DXCC', s.DXCC);
      if (s.GRIDSQUARE) out += field('MY_GRIDSQUARE', s.GRIDSQUARE.toUpperCase());
      if (s.US_STATE) out += field('MY_STATE', s.US_STATE);
      if (s.US_COUNTY && s.US_STATE) out += field('MY_CNTY', `${s.US_STATE},${s.US_COUNTY.toUpperCase()}`);
      if (s.CQZ) out += field('MY_CQ_ZONE', s.CQZ.padStart(2, '0'));
      if (s.ITUZ) out += field('MY_ITU_ZONE', s.ITUZ.padStart(2, '0'));
    }
    out += field('CALL', q.call) + field('BAND', q.band);
    if (q.freq) out += field('FREQ', q.freq);
    out += field('MODE', q.mode) + field('APP_LoTW_MODEGROUP', lotwModeGroup(q.mode));
    out += field('QSO_DATE', q.qsoDate) + field('APP_LoTW_RXQSO', q.rxQso, 'QSO record inserted/modified at LoTW');
    out += field('TIME_ON', q.timeOn);
    const iso = `${q.qsoDate.slice(0, 4)}-${q.qsoDate.slice(4, 6)}-${q.qsoDate.slice(6, 8)}T${q.timeOn.slice(0, 2)}:${q.timeOn.slice(2, 4)}:${q.timeOn.slice(4, 6)}Z`;
    out += field('APP_LoTW_QSO_TIMESTAMP', iso, 'QSO Date & Time; ISO-8601');
    if (q.rxQsl) {
      out += field('QSL_RCVD', 'Y') + field('QSLRDATE', q.rxQsl.slice(0, 10).replace(/-/g, ''));
      out += field('APP_LoTW_RXQSL', q.rxQsl, 'QSL record matched/modified at LoTW');
      if (qslDetail) for (const [name, value] of Object.entries(q.qslDetail ?? {})) out += field(name, value);
    } else {
      out += field('QSL_RCVD', 'N');
    }
    return `${out}<eor>\n\n`;
  }

  function report(request: FakeRequest): FakeAnswer {
    const q = request.query;
    const account = accounts.get(q.login ?? '');
    if (!account || account.password !== q.password) {
      return { body: htmlPage('Logbook of the World', '<h1>Logbook of the World</h1>\n<p>Username/password incorrect</p>') };
    }
    if (q.qso_query !== '1') return { body: htmlPage('Logbook of the World', '<p>qso_query=1 is required for a QSO report.</p>') };
    const confirmed = (q.qso_qsl ?? 'yes').toLowerCase() !== 'no';
    const since = sinceStamp(confirmed ? q.qso_qslsince : q.qso_qsorxsince);
    const owncall = q.qso_owncall?.toUpperCase();
    const stampOfQso = (x: FakeLotwQso) => (confirmed ? x.rxQsl : x.rxQso) ?? '';
    const matching = account.qsos
      .filter((x) => (!owncall || x.owncall === owncall) && stampOfQso(x) !== '' && stampOfQso(x) >= since)
      .sort((a, b) => stampOfQso(a).localeCompare(stampOfQso(b)));
    const last = matching.length > 0 ? stampOfQso(matching.at(-1)!) : undefined;
    let out = 'ARRL Logbook of the World Status Report\n';
    out += `Generated at ${stampOf(new Date(clock))}\nfor ${account.login}\nQuery:\n`;
    out += `    QSL ONLY: ${confirmed ? 'YES' : 'NO'}\n`;
    if (since) out += `${confirmed ? 'QSL RX SINCE' : 'QSO RX SINCE'}: ${since} (user supplied value)\n`;
    out += `\n${field('PROGRAMID', 'LoTW')}`;
    if (last) out += field(confirmed ? 'APP_LoTW_LASTQSL' : 'APP_LoTW_LASTQSORX', last);
    out += `\n${field('APP_LoTW_NUMREC', String(matching.length))}\n<eoh>\n\n`;
    const myDetail = q.qso_mydetail === 'yes';
    const qslDetail = q.qso_qsldetail === 'yes';
    for (const x of matching) out += reportRecord(x, myDetail, qslDetail);
    out += '<APP_LoTW_EOF>\n';
    return { contentType: 'application/x-arrl-adif', body: out };
  }

  const service = await startFakeService((request) => {
    if (request.method === 'POST' && request.path === UPLOAD_PATH) return upload(request);
    if (request.method === 'GET' && request.path === REPORT_PATH) return report(request);
    return { status: 404, body: htmlPage('Not Found', '<p>Not Found</p>') };
  });

  const accountOf = (login: string) => {
    const account = accounts.get(login);
    if (!account) throw new Error(`no LoTW account ${login}`);
    return account;
  };

  return {
    ...service,
    uploads,
    addAccount: ({ login, password, callsign }) => {
      accounts.set(login, { login, password, callsign: callsign.toUpperCase(), qsos: [] });
    },
    qsos: (login) => accountOf(login).qsos,
    receive: (login, qso) => {
      const held: FakeLotwQso = { station: {}, ...qso, rxQso: qso.rxQso ?? tick() };
      accountOf(login).qsos.push(held);
      return held;
    },
    confirm: (login, match, detail, at) => {
      const held = accountOf(login).qsos.find((x) => x.call === match.call.toUpperCase() && (!match.qsoDate || x.qsoDate === match.qsoDate));
      if (!held) throw new Error(`LoTW holds no QSO with ${match.call} for ${login}`);
      held.rxQsl = at ?? tick();
      held.qslDetail = detail;
      return held;
    },
    setClock: (stamp) => {
      clock = Date.parse(`${stamp.replace(' ', 'T')}Z`);
    },
  };
}
