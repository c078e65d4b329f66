import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { POST_BODY_MAX, POST_FILE_NOT_IMAGE, POST_IMAGE_TOO_LARGE } from '@hamlog/domain';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { refuseUnstorableBody } from '@hamlog/infra/http/storable-text';
import { inMemoryUploadSlot } from '../http/in-memory-uploads';
import { PHOTO_MAX_BYTES } from '../photos/photo-upload';

const parse = multer({
  storage: multer.memoryStorage(),
  // A body of 50,000 characters may take 4 bytes each.
  limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 12, fieldSize: POST_BODY_MAX * 4, parts: 14 },
}).single('hero_image');

const slot = inMemoryUploadSlot((status, message) => new HttpError(status, message));

/**
 * Reads the post form (multipart, or JSON without an image): the text fields and at most one file
 * `hero_image` of at most 10 MB, a multipart form once it has its turn (in-memory-uploads.ts).
 * Refusals are field errors under hero_image, like the form shows them.
 */
export function postUpload(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) return next();
  slot(req, res, (refused?: unknown) => (refused ? next(refused) : parseForm(req, res, next)));
}

function parseForm(req: Request, res: Response, next: NextFunction): void {
  parse(req, res, (error?: unknown) => {
    if (!error) return refuseUnstorableBody(req, res, next);
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, POST_IMAGE_TOO_LARGE, { hero_image: [POST_IMAGE_TOO_LARGE] }));
      if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return next(fieldErrors({ hero_image: [POST_FILE_NOT_IMAGE] }));
      return next(new HttpError(400, `The form could not be read: ${error.message}.`));
    }
    return next(new HttpError(400, 'The form could not be read.'));
  });
}
