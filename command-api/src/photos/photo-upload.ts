import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { isDomainError, PHOTO_FILE_REQUIRED, PHOTO_TOO_LARGE } from '@hamlog/domain';
import { domainErrorAnswer } from '@hamlog/infra/http/domain-errors';
import { refuseUnstorableBody } from '@hamlog/infra/http/storable-text';
import { inMemoryUploadSlot } from '../http/in-memory-uploads';

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** An upload refused: answered as {status: 'error', message} with its 4xx status. */
export class PhotoUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PhotoUploadError';
  }
}

const parse = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
}).single('image');

const slot = inMemoryUploadSlot((status, message) => new PhotoUploadError(status, message));

/**
 * Reads the multipart field `image` into memory (at most 10 MB: 413 beyond), once the upload has
 * its turn (in-memory-uploads.ts); any other file field is refused.
 */
export function photoUpload(req: Request, res: Response, next: NextFunction): void {
  slot(req, res, (refused?: unknown) => (refused ? next(refused) : parseForm(req, res, next)));
}

function parseForm(req: Request, res: Response, next: NextFunction): void {
  parse(req, res, (error?: unknown) => {
    // Multipart text fields are refused like any other body's (storable-text.ts).
    if (!error) return refuseUnstorableBody(req, res, next);
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new PhotoUploadError(413, PHOTO_TOO_LARGE));
      if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return next(new PhotoUploadError(422, PHOTO_FILE_REQUIRED));
      return next(new PhotoUploadError(400, `The upload could not be read: ${error.message}.`));
    }
    return next(new PhotoUploadError(400, 'The upload could not be read.'));
  });
}

/**
 * Answers a refused upload, and the photo rules' domain errors (status by code, as everywhere), in
 * the shape the photos screen reads. Anything else (e.g. 401) keeps the usual shape.
 */
export function photoUploadErrors(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const answer = error instanceof PhotoUploadError ? error : isDomainError(error) ? domainErrorAnswer(error) : null;
  if (answer) res.status(answer.status).json({ status: 'error', message: answer.message });
  else next(error);
}
