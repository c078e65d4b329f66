import type { Response } from 'express';
import { LOG_POSITION_HEADER } from '@hamlog/domain';
import type { AppendResult } from '@hamlog/infra/ports/event-store';

/** Sends a command's answer with the log position it reached, for the writer's next read. */
export function answerWithPosition(res: Response, appended: AppendResult | null, body: unknown, status = 200): void {
  if (appended) res.setHeader(LOG_POSITION_HEADER, String(appended.position));
  res.status(status).json(body);
}
