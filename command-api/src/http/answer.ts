import type { NextFunction, Request, Response } from 'express';
import { LOG_POSITION_HEADER } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AppendResult } from '@hamlog/infra/ports/event-store';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import type { WriteActivity } from './write-activity';

/** Where this request's writes are remembered (set by rememberWrites). */
interface WriteMemory {
  positions: WritePositions;
  logger: Logger;
  /** Told of each answered write's writer, after the answer's position is remembered (it must not wait on anything). */
  onWrite?: (userId: string) => void;
}

/** Where clients' writes are counted, and which calls are writes (the paths the production gateway sends to command-api). */
export interface ClientWrites {
  activity: WriteActivity;
  isWritePath: (path: string) => boolean;
}

/**
 * Lets every answer below remember its write for the writer, so that user's next reads wait for
 * it from any client (session or API key), with or without the x-min-position header; and counts
 * each client's write call in `writes` (background imports yield to them).
 */
export function rememberWrites(positions: WritePositions, logger: Logger, writes?: ClientWrites, onWrite?: (userId: string) => void) {
  const memory: WriteMemory = { positions, logger, ...(onWrite ? { onWrite } : {}) };
  return (req: Request, res: Response, next: NextFunction): void => {
    res.locals.writeMemory = memory;
    // Counted on arrival, not on the answer: an import samples the rate right after its chunk, while
    // the writes that arrived meanwhile still wait behind it. Reads sent as POST are not writes, and
    // a call passing several routers' stacks counts once.
    if (writes && req.method !== 'GET' && req.method !== 'HEAD' && res.locals.writeNoted !== true && writes.isWritePath(req.path)) {
      res.locals.writeNoted = true;
      writes.activity.noteWrite();
    }
    next();
  };
}

async function remember(res: Response, userId: string, position: number): Promise<void> {
  const memory = res.locals.writeMemory as WriteMemory | undefined;
  // The write is done whatever happens here; only the writer's next read may then see it late.
  await memory?.positions.remember(userId, position).catch((err: unknown) => memory.logger.warn({ err, userId }, 'could not remember a write position'));
}

/**
 * Sends a command's answer with the log position it reached, once the writer's next reads will
 * wait for it. The writer is the user the events' metadata names (commandMetadata), else the
 * caller: a registration's new user, the API key's user, the session's account (a sub-account's
 * writes are its own).
 */
export async function answerWithPosition(res: Response, appended: AppendResult | null, body: unknown, status = 200): Promise<void> {
  if (appended) {
    res.setHeader(LOG_POSITION_HEADER, String(appended.position));
    const writer = (res.locals.writerId ?? res.locals.userId) as string | undefined;
    if (writer) {
      await remember(res, writer, appended.position);
      (res.locals.writeMemory as WriteMemory | undefined)?.onWrite?.(writer);
    }
  }
  res.status(status).json(body);
}

/**
 * A session handed from one account to another (switching into a sub-account) carries the
 * caller's latest write over: what the main account just wrote for the sub-account (adding it)
 * is there when the sub-account reads.
 */
export async function carryWritesOver(res: Response, fromUserId: string, toUserId: string): Promise<void> {
  const memory = res.locals.writeMemory as WriteMemory | undefined;
  const latest = (await memory?.positions.latest(fromUserId).catch(() => 0)) ?? 0;
  if (latest > 0) await remember(res, toUserId, latest);
}
