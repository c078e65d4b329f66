import type { Response } from 'express';
import type { EventMetadata } from '@hamlog/infra/ports/event-store';

/** Metadata for the events of this request: who caused them and the request's correlation id. */
export function commandMetadata(res: Response, userId: string, extra: EventMetadata = {}): EventMetadata {
  return { userId, correlationId: res.locals.requestId as string, ...extra };
}
