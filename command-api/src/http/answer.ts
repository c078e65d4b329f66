import type { NextFunction, Request, Response } from 'express';
import { LOG_POSITION_HEADER } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AppendResult } from '@hamlog/infra/ports/event-store';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';

type RememberWrite = (position: number) => Promise<void>;

/**
 * Lets every answer below remember its write for the writer (the user the events' metadata names,
 * else the caller), so that user's next reads wait for it from any client (session or API key),
 * with or without the x-min-position header.
 */
export function rememberWrites(writePositions: WritePositions, logger: Logger) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const remember: RememberWrite = async (position) => {
      const userId = (res.locals.writerId ?? res.locals.userId) as string | undefined;
      if (!userId) return;
      // The write is done whatever happens here; only the writer's next read may then see it late.
      await writePositions.remember(userId, position).catch((err: unknown) => logger.warn({ err, userId }, 'could not remember a write position'));
    };
    res.locals.rememberWrite = remember;
    next();
  };
}

/** Sends a command's answer with the log position it reached, once the writer's next reads will wait for it. */
export async function answerWithPosition(res: Response, appended: AppendResult | null, body: unknown, status = 200): Promise<void> {
  if (appended) {
    res.setHeader(LOG_POSITION_HEADER, String(appended.position));
    await (res.locals.rememberWrite as RememberWrite | undefined)?.(appended.position);
  }
  res.status(status).json(body);
}
