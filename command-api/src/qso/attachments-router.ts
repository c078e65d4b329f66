import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { ATTACHMENT_EMPTY, QSO_MEDIA_RULES, type AttachmentAnswer, type QsoMediaKind } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { inMemoryUploadSlot } from '../http/in-memory-uploads';
import { commandMetadata } from '../http/metadata';
import { apiKeyUser, type FindUserIdByApiKey } from './api-key';
import { attachMedia } from './attach-media';

const slot = inMemoryUploadSlot((status, message) => new HttpError(status, message));

/** The raw body, up to the kind's limit (413 with the kind's own message beyond it), once the upload has its turn (in-memory-uploads.ts). */
function rawBody(kind: QsoMediaKind) {
  const rule = QSO_MEDIA_RULES[kind];
  const read = express.raw({ type: () => true, limit: rule.maxBytes });
  return (req: Request, res: Response, next: NextFunction) =>
    slot(req, res, (refused?: unknown) => {
      if (refused) return next(refused);
      read(req, res, (error?: unknown) => {
        if ((error as { type?: string } | undefined)?.type === 'entity.too.large') next(new HttpError(413, rule.tooLarge));
        else next(error);
      });
    });
}

/**
 * POST /api/qso/{qdo_id}/recordings and /sstv with the file itself as the body and the owner's API
 * key (?key= or x-api-key); the use case is attach-media.ts. Only the QSO's owner may attach; for
 * anyone else the QSO does not exist (404).
 */
export function attachmentsRouter(deps: CommandDeps, findUserIdByApiKey: FindUserIdByApiKey): Router {
  const router = Router();
  // The key is checked before the body is read: a stranger cannot make the server take in 20 MB.
  const byKey = (req: Request, res: Response, next: NextFunction) =>
    void apiKeyUser(req, findUserIdByApiKey).then((userId) => {
      res.locals.userId = userId;
      next();
    }, next);

  const attach = (kind: QsoMediaKind) =>
    asyncHandler(async (req, res) => {
      const rule = QSO_MEDIA_RULES[kind];
      const userId = res.locals.userId as string;
      const qdoId = String(req.params.qdo_id);
      // A JSON body was parsed before this router; whatever it was, it is not a media file.
      const bytes: unknown = req.body;
      if (!Buffer.isBuffer(bytes)) throw new HttpError(415, rule.unsupported);
      if (bytes.length === 0) throw new HttpError(422, ATTACHMENT_EMPTY);
      const metadata = commandMetadata(res, userId, { stationUserId: userId });
      const { media, handled } = await attachMedia(deps, { kind, qdoId, userId, bytes }, metadata);
      const answer: AttachmentAnswer = {
        qdo_id: qdoId,
        file_name: media.fileName,
        content_type: media.contentType,
        bytes: media.bytes.length,
        attached: handled.events.length > 0,
      };
      await answerWithPosition(res, handled.appended, answer, handled.appended ? 201 : 200);
    });

  router.post('/qso/:qdo_id/recordings', byKey, rawBody('recording'), attach('recording'));
  router.post('/qso/:qdo_id/sstv', byKey, rawBody('sstv'), attach('sstv'));
  return router;
}
