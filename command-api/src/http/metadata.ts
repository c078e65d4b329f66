import type { Response } from 'express';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';

/**
 * Metadata for the events of this request: who caused them and the request's correlation id. The
 * writer is noted for the answer, whose position that user's next reads then wait for.
 */
export function commandMetadata(res: Response, userId: string, extra: EventMetadata = {}): EventMetadata {
  res.locals.writerId = userId;
  return { userId, correlationId: res.locals.requestId as string, ...extra };
}
