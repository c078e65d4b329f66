/**
 * Many writes to one stream at the same moment: each is retried against the latest state, and a
 * conflict that outlasts the retries is a 409 with a message for people, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_CHANGE } from '@hamlog/infra/http/error-answers';
import { EMAIL_TAKEN, MY_CALLSIGN_TAKEN, type InboxAnswer, type QsoHistoryAnswer, type SendMessageAnswer } from '@hamlog/domain';
import { subscribe } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type Answer, type TestServer } from './server-harness';

const N = 25;

/** Every answer is a success or the concurrent-change 409; none is a server fault. */
function expectNoFaults<T>(answers: Answer<T>[]): Answer<T>[] {
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    if (a.status === 409) expect(a.body).toEqual({ message: CONCURRENT_CHANGE });
    else expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
  }
  return answers.filter((a) => a.status < 300);
}

describe('concurrent writes to one stream (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
  });
  afterAll(async () => t?.stop());

  it(`${N} concurrent edits of one QSO: none fails, the QSO is one of them and its history has every one`, async () => {
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'OH2BH', TS: '2025-03-04T05:06:07Z', Freq: 7030.5, Mode: 'CW', Comment: 'start' } });
    expect(logged.status).toBe(201);
    const qdoId = logged.body.qdo_id;
    const comments = Array.from({ length: N }, (_, i) => `edit ${i}`);
    const answers = await Promise.all(comments.map((Comment) => alice.post('/vqso/update', { qdo_id: qdoId, Comment })));
    // Writers of one process take turns on a stream: none of them has to give up.
    const ok = expectNoFaults(answers);
    expect(ok).toHaveLength(N);

    const { body } = await alice.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: qdoId });
    const applied = answers.flatMap((a, i) => (a.status === 200 ? [comments[i]!] : []));
    expect(applied).toContain(body.qso.Comment);
    const updates = body.history.filter((h) => h.event === 'QsoUpdated');
    // Each edit that answered 200 changed the comment from whatever it was, so each wrote one event.
    expect(updates).toHaveLength(ok.length);
    expect(updates[updates.length - 1]?.changes).toContainEqual(expect.objectContaining({ field: 'Comment', to: body.qso.Comment }));
  }, 60_000);

  it(`${N} concurrent deletes and restores of one QSO: no fault, and the QSO ends in a known state`, async () => {
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: '2025-03-05T05:06:07Z', Freq: 14020, Mode: 'CW' } });
    const qdoId = logged.body.qdo_id;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => alice.post(i % 2 ? '/vqso/restore' : '/vqso/nuke', { qdo_id: qdoId })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect((await alice.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: qdoId })).status).toBe(200);
  }, 60_000);

  it(`${N} concurrent messages to one user: every one that succeeded is in the inbox exactly once`, async () => {
    await subscribe(t, aliceId, 'premium', null);
    const texts = Array.from({ length: N }, (_, i) => `Concurrent hello number ${i}`);
    const answers = await Promise.all(texts.map((message) => alice.post<SendMessageAnswer>('/vsendmessage', { message, recipient_id: bobId })));
    const ok = expectNoFaults(answers);
    expect(ok.length).toBe(N);
    const delivered = texts.filter((_, i) => answers[i]!.status === 201);
    await expect.poll(async () => (await bob.post<{ notification_count: number }>('/vsr')).body.notification_count, { timeout: 10_000 }).toBe(delivered.length);
    const inbox = (await bob.post<InboxAnswer>('/vinbox')).body.notifications.map((n) => n.message);
    expect(inbox.sort()).toEqual([...delivered].sort());
  }, 60_000);

  it(`${N} concurrent follows, profile edits, sub-accounts, rig reports and loggings of one contact: all succeed`, async () => {
    const follows = Array.from({ length: N }, (_, i) => bob.post('/vsetfollowstate', { user_id: aliceId, follow_level: i % 2 }));
    const profiles = Array.from({ length: N }, (_, i) => alice.post('/vupdateprofile', { name: 'Alice', email: 'alice@example.com', grid: 'FN31', qth: `Town ${i}` }));
    const subs = Array.from({ length: 8 }, (_, i) => alice.post('/vaddsubaccount', { callsign: `W1AW/${i}` }));
    const key = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const rig = Array.from({ length: N }, (_, i) => alice.post('/radio', { key, radio: 'IC-705', frequency: 7_074_000 + i * 1000, mode: 'USB' }));
    const logs = Array.from({ length: N }, () => alice.post('/vqso/upsert', { data: { Call: 'DL1ABC', TS: '2025-03-06T05:06:07Z', Freq: 14020, Mode: 'CW' } }));
    const answers = expectNoFaults(await Promise.all([...follows, ...profiles, ...subs, ...rig, ...logs]));
    expect(answers).toHaveLength(4 * N + 8);
    // The same contact logged 25 times at once is one QSO.
    expect(new Set(answers.slice(-N).map((a) => a.body.qdo_id)).size).toBe(1);
  }, 60_000);

  it('concurrent registrations with one email: one account, the others are told it is taken', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => new ApiClient(t.url).post('/vregister', { email: 'same@example.com', my_callsign: `K${i}SAME` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect((a.body as { errors: Record<string, string[]> }).errors.email).toEqual([EMAIL_TAKEN]);
    }
    const sameCall = await Promise.all(Array.from({ length: 5 }, (_, i) => new ApiClient(t.url).post('/vregister', { email: `call-${i}@example.com`, my_callsign: 'K9RACE' })));
    expect(sameCall.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of sameCall.filter((x) => x.status !== 200)) expect((a.body as { errors: Record<string, string[]> }).errors.my_callsign).toEqual([MY_CALLSIGN_TAKEN]);
  }, 60_000);
});
