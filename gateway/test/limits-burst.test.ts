/**
 * Limits hold under concurrency (issue 20 finding 1, decision 0047): every limiter takes its slot
 * before the slow work (argon2, the PIN check, the append), so a burst sent all at once gets no
 * more through than the same requests sent one by one.
 */
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_LOGIN_FAILED,
  LOGIN_FAILED,
  PIN_MAIL_SUBJECT,
  TOO_MANY_API_KEY_LOGINS,
  TOO_MANY_CURRENT_PASSWORD_ATTEMPTS,
  TOO_MANY_LOGIN_ATTEMPTS,
  TOO_MANY_MESSAGES,
  TOO_MANY_PAGE_VIEWS,
  TOO_MANY_PIN_ATTEMPTS,
  TOO_MANY_PIN_REQUESTS,
  WRONG_PIN,
} from '@hamlog/domain';
import { callFrom, postFrom } from './from-address';
import { readMailbox } from './mailbox';
import { subscribe } from './people-helpers';
import { ApiClient, startTestServer, type Answer, type TestServer } from './server-harness';

/** The numbers each limiter keeps (decisions 0021, 0047): a burst may not get past them. */
const WRONG_PASSWORDS_PER_ACCOUNT_AND_ADDRESS = 10;
const WRONG_PINS_PER_ADDRESS = 30;
const BAD_API_KEYS_PER_ADDRESS = 20;
const MESSAGES_PER_WINDOW = 30;
const WRONG_CURRENT_PASSWORDS_PER_ACCOUNT = 10;
const PIN_MAILS_PER_CALLSIGN_AND_ADDRESS = 5;
const PAGE_VIEWS_PER_MINUTE = 120;

/**
 * Sends `n` requests at once from one loopback address over connections opened beforehand, so
 * they reach the server together (new connections would trickle in one by one).
 */
async function burst(base: string, from: string, n: number, path: string, body: (i: number) => unknown, token?: string): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: n, localAddress: from });
  const options = { from, agent, ...(token ? { token } : {}) };
  try {
    await Promise.all(Array.from({ length: n }, () => callFrom(base, 'GET', '/healthz', undefined, options)));
    return await Promise.all(Array.from({ length: n }, (_, i) => callFrom(base, 'POST', `/api${path}`, body(i), options)));
  } finally {
    agent.destroy();
  }
}
const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

/** Every answer is the limiter's refusal or the attempt's own: nothing else (no 5xx) under the burst. */
function expectOnly(answers: Answer[], allowed: number[]): void {
  const odd = answers.filter((a) => !allowed.includes(a.status));
  expect(odd.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
}

function expectRefusals(answers: Answer[], message: string): void {
  for (const refused of answers.filter((a) => a.status === 429)) {
    expect(refused.body).toEqual({ message });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

describe('limits under concurrent bursts (embedded runtime)', () => {
  let t: TestServer;
  let owner: ApiClient;
  let ownerId = '';
  let recipientId = '';

  beforeAll(async () => {
    t = await startTestServer();
    owner = new ApiClient(t.url);
    ownerId = await owner.signUp('burst@example.com', 'W1BST', 'the-right-password');
    recipientId = await new ApiClient(t.url).signUp('inbox@example.com', 'W1INB');
  });
  afterAll(async () => t?.stop());

  it('100 concurrent wrong passwords for one account from one address: 10 are tried, the rest wait', async () => {
    const answers = await burst(t.url, '127.0.0.31', 100, '/vlogin', (i) => ({ email: 'burst@example.com', password: `guess ${i}` }));
    expectOnly(answers, [401, 429]);
    expect(count(answers, 401)).toBe(WRONG_PASSWORDS_PER_ACCOUNT_AND_ADDRESS);
    for (const wrong of answers.filter((a) => a.status === 401)) expect(wrong.body).toEqual({ message: LOGIN_FAILED });
    expectRefusals(answers, TOO_MANY_LOGIN_ATTEMPTS);
    // Even the right password waits now, from that address.
    const rightPassword = { email: 'burst@example.com', password: 'the-right-password' };
    expect((await postFrom(t.url, '/vlogin', rightPassword, { from: '127.0.0.31' })).status).toBe(429);
    // The refused requests took nothing: the account's own limit (30 from anywhere) still lets its owner in from elsewhere.
    expect((await postFrom(t.url, '/vlogin', rightPassword, { from: '127.0.0.32' })).status).toBe(200);
  }, 120_000);

  it(`60 concurrent wrong PINs from one address: ${WRONG_PINS_PER_ADDRESS} are checked`, async () => {
    const answers = await burst(t.url, '127.0.0.33', 60, '/vpinlogin', (i) => ({ callsign: i % 2 ? 'W1BST' : `ZZ${i}PIN`, pin: String(10_000_000 + i) }));
    expectOnly(answers, [401, 429]);
    expect(count(answers, 401)).toBe(WRONG_PINS_PER_ADDRESS);
    for (const wrong of answers.filter((a) => a.status === 401)) expect(wrong.body).toEqual({ message: WRONG_PIN });
    expectRefusals(answers, TOO_MANY_PIN_ATTEMPTS);
  }, 60_000);

  it(`60 concurrent sign-ins with a bad API key from one address: ${BAD_API_KEYS_PER_ADDRESS} are checked`, async () => {
    const answers = await burst(t.url, '127.0.0.34', 60, '/vapikeylogin', (i) => ({ api_key: `not-a-key-${i}` }));
    expectOnly(answers, [401, 429]);
    expect(count(answers, 401)).toBe(BAD_API_KEYS_PER_ADDRESS);
    for (const wrong of answers.filter((a) => a.status === 401)) expect(wrong.body).toEqual({ message: API_KEY_LOGIN_FAILED });
    expectRefusals(answers, TOO_MANY_API_KEY_LOGINS);
  }, 60_000);

  it(`60 concurrent direct messages: ${MESSAGES_PER_WINDOW} are delivered`, async () => {
    await subscribe(t, ownerId, 'premium', null);
    const answers = await burst(t.url, '127.0.0.35', 60, '/vsendmessage', (i) => ({ message: `Burst message number ${i}`, recipient_id: recipientId }), owner.token!);
    expectOnly(answers, [201, 429]);
    expect(count(answers, 201)).toBe(MESSAGES_PER_WINDOW);
    expectRefusals(answers, TOO_MANY_MESSAGES);
  }, 60_000);

  it('20 concurrent PIN requests for one callsign from one address: 5 mails, every request counted', async () => {
    const answers = await burst(t.url, '127.0.0.37', 20, '/vsendpin', () => ({ callsign: 'W1INB' }));
    expectOnly(answers, [200, 429]);
    expect(count(answers, 200)).toBe(PIN_MAILS_PER_CALLSIGN_AND_ADDRESS);
    expectRefusals(answers, TOO_MANY_PIN_REQUESTS);
    await expect.poll(async () => (await readMailbox(t.dataDir)).filter((m) => m.to === 'inbox@example.com' && m.subject === PIN_MAIL_SUBJECT).length).toBe(PIN_MAILS_PER_CALLSIGN_AND_ADDRESS);
  }, 60_000);

  it(`${PAGE_VIEWS_PER_MINUTE + 30} concurrent page views from one address: ${PAGE_VIEWS_PER_MINUTE} are written`, async () => {
    const answers = await burst(t.url, '127.0.0.38', PAGE_VIEWS_PER_MINUTE + 30, '/log-page-view', (i) => ({ page_url: `/home?burst=${i}` }));
    expectOnly(answers, [204, 429]);
    expect(count(answers, 204)).toBe(PAGE_VIEWS_PER_MINUTE);
    expectRefusals(answers, TOO_MANY_PAGE_VIEWS);
  }, 60_000);

  it(`30 concurrent wrong current passwords: ${WRONG_CURRENT_PASSWORDS_PER_ACCOUNT} are checked`, async () => {
    const answers = await burst(t.url, '127.0.0.36', 30, '/vupdateprofile', (i) => ({ current_password: `guess ${i}`, password: 'a-new-password-1', password_confirmation: 'a-new-password-1' }), owner.token!);
    expectOnly(answers, [422, 429]);
    expect(count(answers, 422)).toBe(WRONG_CURRENT_PASSWORDS_PER_ACCOUNT);
    expectRefusals(answers, TOO_MANY_CURRENT_PASSWORD_ATTEMPTS);
  }, 60_000);
});
