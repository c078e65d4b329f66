/**
 * Signing a mobile app in with the settings' QR code: the JSON the web client encodes (domain's
 * mobileSignInCode) is all the app has, and POST {api}/vapikeylogin with its api_key must give it
 * a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LOGIN_FAILED, API_KEY_LOGIN_REQUIRED, TOO_MANY_API_KEY_LOGINS } from '@hamlog/domain';
import { mobileSignInCode, type MobileSignIn } from '@hamlog/domain/user/mobile-sign-in';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

interface AuthBody {
  token: string;
  user: { id: string; my_callsign: string; api_key: string };
  subscription: { level: string };
}

/** What the app does with a scanned code: parse it and post its key to its api base. */
async function scanAndSignIn(code: string): Promise<{ status: number; body: Partial<AuthBody> & { message?: string } }> {
  const payload = JSON.parse(code) as MobileSignIn;
  const res = await fetch(`${payload.api}/vapikeylogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ api_key: payload.api_key }),
  });
  return { status: res.status, body: (await res.json()) as Partial<AuthBody> & { message?: string } };
}

describe('POST /api/vapikeylogin (the settings QR code)', () => {
  let t: TestServer;
  let owner: ApiClient;
  let apiKey = '';

  beforeAll(async () => {
    t = await startTestServer();
    owner = new ApiClient(t.url);
    await owner.signUp('qr@example.com', 'W1QR');
    apiKey = (await owner.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
  });
  afterAll(async () => t?.stop());

  it('signs in with exactly the JSON the QR code holds, answering token, user and subscription like /vlogin', async () => {
    const code = mobileSignInCode(`${t.url}/`, 'W1QR', apiKey);
    expect(JSON.parse(code)).toEqual({ app: 'hamlog', v: 1, server: t.url, api: `${t.url}/api`, callsign: 'W1QR', api_key: apiKey });
    const login = await scanAndSignIn(code);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user).toMatchObject({ my_callsign: 'W1QR', api_key: apiKey });
    expect(login.body.subscription).toMatchObject({ level: 'free' });
    // The session is a real one.
    const app = new ApiClient(t.url);
    app.token = login.body.token ?? null;
    const me = await app.call<{ user: { my_callsign: string } }>('GET', '/vuser');
    expect(me.status).toBe(200);
    expect(me.body.user.my_callsign).toBe('W1QR');
  });

  it('refuses a key replaced by /vnewapikey at once, and signs in with the new one', async () => {
    const rotated = await owner.post<{ api_key: string }>('/vnewapikey');
    expect(rotated.status).toBe(200);
    const old = await scanAndSignIn(mobileSignInCode(t.url, 'W1QR', apiKey));
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: API_KEY_LOGIN_FAILED });
    apiKey = rotated.body.api_key;
    expect((await scanAndSignIn(mobileSignInCode(t.url, 'W1QR', apiKey))).status).toBe(200);
  });

  it('answers 401 with a clear message for an unknown key and 422 for none', async () => {
    const bad = await scanAndSignIn(mobileSignInCode(t.url, 'W1QR', 'ffffffffffffffffffffffffffffffff'));
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: API_KEY_LOGIN_FAILED });
    expect(bad.body.token).toBeUndefined();
    const none = await new ApiClient(t.url).post<{ errors: Record<string, string[]> }>('/vapikeylogin', { api_key: '  ' });
    expect(none.status).toBe(422);
    expect(none.body.errors.api_key).toEqual([API_KEY_LOGIN_REQUIRED]);
  });

  it('limits failed keys per address: after 20, even the right key waits (429, Retry-After)', async () => {
    // The rotated and the unknown key above already failed twice from this address.
    for (let i = 2; i < 20; i += 1) {
      expect((await scanAndSignIn(mobileSignInCode(t.url, 'W1QR', `guess-${i}`))).status).toBe(401);
    }
    const res = await fetch(`${t.url}/api/vapikeylogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: apiKey }) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ message: TOO_MANY_API_KEY_LOGINS });
  });
});
