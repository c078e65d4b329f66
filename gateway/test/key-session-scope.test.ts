/**
 * What a session signed in with the API key may do (decision 0049): log and correct contacts, read
 * the logbook, the log bar and the rig, sign itself out and switch into a sub-account. Everything
 * else answers 403 with one message, the secrets of the profile are never shown to it, and a new
 * key ends it. Read-only keys neither sign in nor write.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_SESSION_OUT_OF_SCOPE } from '@hamlog/domain';
import { subscribe, upload } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type Answer, type TestServer } from './server-harness';

const SECRETS = {
  email: 'alice@example.com',
  mobile_number: '+1 860 555 0147',
  qrz_api_key: 'QRZ-ALICE-SECRET-KEY',
  clublog_email: 'clublog.alice@example.com',
  eqsl_apikey: 'EQSL-ALICE-SECRET',
};
const CLUBLOG_PASSWORD = 'CLUBLOG-ALICE-PASSWORD';
const QSO = { Call: 'DL1ABC', TS: '2025-06-01T18:30:00Z', Freq: 14074, Mode: 'FT8', Comment: 'Nice signal' };

function expectRefused(answer: Answer, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(403);
  expect(answer.body, what).toEqual({ message: KEY_SESSION_OUT_OF_SCOPE });
}

function expectNoSecrets(value: unknown, what: string): void {
  const text = JSON.stringify(value);
  for (const [name, secret] of Object.entries({ ...SECRETS, clublog_password: CLUBLOG_PASSWORD })) expect(text, `${what}: ${name}`).not.toContain(secret);
}

describe('a session signed in with the API key (decision 0049)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId = '';
  let bobId = '';
  let apiKey = '';
  let qdoId = '';
  let photoId = '';

  /** A new session from Alice's key, as the mobile app makes it from the QR code. */
  async function keySession(key = apiKey): Promise<{ app: ApiClient; login: Answer }> {
    const app = new ApiClient(t.url);
    const login = await app.post<{ token: string }>('/vapikeylogin', { api_key: key });
    app.token = (login.body as { token?: string }).token ?? null;
    return { app, login };
  }

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
    const profile = await alice.post<{ user: { api_key: string } }>('/vupdateprofile', {
      name: 'Alice',
      qth: 'Newington',
      grid: 'FN31pr',
      ...SECRETS,
      clublog_password: CLUBLOG_PASSWORD,
    });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    apiKey = profile.body.user.api_key;
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: QSO });
    expect(logged.status).toBe(201);
    qdoId = logged.body.qdo_id;
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const photo = await upload(t, alice, '/vuploadphoto', { name: 'me.png', type: 'image/png', bytes: png });
    expect(photo.status).toBe(201);
    photoId = (photo.body.photo as { id: string }).id;
    // A subscriber may message: what stops the key session is its scope, not the plan.
    await subscribe(t, aliceId);
  }, 60_000);
  afterAll(async () => t?.stop());

  it('cannot sign out everywhere: the owner’s password session stays', async () => {
    const { app } = await keySession();
    expectRefused(await app.post('/vsignouteverywhere'), 'sign out everywhere');
    expect((await alice.call('GET', '/vuser')).status).toBe(200);
  });

  it('cannot change the profile: neither the Club Log password nor the QRZ key', async () => {
    const { app } = await keySession();
    expectRefused(await app.post('/vupdateprofile', { name: 'Alice', qth: 'Newington', grid: 'FN31pr', email: SECRETS.email, clublog_password: 'stolen-now', qrz_api_key: 'THIEF-QRZ' }), 'profile');
    expectRefused(await app.post('/vupdateprofile', { name: 'Renamed', qth: 'Elsewhere', grid: 'JO22', email: SECRETS.email }), 'profile name');
    const user = (await alice.call<{ user: Record<string, unknown> }>('GET', '/vuser')).body.user;
    expect(user).toMatchObject({ name: 'Alice', qth: 'Newington', qrz_api_key: SECRETS.qrz_api_key, has_clublog_password: true });
  });

  it('cannot delete or restore QSOs, nor delete photos', async () => {
    const { app } = await keySession();
    expectRefused(await app.post('/vqso/nuke', { qdo_id: qdoId }), 'delete a QSO');
    expectRefused(await app.post('/vqso/restore', { qdo_id: qdoId }), 'restore a QSO');
    expectRefused(await app.post('/vphotodelete', { id: photoId }), 'delete a photo');
    expectRefused(await app.post('/vphotomakedefault', { id: photoId }), 'default photo');
    expect((await alice.post('/vqso/get', { qdo_id: qdoId })).status).toBe(200);
    expect(((await alice.post<{ id: string }[]>('/vphotos')).body as { id: string }[]).map((p) => p.id)).toEqual([photoId]);
  });

  it('cannot add sub-accounts, publish posts, send messages or create contests', async () => {
    const { app } = await keySession();
    expectRefused(await app.post('/vaddsubaccount', { callsign: 'W1AW/M' }), 'add a sub-account');
    expectRefused(await app.post('/vpostcaptcha'), 'the post captcha');
    const form = new FormData();
    form.append('title', 'Posted with the key');
    form.append('body', 'A body long enough for a post, sent with a key session.');
    const post = await fetch(`${t.url}/api/vstore`, { method: 'POST', headers: { authorization: `Bearer ${app.token ?? ''}` }, body: form });
    expectRefused({ status: post.status, body: (await post.json()) as Record<string, unknown>, headers: post.headers }, 'publish a post');
    expectRefused(await app.post('/vsendmessage', { message: 'Hello Bob, 73', recipient_id: bobId }), 'send a message');
    expectRefused(await app.post('/vcontest/create', { name: 'Key Sprint', starts_at: '2025-06-01T18:00:00Z', ends_at: '2025-06-01T20:00:00Z' }), 'create a contest');

    expect((await alice.call<{ user: { sub_accounts: unknown[] } }>('GET', '/vuser')).body.user.sub_accounts).toEqual([]);
    expect((await bob.post<{ notifications: unknown[] }>('/vinbox')).body.notifications).toEqual([]);
    expect((await alice.call<{ contests: unknown[] }>('GET', '/vcontests?mine=1')).body.contests).toEqual([]);
  });

  it('is refused the other private reads and the public calls that look at who is signed in', async () => {
    const { app } = await keySession();
    for (const [method, path] of [['POST', '/vinbox'], ['POST', '/vsr'], ['POST', '/vqso/deleted'], ['GET', '/vapikeys'], ['POST', '/vexportadif'], ['GET', '/vprofilefor?callsign=W1AW'], ['POST', '/log-page-view']] as const) {
      expectRefused(await app.call(method, path, method === 'POST' ? {} : undefined), `${method} ${path}`);
    }
  });

  it('sees its user without the profile’s secrets, from the sign-in on', async () => {
    const { app, login } = await keySession();
    expect(login.status).toBe(200);
    const me = await app.call<{ user: Record<string, unknown> }>('GET', '/vuser');
    expect(me.status).toBe(200);
    for (const user of [(login.body as { user: Record<string, unknown> }).user, me.body.user]) {
      expect(user).toMatchObject({ id: aliceId, my_callsign: 'W1AW', api_key: apiKey, email: '', qrz_api_key: '', clublog_email: '', eqsl_apikey: '', mobile_number: '' });
      expectNoSecrets(user, 'the key session’s user');
    }
  });

  it('logs and corrects contacts, reads its logbook, the log bar and its rig, and signs itself out', async () => {
    const { app } = await keySession();
    const logged = await app.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: '2025-06-02T09:00:00Z', Freq: 7074, Mode: 'FT8' } });
    expect(logged.status).toBe(201);
    const corrected = await app.post('/vqso/update', { qdo_id: logged.body.qdo_id, Comment: 'Corrected from the app' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.changed).toBe(true);
    const book = await app.post<{ logbook: { qdo_id: string }[] }>('/vlogbook');
    expect(book.body.logbook.map((q) => q.qdo_id)).toEqual(expect.arrayContaining([qdoId, logged.body.qdo_id]));
    expect((await app.post<{ count: number }>('/vlogbookcount')).body.count).toBe(2);
    expect((await app.post('/vqso/get', { qdo_id: logged.body.qdo_id })).body).toMatchObject({ Comment: 'Corrected from the app' });
    expect((await app.post('/vqso/history', { qdo_id: logged.body.qdo_id })).status).toBe(200);
    const bar = await app.post<{ qsos: { qdo_id: string }[] }>('/vlogbar/DL1ABC');
    expect(bar.status).toBe(200);
    expect(bar.body.qsos.map((q) => q.qdo_id)).toContain(qdoId);
    expect((await app.post('/radio', { key: apiKey, radio: 'IC-7300', frequency: 14074000, mode: 'USB' })).status).toBe(200);
    expect((await app.post('/vrigcontrol/get')).body).toMatchObject({ rig_name: 'IC-7300' });
    expect((await app.post('/vlogout')).status).toBe(200);
    expect((await app.call('GET', '/vuser')).status).toBe(401);
  });

  it('opens sub-account sessions with the same scope', async () => {
    const added = await alice.post<{ user: { sub_accounts: { id: string }[] } }>('/vaddsubaccount', { callsign: 'W1AW/P' });
    expect(added.status).toBe(200);
    const subId = added.body.user.sub_accounts[0]!.id;
    const { app } = await keySession();
    const switched = await app.post<{ token: string; user: Record<string, unknown> }>('/vLoginToSubaccount', { sub_account_id: subId });
    expect(switched.status).toBe(200);
    expectNoSecrets(switched.body, 'the sub-account sign-in');
    const sub = new ApiClient(t.url);
    sub.token = switched.body.token;
    expect((await sub.post('/vqso/upsert', { data: { Call: 'OH2BH', TS: '2025-06-03T10:00:00Z', Freq: 21074, Mode: 'FT8' } })).status).toBe(201);
    expectRefused(await sub.post('/vupdateprofile', { name: 'Portable', qth: 'Field', grid: 'FN31', email: '' }), 'the sub-account’s profile');
    expectRefused(await sub.post('/vsignouteverywhere'), 'the sub-account signs out everywhere');
    expectRefused(await sub.post('/vnewapikey'), 'the sub-account’s key');
  });

  it('ends, with its sub-account sessions, when the owner issues a new key; the owner’s sessions stay', async () => {
    const { app } = await keySession();
    const subId = (await alice.call<{ user: { sub_accounts: { id: string }[] } }>('GET', '/vuser')).body.user.sub_accounts[0]!.id;
    const sub = new ApiClient(t.url);
    sub.token = (await app.post<{ token: string }>('/vLoginToSubaccount', { sub_account_id: subId })).body.token;
    const ownSub = new ApiClient(t.url);
    ownSub.token = (await alice.post<{ token: string }>('/vLoginToSubaccount', { sub_account_id: subId })).body.token;
    expect((await sub.call('GET', '/vuser')).status).toBe(200);

    const rotated = await alice.post<{ api_key: string }>('/vnewapikey');
    expect(rotated.status).toBe(200);
    for (const ended of [app, sub]) expect((await ended.call('GET', '/vuser')).status).toBe(401);
    for (const kept of [alice, ownSub]) expect((await kept.call('GET', '/vuser')).status).toBe(200);
    apiKey = rotated.body.api_key;
    expect((await keySession()).login.status).toBe(200);
  });

  it('is never made from a read-only key, which writes nothing either', async () => {
    const made = await alice.post<{ api_keys: { api_key: string; rights: string }[] }>('/vapikeys/create', { key_id: 'viewer' });
    expect(made.status).toBe(200);
    const readOnly = made.body.api_keys.find((k) => k.rights === 'r')!.api_key;
    // The rig's on-air flags follow the clock; its report must not change.
    const state = async () => {
      const [count, rig, qso] = await Promise.all([alice.post('/vlogbookcount'), alice.post('/vrigcontrol/get'), alice.post('/vqso/get', { qdo_id: qdoId })]);
      const { freq, mode, rig_name } = rig.body;
      return { count: count.body, rig: { freq, mode, rig_name }, qso: qso.body };
    };
    const before = await state();
    expect((await keySession(readOnly)).login.status).toBe(401);
    const anyone = new ApiClient(t.url);
    expect((await anyone.post('/radio', { key: readOnly, radio: 'FT-817', frequency: 7030000, mode: 'CW' })).status).toBe(401);
    const adif = '<call:5>DL1XX<qso_date:8>20250601<time_on:4>0000<freq:6>14.074<mode:3>FT8<eor>';
    for (const path of ['/qso', '/qso/true']) expect((await anyone.post(path, { key: readOnly, station_profile_id: '1', type: 'adif', string: adif })).status).toBe(401);
    for (const kind of ['recordings', 'sstv']) {
      const res = await fetch(`${t.url}/api/qso/${qdoId}/${kind}?key=${readOnly}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.from('RIFF') });
      expect(res.status, kind).toBe(401);
    }
    expect((await anyone.call('GET', `/check_auth/${readOnly}`)).body).toEqual({ status: 'valid', rights: 'r' });
    expect(await state()).toEqual(before);
  });
});
