import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPE_USER } from '../src/api-types';
import { foldEvents } from '../src/decider';
import { directMessageId, MessageToSelfError, MessagingNotAllowedError, validateDirectMessage } from '../src/direct-messages/rules';
import * as m from '../src/messages';
import { inboxDecider, inboxStreamName, type InboxEvent, type SendDirectMessage } from '../src/notifications/decider';
import { specFor } from './support/given-when-then';

const given = specFor(inboxDecider);
const at = '2025-03-01T10:00:00Z';
const premium = { level: 'premium', expiryDate: null };
const send = (over: Partial<SendDirectMessage['data']> = {}): SendDirectMessage => ({
  type: 'SendDirectMessage',
  data: { messageId: 'dm-1', senderId: 's1', senderCallsign: 'W1AW', senderSubscription: premium, recipientId: 'r1', text: 'Hello there', at, ...over },
});
const received = (id = 'dm-1'): InboxEvent => ({
  type: 'NotificationReceived',
  data: {
    notificationId: id,
    recipientId: 'r1',
    typeId: NOTIFICATION_TYPE_USER,
    subject: 'New message from W1AW',
    message: 'Hello there',
    senderId: 's1',
    senderCallsign: 'W1AW',
    aboutQsoId: null,
    aboutPostId: null,
    aboutCommentId: null,
    at,
  },
});

describe('inbox decider: direct messages', () => {
  it('delivers a message as a type 100 notification, once', () => {
    given([]).when(send()).then([received()]);
    given([received()]).when(send()).then([]);
  });

  it('refuses senders without an active subscription, with the specification text', () => {
    given([]).when(send({ senderSubscription: null })).thenThrows(MessagingNotAllowedError, 'please upgrade to use direct messaging');
    given([]).when(send({ senderSubscription: { level: 'premium', expiryDate: '2025-02-28T00:00:00Z' } })).thenThrows(MessagingNotAllowedError);
  });

  it('refuses a message to yourself', () => {
    given([]).when(send({ recipientId: 's1' })).thenThrows(MessageToSelfError, m.MESSAGE_TO_SELF);
  });
});

describe('inbox decider: reading', () => {
  const read = (ids: string[]) => ({ type: 'MarkNotificationsRead', data: { recipientId: 'r1', notificationIds: ids, at } }) as const;

  it('marks unread notifications read, skipping unknown and already-read ids', () => {
    given([received('a'), received('b')]).when(read(['a', 'a', 'zzz'])).then([{ type: 'NotificationsRead', data: { recipientId: 'r1', notificationIds: ['a'], at } }]);
    given([received('a'), { type: 'NotificationsRead', data: { recipientId: 'r1', notificationIds: ['a'], at } }]).when(read(['a'])).then([]);
    given([]).when(read([])).then([]);
  });

  it('folds into the received and unread ids', () => {
    const state = foldEvents(inboxDecider, [received('a'), received('b'), { type: 'NotificationsRead', data: { recipientId: 'r1', notificationIds: ['a'], at } }]);
    expect([...state.received]).toEqual(['a', 'b']);
    expect([...state.unread]).toEqual(['b']);
    expect(inboxStreamName('r1')).toBe('inbox-r1');
  });
});

describe('direct message rules', () => {
  it('trims and checks the length with the specification texts', () => {
    expect(validateDirectMessage({ message: '  hi  ', recipient_id: 'r1' })).toEqual({ ok: false, errors: { message: [m.MESSAGE_TOO_SHORT] } });
    expect(m.MESSAGE_TOO_SHORT).toBe('Message too short. Please enter a message with at least 5 characters.');
    expect(m.MESSAGE_TOO_LONG).toBe('Message too long. Please enter a message with less than 500 characters.');
    expect(validateDirectMessage({ message: 'x'.repeat(501), recipient_id: 'r1' })).toEqual({ ok: false, errors: { message: [m.MESSAGE_TOO_LONG] } });
    expect(validateDirectMessage({ message: ` ${'x'.repeat(500)} `, recipient_id: 'r1' })).toMatchObject({ ok: true, value: { text: 'x'.repeat(500) } });
    expect(validateDirectMessage({ message: ' hello ', recipient_id: 'r1' })).toEqual({ ok: true, value: { text: 'hello', recipientId: 'r1', clientMessageId: null } });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateDirectMessage({ message: '📻📻📻📻📻', recipient_id: 'r1' }).ok).toBe(true);
    expect(validateDirectMessage({ message: '📻'.repeat(501), recipient_id: 'r1' }).ok).toBe(false);
  });

  it('needs a recipient and a well-formed optional message id', () => {
    expect(validateDirectMessage({ message: 'hello', recipient_id: '' })).toEqual({ ok: false, errors: { recipient_id: [m.MESSAGE_RECIPIENT_REQUIRED] } });
    expect(validateDirectMessage({ message: 'hello', recipient_id: 42 })).toMatchObject({ ok: true, value: { recipientId: '42' } });
    expect(validateDirectMessage({ message: 'hello', recipient_id: 'r1', message_id: 'a b' })).toEqual({ ok: false, errors: { message_id: [m.MESSAGE_ID_INVALID] } });
    expect(validateDirectMessage({ message: 'hello', recipient_id: 'r1', message_id: 'abc-123' })).toMatchObject({ ok: true, value: { clientMessageId: 'abc-123' } });
  });

  it('derives the same id for a resend in the same minute or with the same client id', () => {
    const input = { text: 'hello', recipientId: 'r1', clientMessageId: null };
    const t = new Date('2025-03-01T10:00:05Z');
    expect(directMessageId('s1', input, t)).toBe(directMessageId('s1', input, new Date('2025-03-01T10:00:55Z')));
    expect(directMessageId('s1', input, t)).not.toBe(directMessageId('s1', input, new Date('2025-03-01T10:01:00Z')));
    expect(directMessageId('s1', input, t)).not.toBe(directMessageId('s2', input, t));
    const withId = { ...input, clientMessageId: 'c-1' };
    expect(directMessageId('s1', withId, t)).toBe(directMessageId('s1', withId, new Date('2025-03-02T00:00:00Z')));
    expect(directMessageId('s1', input, t)).toMatch(/^dm-[0-9a-f]{32}$/);
  });
});
