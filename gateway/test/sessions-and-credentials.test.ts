import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGED_SUBJECT,
  FRESH_PIN_REQUIRED,
  KEY_SESSION_OUT_OF_SCOPE,
  LOGIN_FAILED,
  PASSWORD_CHANGED_SUBJECT,
  SIGNED_OUT_EVERYWHERE,
  TOO_MANY_ACCOUNT_LOGIN_ATTEMPTS,
  WRONG_PIN,
} from '@hamlog/domain';
import { postFrom } from './from-address';
import { latestPin, readMailbox } from './mailbox';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const PASSWORD = 'correct horse battery';

const profileForm = (email: string, over: Record<string, unknown> = {}) => ({ name: 'Test Station', qth: 'Newington', grid: 'FN31', email, ...over });

describe('sessions, credential changes and the API key scope (embedded runtime, file mailbox, movable clock)', () => {
  let t: TestServer;
  let offsetMs = 0;
  const anon = () => new ApiClient(t.url);
  const signedIn = async (email: string, password = PASSWORD) => {
    const c = anon();
    const login = await c.post<{ token: string }>('/vlogin', { email, password });
    expect(login.status).toBe(200);
    c.token = login.body.token;
    return c;
  };
  const pinSignIn = async (callsign: string, email: string) => {
    expect((await anon().post('/vsendpin', { callsign })).status).toBe(200);
    const c = anon();
    const login = await c.post<{ token: string }>('/vpinlogin', { callsign, pin: await latestPin(t.dataDir, email) });
    expect(login.status).toBe(200);
    c.token = login.body.token;
    return c;
  };
  const status = async (c: ApiClient) => (await c.call('GET', '/vuser')).status;
  const mailsTo = async (to: string, subject: string) => (await readMailbox(t.dataDir)).filter((m) => m.to === to && m.subject === subject);

  beforeAll(async () => {
    t = await startTestServer({}, { now: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(async () => t?.stop());

  it('a password change needs the current password, signs out the other sessions and tells the address', async () => {
    const first = anon();
    await first.signUp('pw@example.com', 'W1PWC');
    const here = await signedIn('pw@example.com');
    const elsewhere = await signedIn('pw@example.com');
    const change = { password: 'a brand new one', password_confirmation: 'a brand new one' };

    const missing = await here.post<{ errors: Record<string, string[]> }>('/vupdateprofile', change);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.current_password).toEqual([CURRENT_PASSWORD_REQUIRED]);
    const wrong = await here.post<{ errors: Record<string, string[]> }>('/vupdateprofile', { ...change, current_password: 'not it at all' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toEqual([CURRENT_PASSWORD_WRONG]);
    expect(await status(elsewhere)).toBe(200);

    expect((await here.post('/vupdateprofile', { ...change, current_password: PASSWORD })).status).toBe(200);
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    expect(await status(first)).toBe(401);
    // One for the first password set at sign-up (a squatter's would reach the owner too), one for this change.
    expect(await mailsTo('pw@example.com', PASSWORD_CHANGED_SUBJECT)).toHaveLength(2);
    // Sent again (a retry), it changes nothing and signs out nobody.
    const again = await signedIn('pw@example.com', 'a brand new one');
    expect((await here.post('/vupdateprofile', { ...change, current_password: 'a brand new one' })).status).toBe(200);
    expect(await status(again)).toBe(200);
  });

  it('an email change needs the current password, signs out the other sessions and tells the OLD address', async () => {
    await anon().signUp('old@example.com', 'W1EML');
    const here = await signedIn('old@example.com');
    const elsewhere = await signedIn('old@example.com');

    const refused = await here.post<{ errors: Record<string, string[]> }>('/vupdateprofile', profileForm('new@example.com'));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.current_password).toEqual([CURRENT_PASSWORD_REQUIRED]);
    // The rest of the profile changes without the password when the email stays.
    expect((await here.post('/vupdateprofile', profileForm('old@example.com'))).status).toBe(200);
    expect(await status(elsewhere)).toBe(200);

    const changed = await here.post<{ user: { email: string } }>('/vupdateprofile', profileForm('new@example.com', { current_password: PASSWORD }));
    expect(changed.status).toBe(200);
    expect(changed.body.user.email).toBe('new@example.com');
    expect(await status(here)).toBe(200);
    expect(await status(elsewhere)).toBe(401);
    const told = await mailsTo('old@example.com', EMAIL_CHANGED_SUBJECT);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('new@example.com');
  });

  it("'sign out everywhere' ends every other session and keeps this one", async () => {
    await anon().signUp('everywhere@example.com', 'W1EVW');
    const here = await signedIn('everywhere@example.com');
    const others = [await signedIn('everywhere@example.com'), await signedIn('everywhere@example.com')];
    const res = await here.post<{ message: string; signed_out: number }>('/vsignouteverywhere');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SIGNED_OUT_EVERYWHERE, signed_out: 3 });
    expect(await status(here)).toBe(200);
    for (const other of others) expect(await status(other)).toBe(401);
    expect((await anon().post('/vsignouteverywhere')).status).toBe(401);
  });

  it('a fresh PIN sign-in sets a password without the current one; ten minutes later it needs proof again', async () => {
    const registered = anon();
    const reg = await registered.post<{ token: string }>('/vregister', { email: 'nopw@example.com', my_callsign: 'W1NPW' });
    registered.token = reg.body.token;
    offsetMs += 11 * 60_000;
    const late = await registered.post<{ errors: Record<string, string[]> }>('/vupdateprofile', { password: 'first password', password_confirmation: 'first password' });
    expect(late.status).toBe(422);
    expect(late.body.errors.current_password).toEqual([FRESH_PIN_REQUIRED]);

    const byPin = await pinSignIn('W1NPW', 'nopw@example.com');
    expect((await byPin.post('/vupdateprofile', { password: 'first password', password_confirmation: 'first password' })).status).toBe(200);
    expect(await status(registered)).toBe(401);
    offsetMs += 11 * 60_000;
    const stale = await byPin.post<{ errors: Record<string, string[]> }>('/vupdateprofile', { password: 'second password', password_confirmation: 'second password' });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.current_password).toEqual([CURRENT_PASSWORD_REQUIRED]);
  });

  it("closes account pre-hijacking: the owner's PIN sign-in and new password end the squatter's sessions and password", async () => {
    // Someone registers with the owner's email before the owner does, sets a password and keeps the token.
    const squatter = anon();
    await squatter.signUp('owner@example.com', 'W1OWN', 'squatter password');
    const sub = await squatter.post<{ user: { sub_accounts: { id: string }[] } }>('/vaddsubaccount', { callsign: 'W1OWN/P' });
    expect(sub.status).toBe(200);
    const intoSub = anon();
    const switched = await squatter.post<{ token: string }>('/vLoginToSubaccount', { sub_account_id: sub.body.user.sub_accounts[0]?.id });
    intoSub.token = switched.body.token;
    expect(await status(intoSub)).toBe(200);
    const squatterLater = await signedIn('owner@example.com', 'squatter password');

    // The owner gets the PIN by mail, signs in with it and sets a password.
    const owner = await pinSignIn('W1OWN', 'owner@example.com');
    expect((await owner.post('/vupdateprofile', { password: 'the owner only', password_confirmation: 'the owner only' })).status).toBe(200);

    for (const c of [squatter, squatterLater, intoSub]) expect(await status(c)).toBe(401);
    const oldPassword = await anon().post('/vlogin', { email: 'owner@example.com', password: 'squatter password' });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body.message).toBe(LOGIN_FAILED);
    expect(await status(owner)).toBe(200);
    expect((await anon().post('/vlogin', { email: 'owner@example.com', password: 'the owner only' })).status).toBe(200);
  });

  it('a session from the API key logs, reads and reports the rig, but may not change the profile, password, email or key (403)', async () => {
    const full = anon();
    await full.signUp('key@example.com', 'W1KEY');
    const apiKey = (await full.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const app = anon();
    const login = await app.post<{ token: string }>('/vapikeylogin', { api_key: apiKey });
    expect(login.status).toBe(200);
    app.token = login.body.token;

    expect(await status(app)).toBe(200);
    const logged = await app.post('/vqso/upsert', { data: { Call: 'dl1abc', TS: '2025-01-01T12:00:30Z', Freq: 14074.123, Mode: 'FT8' } });
    expect(logged.status).toBe(201);
    expect((await app.post('/radio', { key: apiKey, radio: 'IC-7300', frequency: 14074000, mode: 'USB' })).status).toBe(200);

    const refusals = [
      await app.post('/vupdateprofile', profileForm('key@example.com', { name: 'Renamed' })),
      await app.post('/vupdateprofile', { password: 'taken over now', password_confirmation: 'taken over now', current_password: PASSWORD }),
      await app.post('/vupdateprofile', profileForm('thief@example.com')),
      await app.post('/vnewapikey'),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(KEY_SESSION_OUT_OF_SCOPE);
    }
    expect((await anon().post('/vlogin', { email: 'key@example.com', password: PASSWORD })).status).toBe(200);
    // A new key ends the sessions signed in with the old one (decision 0049); the owner's stays.
    expect((await full.post('/vnewapikey')).status).toBe(200);
    expect(await status(app)).toBe(401);
    expect(await status(full)).toBe(200);
  });
});

describe('login and PIN limits that a stranger cannot turn against the owner (embedded runtime)', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
    await new ApiClient(t.url).signUp('target@example.com', 'W1TGT');
    await new ApiClient(t.url).signUp('pinowner@example.com', 'W1PNO');
  });
  afterAll(async () => t?.stop());

  it('limits password guesses for one account from many addresses, and the owner still signs in by PIN', async () => {
    for (const from of ['127.0.0.11', '127.0.0.12', '127.0.0.13']) {
      for (let i = 0; i < 10; i += 1) {
        expect((await postFrom(t.url, '/vlogin', { email: 'target@example.com', password: `guess ${from} ${i}` }, { from })).status).toBe(401);
      }
    }
    const owner = '127.0.0.14';
    const limited = await postFrom(t.url, '/vlogin', { email: 'target@example.com', password: PASSWORD }, { from: owner });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_ACCOUNT_LOGIN_ATTEMPTS);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await postFrom(t.url, '/vsendpin', { callsign: 'W1TGT' }, { from: owner })).status).toBe(200);
    const byPin = await postFrom(t.url, '/vpinlogin', { callsign: 'W1TGT', pin: await latestPin(t.dataDir, 'target@example.com') }, { from: owner });
    expect(byPin.status).toBe(200);
  }, 60_000);

  it("a stranger's wrong PINs end only that PIN: the owner's next PIN works at once", async () => {
    const owner = '127.0.0.21';
    const stranger = '127.0.0.22';
    expect((await postFrom(t.url, '/vsendpin', { callsign: 'W1PNO' }, { from: owner })).status).toBe(200);
    const pin = (await latestPin(t.dataDir, 'pinowner@example.com')) as string;
    const wrong = pin === '00000000' ? '00000001' : '00000000';
    for (let i = 0; i < 5; i += 1) {
      const guess = await postFrom(t.url, '/vpinlogin', { callsign: 'W1PNO', pin: wrong }, { from: stranger });
      expect(guess.status).toBe(401);
    }
    const spent = await postFrom(t.url, '/vpinlogin', { callsign: 'W1PNO', pin }, { from: owner });
    expect(spent.status).toBe(401);
    expect(spent.body.message).toBe(WRONG_PIN);

    expect((await postFrom(t.url, '/vsendpin', { callsign: 'W1PNO' }, { from: owner })).status).toBe(200);
    const fresh = await postFrom(t.url, '/vpinlogin', { callsign: 'W1PNO', pin: await latestPin(t.dataDir, 'pinowner@example.com') }, { from: owner });
    expect(fresh.status).toBe(200);
  });
});
