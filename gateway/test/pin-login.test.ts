import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_SEND_FAILED, PIN_SENT, WRONG_PIN } from '@hamlog/domain';
import { latestPin, readMailbox } from './mailbox';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

interface AuthBody {
  token: string;
  user: { id: string; my_callsign: string; email: string; api_key: string; qth: string; sub_accounts: unknown[] };
  subscription: { level: string; expiryDate: string | null };
}

describe('PIN login (embedded runtime, file mailbox, movable clock)', () => {
  let t: TestServer;
  let offsetMs = 0;
  const anon = () => new ApiClient(t.url);

  beforeAll(async () => {
    t = await startTestServer({}, { now: () => new Date(Date.now() + offsetMs) });
    await new ApiClient(t.url).signUp('pin@example.com', 'W1PIN');
    await new ApiClient(t.url).signUp('expiry@example.com', 'W1EXP');
    await new ApiClient(t.url).signUp('guess@example.com', 'W1GES');
  });
  afterAll(async () => t?.stop());

  it('mails a PIN that logs in once, answering token, the full user and the subscription', async () => {
    const sent = await anon().post('/vsendpin', { callsign: ' w1pin ' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(PIN_SENT);
    const pin = await latestPin(t.dataDir, 'pin@example.com');
    expect(pin).toMatch(/^\d{8}$/);

    const c = anon();
    const login = await c.post<AuthBody>('/vpinlogin', { callsign: 'W1PIN', pin });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ my_callsign: 'W1PIN', email: 'pin@example.com', qth: '', sub_accounts: [] });
    expect(login.body.user.api_key).toEqual(expect.any(String));
    expect(login.body.subscription).toEqual({ level: 'free', expiryDate: null });
    c.token = login.body.token;
    expect((await c.call<{ user: { my_callsign: string } }>('GET', '/vuser')).body.user.my_callsign).toBe('W1PIN');

    const again = await anon().post('/vpinlogin', { callsign: 'W1PIN', pin });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(WRONG_PIN);
  });

  it('accepts only the latest PIN', async () => {
    await anon().post('/vsendpin', { callsign: 'W1PIN' });
    const older = await latestPin(t.dataDir, 'pin@example.com');
    await anon().post('/vsendpin', { callsign: 'W1PIN' });
    const newer = await latestPin(t.dataDir, 'pin@example.com');
    expect(newer).not.toBeNull();
    if (older !== newer) expect((await anon().post('/vpinlogin', { callsign: 'W1PIN', pin: older })).status).toBe(401);
    expect((await anon().post('/vpinlogin', { callsign: 'W1PIN', pin: newer })).status).toBe(200);
  });

  it('expires a PIN after 15 minutes', async () => {
    await anon().post('/vsendpin', { callsign: 'W1EXP' });
    const pin = await latestPin(t.dataDir, 'expiry@example.com');
    offsetMs += 15 * 60_000 + 1_000;
    const late = await anon().post('/vpinlogin', { callsign: 'W1EXP', pin });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(WRONG_PIN);
    await anon().post('/vsendpin', { callsign: 'W1EXP' });
    const fresh = await latestPin(t.dataDir, 'expiry@example.com');
    offsetMs += 14 * 60_000;
    expect((await anon().post('/vpinlogin', { callsign: 'W1EXP', pin: fresh })).status).toBe(200);
  });

  it('answers an unknown callsign exactly like a known one, and sends nothing', async () => {
    const before = (await readMailbox(t.dataDir)).length;
    const unknown = await anon().post('/vsendpin', { callsign: 'ZZ9ZZZ' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: PIN_SENT });
    expect((await readMailbox(t.dataDir)).length).toBe(before);
    const login = await anon().post('/vpinlogin', { callsign: 'ZZ9ZZZ', pin: '12345678' });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(WRONG_PIN);
  });

  it('refuses bad input with the specification’s text and writes nothing', async () => {
    const before = (await readMailbox(t.dataDir)).length;
    for (const callsign of ['AB', '', 'X'.repeat(31)]) {
      const res = await anon().post<{ message: string; errors: Record<string, string[]> }>('/vsendpin', { callsign });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Callsign must be between 3 and 30 characters');
      expect(res.body.errors.callsign?.[0]).toBe('Callsign must be between 3 and 30 characters');
    }
    expect((await anon().post('/vpinlogin', { callsign: 'W1PIN' })).status).toBe(422);
    expect((await anon().post('/vpinlogin', { callsign: 'W1', pin: '1' })).status).toBe(422);
    expect((await readMailbox(t.dataDir)).length).toBe(before);
  });

  it('ends a PIN after 5 wrong guesses at it (even the right one is refused), and the next PIN works at once', async () => {
    await anon().post('/vsendpin', { callsign: 'W1GES' });
    const pin = await latestPin(t.dataDir, 'guess@example.com');
    const wrong = pin === '00000000' ? '00000001' : '00000000';
    for (let i = 0; i < 5; i += 1) expect((await anon().post('/vpinlogin', { callsign: 'W1GES', pin: wrong })).status).toBe(401);
    const spent = await anon().post('/vpinlogin', { callsign: 'W1GES', pin });
    expect(spent.status).toBe(401);
    expect(spent.body.message).toBe(WRONG_PIN);
    // No wait for the owner (decision 0021): a new PIN starts with no wrong guesses.
    await anon().post('/vsendpin', { callsign: 'W1GES' });
    expect((await anon().post('/vpinlogin', { callsign: 'W1GES', pin: await latestPin(t.dataDir, 'guess@example.com') })).status).toBe(200);
  });

  it('limits PIN mails per callsign (429, Retry-After)', async () => {
    offsetMs += 16 * 60_000;
    for (let i = 0; i < 5; i += 1) expect((await anon().post('/vsendpin', { callsign: 'W1EXP' })).status).toBe(200);
    const blocked = await anon().post('/vsendpin', { callsign: 'W1EXP' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many PIN requests/);
  });

  it('limits guessing per address across callsigns', async () => {
    offsetMs += 16 * 60_000;
    for (let i = 0; i < 30; i += 1) {
      expect((await anon().post('/vpinlogin', { callsign: `ZZ${i}ABC`, pin: '12345678' })).status).toBe(401);
    }
    const blocked = await anon().post('/vpinlogin', { callsign: 'ZZ99XYZ', pin: '12345678' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('PIN mail that cannot be sent', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 1: the SMTP adapter fails to connect.
    t = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'HamLog <pins@example.com>' });
    await new ApiClient(t.url).signUp('nomail@example.com', 'W1NML');
  });
  afterAll(async () => t?.stop());

  it('answers 502 with the text the client shows', async () => {
    const res = await new ApiClient(t.url).post('/vsendpin', { callsign: 'W1NML' });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(PIN_SEND_FAILED);
  });
});
