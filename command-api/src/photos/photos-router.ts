import { createHash } from 'node:crypto';
import { Router, type Response } from 'express';
import {
  PHOTO_FILE_REQUIRED,
  PHOTO_ID_REQUIRED,
  PHOTO_NOT_AN_IMAGE,
  PHOTO_TOO_MANY_PIXELS,
  photoDecider,
  photoFileNames,
  photoIdFor,
  photosStreamName,
  profileImageName,
  type Photo,
  type PhotoChangeAnswer,
  type PhotoCommand,
  type PhotoFile,
  type PhotoState,
  type UploadPhotoAnswer,
} from '@hamlog/domain';
import { NotAPhotoError, processPhoto, TooManyPixelsError } from '@hamlog/infra/images/photo-image';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { CommandDeps } from '../deps';
import { handleCommand, loadStream, type StreamState } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { photoUpload, photoUploadErrors, PhotoUploadError } from './photo-upload';

const apiPhoto = (file: Pick<PhotoFile, 'photoId' | 'fileName' | 'thumbnailName'>, at: string): Photo => ({
  id: file.photoId,
  profile_image_name: file.fileName,
  thumbnail_name: file.thumbnailName,
  created_at: `${at.slice(0, 19)}Z`,
});

function photoIdOf(body: Record<string, unknown>): string {
  const id = body.id;
  const text = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  if (text === '' || text.length > 64) throw new PhotoUploadError(422, PHOTO_ID_REQUIRED);
  return text;
}

/** The image decoder's refusals, in the photos screen's {status: 'error', message} shape. */
function asUploadError(error: unknown): unknown {
  if (error instanceof NotAPhotoError) return new PhotoUploadError(422, PHOTO_NOT_AN_IMAGE);
  if (error instanceof TooManyPixelsError) return new PhotoUploadError(422, PHOTO_TOO_MANY_PIXELS);
  return error;
}

/**
 * The /profile/pictures writes: upload (multipart `image`), delete, make default. Only the
 * caller's own photos: another user's photo id is not found (404), as is one that never existed.
 */
export function photosRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);

  const run = (res: Response, userId: string, command: PhotoCommand, loaded?: StreamState<PhotoState>) =>
    handleCommand(deps.store, photosStreamName(userId), photoDecider, command, commandMetadata(res, userId), loaded ? { loaded } : {});

  /**
   * The photo's id comes from the user and the uploaded bytes, so a resend finds the photo it made
   * (200, nothing written) instead of adding a second one. The stored files are re-encoded from
   * the decoded image (photo-image.ts), named from the id.
   */
  router.post('/vuploadphoto', signedIn, photoUpload, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const upload = req.file;
    if (!upload || upload.size === 0) throw new PhotoUploadError(422, PHOTO_FILE_REQUIRED);
    const photoId = photoIdFor(userId, createHash('sha256').update(upload.buffer).digest('hex'));
    const streamId = photosStreamName(userId);
    const loaded = await loadStream(deps.store, streamId, photoDecider);
    const existing = loaded.state.photos.get(photoId);
    if (existing) {
      const answer: UploadPhotoAnswer = { status: 'ok', photo: apiPhoto(existing, existing.uploadedAt) };
      res.status(200).json(answer);
      return;
    }
    let processed;
    try {
      processed = await processPhoto(upload.buffer);
    } catch (error) {
      throw asUploadError(error);
    }
    const at = now().toISOString();
    const file: PhotoFile = {
      photoId,
      ...photoFileNames(photoId, processed.format),
      format: processed.format,
      bytes: processed.image.length,
      width: processed.width,
      height: processed.height,
    };
    const command: PhotoCommand = { type: 'UploadPhoto', data: { ...file, userId, at } };
    // Decide before storing, so a refused upload (too many photos) leaves no file behind.
    photoDecider.decide(command, loaded.state);
    await Promise.all([deps.files.put(file.fileName, processed.image), deps.files.put(file.thumbnailName, processed.thumbnail)]);
    const handled = await run(res, userId, command, loaded);
    const stored = handled.state.photos.get(photoId);
    const answer: UploadPhotoAnswer = { status: 'ok', photo: apiPhoto(stored ?? file, stored?.uploadedAt ?? at) };
    await answerWithPosition(res, handled.appended, answer, handled.appended ? 201 : 200);
  }));

  /** Deleting a photo deleted before is a retry (200); its files are removed once the deletion is recorded. */
  router.post('/vphotodelete', signedIn, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const photoId = photoIdOf(bodyObject(req));
    const handled = await run(res, userId, { type: 'DeletePhoto', data: { userId, photoId, at: now().toISOString() } });
    for (const event of handled.events) {
      if (event.type !== 'PhotoDeleted') continue;
      await Promise.all([deps.files.delete(event.data.fileName), deps.files.delete(event.data.thumbnailName)]).catch((error: unknown) =>
        deps.logger.warn({ err: error, photoId }, 'photo files not removed'),
      );
    }
    const answer: PhotoChangeAnswer = { status: 'ok', profile_image_name: profileImageName(handled.state) };
    await answerWithPosition(res, handled.appended, answer);
  }));

  router.post('/vphotomakedefault', signedIn, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const photoId = photoIdOf(bodyObject(req));
    const handled = await run(res, userId, { type: 'MakeDefaultPhoto', data: { userId, photoId, at: now().toISOString() } });
    const answer: PhotoChangeAnswer = { status: 'ok', profile_image_name: profileImageName(handled.state) };
    await answerWithPosition(res, handled.appended, answer);
  }));

  router.use(photoUploadErrors);
  return router;
}
