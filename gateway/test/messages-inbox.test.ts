import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_RECIPIENT_NOT_FOUND,
  MESSAGE_TOO_LONG,
  MESSAGE_TOO_SHORT,
  MESSAGE_TO_SELF,
  MESSAGING_UPGRADE_REQUIRED,
  type InboxAnswer,
  type SendMessageAnswer,
  type StatusAnswer,
} from '@hamlog/domain';
import { rebuild, subscribe } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

describe('direct messages and the inbox: /api/vsendmessage, /vinbox, /vsr', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
  });
  afterAll(async () => t?.stop());

  it('refuses a sender without a subscription with the specification text, and visitors', async () => {
    const res = await alice.post('/vsendmessage', { message: 'Hello Bob, 73!', recipient_id: bobId });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGING_UPGRADE_REQUIRED });
    expect((await new ApiClient(t.url).post('/vsendmessage', { message: 'Hello Bob, 73!', recipient_id: bobId })).status).toBe(401);
    await subscribe(t, aliceId, 'premium', '2020-01-01T00:00:00Z');
    expect((await alice.post('/vsendmessage', { message: 'Hello Bob, 73!', recipient_id: bobId })).status).toBe(403);
    expect((await bob.post<StatusAnswer>('/vsr')).body.notification_count).toBe(0);
  });

  it('checks the message with the specification texts, the recipient and yourself', async () => {
    await subscribe(t, aliceId, 'premium', null);
    const short = await alice.post<{ message: string; errors: Record<string, string[]> }>('/vsendmessage', { message: '  hey  ', recipient_id: bobId });
    expect(short.status).toBe(422);
    expect(short.body.errors.message).toEqual([MESSAGE_TOO_SHORT]);
    const long = await alice.post<{ errors: Record<string, string[]> }>('/vsendmessage', { message: 'x'.repeat(501), recipient_id: bobId });
    expect(long.status).toBe(422);
    expect(long.body.errors.message).toEqual([MESSAGE_TOO_LONG]);
    const nobody = await alice.post('/vsendmessage', { message: 'Hello there', recipient_id: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: MESSAGE_RECIPIENT_NOT_FOUND });
    const self = await alice.post('/vsendmessage', { message: 'Note to self', recipient_id: aliceId });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe(MESSAGE_TO_SELF);
    expect((await alice.post('/vsendmessage', { message: 'Hello there' })).status).toBe(422);
    expect((await bob.post<StatusAnswer>('/vsr')).body.notification_count).toBe(0);
  });

  it('delivers a message once, however often it is resent', async () => {
    const text = 'Hello Bob <b>not bold</b> & 73!';
    const sent = await alice.post<SendMessageAnswer>('/vsendmessage', { message: `  ${text}  `, recipient_id: bobId });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'ok', duplicate: false });
    const resent = await alice.post<SendMessageAnswer>('/vsendmessage', { message: text, recipient_id: bobId });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ status: 'ok', message_id: sent.body.message_id, duplicate: true });
    const withId = { message: 'Second message, with an id', recipient_id: bobId, message_id: 'client-42' };
    const a = await alice.post<SendMessageAnswer>('/vsendmessage', withId);
    const b = await alice.post<SendMessageAnswer>('/vsendmessage', withId);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.message_id).toBe(a.body.message_id);
  });

  it('shows the unread count, then the inbox, which marks what it showed read', async () => {
    await expect.poll(async () => (await bob.post<StatusAnswer>('/vsr')).body.notification_count).toBe(2);
    const status = await bob.post<StatusAnswer>('/vsr');
    expect(status.body).toMatchObject({ live_stream_count: 0, subscription: { level: 'free', expiryDate: null }, following: [] });

    const inbox = await bob.post<InboxAnswer>('/vinbox');
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('content-type')).toMatch(/^application\/json/);
    expect(inbox.body.OldNotifications).toEqual([]);
    expect(inbox.body.notifications).toHaveLength(2);
    const first = inbox.body.notifications.find((n) => n.message.startsWith('Hello Bob'));
    expect(first).toMatchObject({
      type_id: 100,
      subject: 'New message from W1AW',
      message: 'Hello Bob <b>not bold</b> & 73!',
      sender: { id: aliceId, my_callsign: 'W1AW', profile_image_name: 'missing.JPG' },
      about_qso_id: null,
      about_post_id: null,
      about_comment_id: null,
    });
    expect(first?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    expect((await bob.post<StatusAnswer>('/vsr')).body.notification_count).toBe(0);
    const later = await bob.post<InboxAnswer>('/vinbox');
    expect(later.body.notifications).toEqual([]);
    expect(later.body.OldNotifications.map((n) => n.id).sort()).toEqual(inbox.body.notifications.map((n) => n.id).sort());
    expect(later.headers.get('x-log-position')).toBeNull();
  });

  it("keeps inboxes apart: the sender's inbox is empty, visitors are refused", async () => {
    expect((await alice.post<InboxAnswer>('/vinbox')).body).toEqual({ notifications: [], OldNotifications: [] });
    expect((await alice.post<StatusAnswer>('/vsr')).body).toMatchObject({ notification_count: 0, subscription: { level: 'premium', expiryDate: null } });
    expect((await new ApiClient(t.url).post('/vinbox')).status).toBe(401);
  });

  it('lets a sub-account message on its main account’s subscription', async () => {
    const added = await alice.post<{ user: { sub_accounts: { id: string; callsign: string }[] } }>('/vaddsubaccount', { callsign: 'W1AW/M' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const subId = added.body.user.sub_accounts.find((s) => s.callsign === 'W1AW/M')?.id;
    const switched = await alice.post<{ token: string }>('/vLoginToSubaccount', { sub_account_id: subId });
    expect(switched.status).toBe(200);
    const mobile = new ApiClient(t.url);
    mobile.token = switched.body.token;
    const sent = await mobile.post<SendMessageAnswer>('/vsendmessage', { message: 'From the car, 73', recipient_id: bobId });
    expect(sent.status).toBe(201);
    await expect.poll(async () => (await bob.post<StatusAnswer>('/vsr')).body.notification_count).toBe(1);
    const inbox = await bob.post<InboxAnswer>('/vinbox');
    expect(inbox.body.notifications[0]).toMatchObject({ subject: 'New message from W1AW/M', sender: { id: subId, my_callsign: 'W1AW/M' } });
  });

  it('rebuilds the inbox and follows from the log to the same answers', async () => {
    await bob.post('/vsetfollowstate', { user_id: aliceId, follow_level: 1 });
    const before = { status: (await bob.post<StatusAnswer>('/vsr')).body, inbox: (await bob.post<InboxAnswer>('/vinbox')).body };
    expect(before.inbox.OldNotifications).toHaveLength(3);
    await rebuild(t, ['notifications', 'follows']);
    await expect.poll(async () => (await bob.post<InboxAnswer>('/vinbox')).body.OldNotifications.length).toBe(3);
    expect((await bob.post<InboxAnswer>('/vinbox')).body).toEqual(before.inbox);
    await expect.poll(async () => (await bob.post<StatusAnswer>('/vsr')).body).toEqual(before.status);
  });
});
