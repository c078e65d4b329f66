import { Router } from 'express';
import {
  directMessageId,
  inboxDecider,
  inboxStreamName,
  isSubscriptionActive,
  MESSAGE_RECIPIENT_NOT_FOUND,
  MessagingNotAllowedError,
  TOO_MANY_MESSAGES,
  validateDirectMessage,
  type SendMessageAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { limiter } from '../http/limits';
import { commandMetadata } from '../http/metadata';
import { loadMessageSender, userExists } from '../people/user-lookup';

/** Messages one sender may deliver in the window (a subscriber's conversation, not a mailing). */
const MESSAGES_PER_WINDOW = 30;
const WINDOW_MS = 10 * 60_000;

/**
 * POST /vsendmessage {message, recipient_id, message_id?}: a subscriber's message, delivered to
 * the recipient's inbox as a notification of type 100. Retries are safe: the message id is the
 * client's message_id, or derived from the recipient, the text and the UTC minute (rules.ts).
 */
export function messagesRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  // Deliveries per sender in a sliding window: a slot is taken before the append and given back
  // when nothing was delivered (a resend, or a failed write).
  const sent = limiter(deps, { name: 'messages-sender', windows: [{ max: MESSAGES_PER_WINDOW, windowMs: WINDOW_MS }], refusal: TOO_MANY_MESSAGES });

  router.post('/vsendmessage', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const senderId = currentUserId(res);
    const at = now();
    const sender = await loadMessageSender(deps.store, senderId);
    if (!sender || !isSubscriptionActive(sender.subscription, at)) throw new MessagingNotAllowedError();
    const checked = validateDirectMessage(bodyObject(req));
    if (!checked.ok) throw fieldErrors(checked.errors);
    const input = checked.value;
    if (input.recipientId !== senderId && !(await userExists(deps.store, input.recipientId))) throw new HttpError(404, MESSAGE_RECIPIENT_NOT_FOUND);
    const slots = await takeSlots(res, [[sent, senderId]]);

    const messageId = directMessageId(senderId, input, at);
    const handled = await handleCommand(
      deps.store,
      inboxStreamName(input.recipientId),
      inboxDecider,
      {
        type: 'SendDirectMessage',
        data: { messageId, senderId, senderCallsign: sender.callsign, senderSubscription: sender.subscription, recipientId: input.recipientId, text: input.text, at: at.toISOString() },
      },
      commandMetadata(res, senderId),
    ).catch(async (error: unknown) => {
      await slots.giveBack();
      throw error;
    });
    if (!handled.appended) await slots.giveBack();
    const answer: SendMessageAnswer = { status: 'ok', message_id: messageId, duplicate: handled.events.length === 0 };
    await answerWithPosition(res, handled.appended, answer, handled.appended ? 201 : 200);
  }));

  return router;
}
