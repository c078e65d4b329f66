import { Router } from 'express';
import { inboxDecider, inboxStreamName, type InboxAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { readYourWrites } from '@hamlog/infra/http/read-your-writes';
import { notificationsOf } from '@hamlog/infra/read-models/notifications/queries';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';

/** How many unread and how many read notifications one answer shows. */
export const INBOX_PAGE = 100;

/**
 * POST /vinbox: the caller's unread notifications and older (read) ones, newest first; the unread
 * ones shown are then marked read. A write (served by command-api): marking is a command on the
 * caller's inbox stream, and a retry marks nothing twice. Only what was shown is marked, so a
 * notification not yet in the read model stays unread for the next look (decision 0015).
 */
export function inboxRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  router.post('/vinbox', authenticate(deps.sessions, true), readYourWrites(deps, ['notifications']), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    const [notifications, OldNotifications] = await Promise.all([
      notificationsOf(deps.pool, userId, 'unread', INBOX_PAGE),
      notificationsOf(deps.pool, userId, 'read', INBOX_PAGE),
    ]);
    const handled =
      notifications.length === 0
        ? null
        : await handleCommand(
            deps.store,
            inboxStreamName(userId),
            inboxDecider,
            { type: 'MarkNotificationsRead', data: { recipientId: userId, notificationIds: notifications.map((n) => n.id), at: now().toISOString() } },
            commandMetadata(res, userId),
          );
    const answer: InboxAnswer = { notifications, OldNotifications };
    await answerWithPosition(res, handled?.appended ?? null, answer);
  }));

  return router;
}
