/**
 * A user's inbox, stream `inbox-{userId}`: the notifications they received and which of them they
 * have read. A direct message is delivered here as a notification of type 100 (user); delivering
 * a notification id already in the inbox changes nothing, so a resent message arrives once.
 */
import { NOTIFICATION_TYPE_USER, type Subscription } from '../api-types';
import { isSubscriptionActive } from '../user/subscription';
import { assertNever, type Decider, type Message } from '../decider';
import { directMessageSubject } from '../messages';
import { MessageToSelfError, MessagingNotAllowedError } from '../direct-messages/rules';

export const inboxStreamName = (userId: string): string => `inbox-${userId}`;

export interface NotificationContent {
  notificationId: string;
  recipientId: string;
  typeId: number;
  subject: string;
  /** Plain text as its author typed it. */
  message: string;
  senderId: string | null;
  senderCallsign: string | null;
  aboutQsoId: string | null;
  aboutPostId: string | null;
  aboutCommentId: string | null;
}

export type NotificationReceived = Message<'NotificationReceived', NotificationContent & { at: string }>;
export type NotificationsRead = Message<'NotificationsRead', { recipientId: string; notificationIds: string[]; at: string }>;
export type InboxEvent = NotificationReceived | NotificationsRead;
export const INBOX_EVENT_TYPES = ['NotificationReceived', 'NotificationsRead'] as const satisfies readonly InboxEvent['type'][];

/**
 * The handler has found the sender's callsign and subscription (null for none; a sub-account's is
 * its main account's) and checked that the recipient exists; `text` has passed validateDirectMessage.
 */
export type SendDirectMessage = Message<
  'SendDirectMessage',
  {
    messageId: string;
    senderId: string;
    senderCallsign: string;
    senderSubscription: Subscription | null;
    recipientId: string;
    text: string;
    at: string;
  }
>;
/** Marks the given notifications read; ids unknown or already read are skipped. */
export type MarkNotificationsRead = Message<'MarkNotificationsRead', { recipientId: string; notificationIds: string[]; at: string }>;
export type InboxCommand = SendDirectMessage | MarkNotificationsRead;

export interface InboxState {
  received: ReadonlySet<string>;
  unread: ReadonlySet<string>;
}

export function initialInboxState(): InboxState {
  return { received: new Set(), unread: new Set() };
}

export function decideInbox(command: InboxCommand, state: InboxState): InboxEvent[] {
  switch (command.type) {
    case 'SendDirectMessage': {
      const { messageId, senderId, senderCallsign, senderSubscription, recipientId, text, at } = command.data;
      if (!isSubscriptionActive(senderSubscription, new Date(at))) throw new MessagingNotAllowedError();
      if (senderId === recipientId) throw new MessageToSelfError();
      if (state.received.has(messageId)) return [];
      return [
        {
          type: 'NotificationReceived',
          data: {
            notificationId: messageId,
            recipientId,
            typeId: NOTIFICATION_TYPE_USER,
            subject: directMessageSubject(senderCallsign),
            message: text,
            senderId,
            senderCallsign,
            aboutQsoId: null,
            aboutPostId: null,
            aboutCommentId: null,
            at,
          },
        },
      ];
    }
    case 'MarkNotificationsRead': {
      const { recipientId, at } = command.data;
      const notificationIds = [...new Set(command.data.notificationIds)].filter((id) => state.unread.has(id));
      return notificationIds.length === 0 ? [] : [{ type: 'NotificationsRead', data: { recipientId, notificationIds, at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'NotificationReceived':
      return {
        received: new Set(state.received).add(event.data.notificationId),
        unread: new Set(state.unread).add(event.data.notificationId),
      };
    case 'NotificationsRead': {
      const unread = new Set(state.unread);
      for (const id of event.data.notificationIds) unread.delete(id);
      return { ...state, unread };
    }
    default:
      return assertNever(event);
  }
}

export const inboxDecider: Decider<InboxCommand, InboxEvent, InboxState> = {
  initialState: initialInboxState,
  decide: decideInbox,
  evolve: evolveInbox,
};
