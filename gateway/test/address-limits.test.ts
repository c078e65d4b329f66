/**
 * Limits per address across accounts: one address may fail 50 password logins and ask for 20 PIN
 * mails in 15 minutes, whichever emails or callsigns it names; then it waits (429, Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MAIL_SUBJECT, PIN_SENT, TOO_MANY_LOGIN_ATTEMPTS, TOO_MANY_PIN_REQUESTS } from '@hamlog/domain';
import { readMailbox } from './mailbox';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

describe('limits per address', () => {
  let t: TestServer;
  const anon = () => new ApiClient(t.url);

  beforeAll(async () => {
    t = await startTestServer();
    await anon().signUp('real@example.com', 'W1REAL', 'real-password-123');
  });
  afterAll(async () => t?.stop());

  it('50 failed password logins with 50 different emails, then even the right password waits', async () => {
    // Under the per-account limit (10) for each email: only the per-address limit can stop this.
    for (let i = 0; i < 50; i += 1) {
      const res = await anon().post('/vlogin', { email: `nobody-${i}@example.com`, password: 'wrong-password' });
      expect(res.status, `try ${i + 1}`).toBe(401);
    }
    const blocked = await anon().post('/vlogin', { email: 'real@example.com', password: 'real-password-123' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toEqual({ message: TOO_MANY_LOGIN_ATTEMPTS });
  }, 120_000);

  it('20 PIN mails with 20 different callsigns, then no more mail is sent', async () => {
    // Under the per-callsign limit (5) for each callsign: only the per-address limit can stop this.
    for (let i = 0; i < 19; i += 1) {
      const res = await anon().post('/vsendpin', { callsign: `ZZ${i}PIN` });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    expect((await anon().post('/vsendpin', { callsign: 'W1REAL' })).body).toEqual({ message: PIN_SENT });
    const pinMails = async () => (await readMailbox(t.dataDir)).filter((m) => m.subject === PIN_MAIL_SUBJECT).length;
    const mails = await pinMails();
    expect(mails).toBe(1);
    const blocked = await anon().post('/vsendpin', { callsign: 'W1REAL' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toEqual({ message: TOO_MANY_PIN_REQUESTS });
    expect(await pinMails()).toBe(mails);
  });
});
