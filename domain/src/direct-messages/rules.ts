/**
 * Direct messages (community spec §5, §6): 5 to 500 characters after trimming, sent by a
 * logged-in subscriber to another user. A message is delivered as a notification of type 100.
 */
import { DomainError } from '../errors';
import * as m from '../messages';
import { sha256Hex } from '../sha256';
import { utcMinuteKey } from '../time';
import type { Validated } from '../user/validation';
import { directMessageLengthError } from './length';

export { DIRECT_MESSAGE_MAX_LENGTH, DIRECT_MESSAGE_MIN_LENGTH, directMessageLength, directMessageLengthError } from './length';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface DirectMessageInput {
  /** Trimmed; stored and answered as plain text, exactly as typed. */
  text: string;
  recipientId: string;
  /** The client's own id for the message, when it sent one. */
  clientMessageId: string | null;
}

export class MessageToSelfError extends DomainError {
  readonly code = 'MESSAGE_TO_SELF';
  override readonly field = 'recipient_id';
  constructor() {
    super(m.MESSAGE_TO_SELF);
  }
}

export class MessagingNotAllowedError extends DomainError {
  readonly code = 'MESSAGING_NOT_ALLOWED';
  constructor() {
    super(m.MESSAGING_UPGRADE_REQUIRED);
  }
}

const idField = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '';

/** Length counts characters (code points), so an emoji is one character, not two. */
export function validateDirectMessage(input: { message?: unknown; recipient_id?: unknown; message_id?: unknown }): Validated<DirectMessageInput> {
  const errors: Record<string, string[]> = {};
  const text = typeof input.message === 'string' ? input.message.trim() : '';
  const lengthError = directMessageLengthError(text);
  if (lengthError !== null) errors.message = [lengthError];
  const recipientId = idField(input.recipient_id);
  if (recipientId === '' || recipientId.length > 64) errors.recipient_id = [m.MESSAGE_RECIPIENT_REQUIRED];
  let clientMessageId: string | null = null;
  if (input.message_id !== undefined && input.message_id !== null && input.message_id !== '') {
    clientMessageId = idField(input.message_id);
    if (!ID.test(clientMessageId)) errors.message_id = [m.MESSAGE_ID_INVALID];
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { text, recipientId, clientMessageId } };
}

/**
 * The message's id, the same for a resend: from the client's id when it sent one, else from the
 * recipient, the text and the UTC minute. Scoped to the sender, so no one can collide with
 * another sender's messages.
 */
export function directMessageId(senderId: string, input: DirectMessageInput, at: Date): string {
  const key = input.clientMessageId !== null ? `id|${input.clientMessageId}` : `text|${input.text}|${utcMinuteKey(at)}`;
  return `dm-${sha256Hex(`${senderId}|${input.recipientId}|${key}`).slice(0, 32)}`;
}
