import express, { Router, type NextFunction, type Request, type Response } from 'express';
import {
  ATTACHMENT_EMPTY,
  qsoDecider,
  qsoStreamName,
  QSO_MEDIA_RULES,
  type AttachmentAnswer,
  type QsoCommand,
  type QsoMediaKind,
} from '@hamlog/domain';
import { contentHashName } from '@hamlog/infra/files/content-name';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { handleCommand, loadStream } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';
import { apiKeyUser, type FindUserIdByApiKey } from './api-key';

/** The paths this router serves (the production gateway routes them to command-api). */
export const ATTACHMENT_PATH = /^\/qso\/[^/]+\/(recordings|sstv)$/;

/** The raw body, up to the kind's limit (413 with the kind's own message beyond it). */
function rawBody(kind: QsoMediaKind) {
  const rule = QSO_MEDIA_RULES[kind];
  const read = express.raw({ type: () => true, limit: rule.maxBytes });
  return (req: Request, res: Response, next: NextFunction) =>
    read(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') next(new HttpError(413, rule.tooLarge));
      else next(error);
    });
}

/**
 * POST /api/qso/{qdo_id}/recordings and /sstv with the file itself as the body and the owner's API
 * key (?key= or x-api-key). The type is read from the content; the stored name is the content's
 * hash, so a resend attaches nothing new. Only the QSO's owner may attach; for anyone else the QSO
 * does not exist (404).
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
      const sniffed = rule.sniff(bytes);
      if (!sniffed) throw new HttpError(415, rule.unsupported);

      const fileName = contentHashName(bytes, sniffed.extension);
      const attachment = { qdoId, fileName, contentType: sniffed.contentType, bytes: bytes.length, byUserId: userId };
      const command: QsoCommand = kind === 'recording' ? { type: 'AttachRecording', data: attachment } : { type: 'AttachSstv', data: attachment };
      const streamId = qsoStreamName(qdoId);
      // Decide once before storing, so a refused attach leaves no file behind.
      const loaded = await loadStream(deps.store, streamId, qsoDecider);
      qsoDecider.decide(command, loaded.state);
      await deps.files.put(fileName, bytes);
      const handled = await handleCommand(deps.store, streamId, qsoDecider, command, commandMetadata(res, userId, { stationUserId: userId }), { loaded });
      const answer: AttachmentAnswer = { qdo_id: qdoId, file_name: fileName, content_type: sniffed.contentType, bytes: bytes.length, attached: handled.events.length > 0 };
      await answerWithPosition(res, handled.appended, answer, handled.appended ? 201 : 200);
    });

  router.post('/qso/:qdo_id/recordings', byKey, rawBody('recording'), attach('recording'));
  router.post('/qso/:qdo_id/sstv', byKey, rawBody('sstv'), attach('sstv'));
  return router;
}
